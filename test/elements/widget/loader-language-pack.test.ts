// Languages the widget does not ship, supplied by a page from the script tag as a JSON language pack. This
// file must not import the element: the loader defines it, as on a real page.
import { expect, waitUntil } from '@open-wc/testing';
import { mountWidget } from '../../../src/widget/loader.js';
import { byPart, byRole, queryByPart } from '../queries.js';
import { createFakeService } from './fake-service.js';

const HEBREW = {
  lang: 'he',
  dir: 'rtl',
  title: 'צ׳אט',
  greeting: 'שלום! אני {name}. איך אפשר לעזור?',
  messageLabel: 'הודעה',
  placeholder: 'כתבו שאלה…',
  send: 'שליחה',
  closeChat: 'סגירת הצ׳אט',
  leadMissing: { one: 'נא למלא שדה חובה אחד.', two: 'נא למלא שני שדות חובה.', other: 'נא למלא {count} שדות חובה.' },
};

const PORTUGUESE = {
  lang: 'pt-BR',
  title: 'Chat',
  greeting: 'Olá! Eu sou {name}. Como posso ajudar?',
  messageLabel: 'Mensagem',
  placeholder: 'Escreva sua pergunta…',
  send: 'Enviar',
  leadMissing: { one: 'Preencha {count} campo obrigatório.', other: 'Preencha {count} campos obrigatórios.' },
};

/** Mounts the widget as a page does: a JSON pack in the page, and the script tag naming it. */
async function mountWithPack(id: string, pack: object, lang: string) {
  const json = document.createElement('script');
  json.type = 'application/json';
  json.id = id;
  json.textContent = JSON.stringify(pack);
  document.body.append(json);
  const target = document.createElement('div');
  target.id = `${id}-target`;
  target.style.height = '560px';
  document.body.append(target);
  const script = document.createElement('script');
  Object.assign(script.dataset, {
    botId: `${id}-bot`,
    baseUrl: 'https://service.test',
    lang,
    languagePack: id,
    target: `#${target.id}`,
    storage: 'none',
    appSrc: '/src/embed-app.ts',
  });
  const service = createFakeService({ bot: { bot_name: 'Helper', bot_language: 'en' } });
  const handle = mountWidget(script);
  const el = handle.element as HTMLElement & { fetch?: typeof fetch; updateComplete?: Promise<boolean> };
  el.fetch = service.fetch;
  await handle.load();
  // Ready once the pack is in: the chat is drawn in its language, with no loading notice.
  await waitUntil(() => el.shadowRoot && queryByPart(el.shadowRoot, 'input') && !queryByPart(el.shadowRoot, 'notice'), 'the widget did not become ready');
  await el.updateComplete;
  return { el, cleanup: () => [json, target].forEach((node) => node.remove()) };
}

/** Korean, whose clock puts the day period first (`오후 3:05`): a clock the widget's own languages do not have. */
const KOREAN = { lang: 'ko', send: '보내기' };

describe('a language pack supplied from the script tag', () => {
  it('speaks Hebrew, right to left, with Hebrew set on the panel', async () => {
    const { el, cleanup } = await mountWithPack('chatbot-pack-he', HEBREW, 'he');
    try {
      expect(el.getAttribute('language-pack')).to.equal('chatbot-pack-he');
      const panel = byPart(el.shadowRoot!, 'panel');
      expect(panel.getAttribute('lang')).to.equal('he');
      expect(panel.getAttribute('dir')).to.equal('rtl');
      expect(getComputedStyle(panel).direction).to.equal('rtl');
      expect(byPart<HTMLTextAreaElement>(el.shadowRoot!, 'input').getAttribute('aria-label')).to.equal('הודעה');
      expect(byRole(el.shadowRoot!, 'button', { name: 'שליחה' })).to.exist;
      expect(byPart(el.shadowRoot!, 'thread').textContent).to.contain('שלום! אני Helper. איך אפשר לעזור?');
      await expect(el).to.be.accessible();
    } finally {
      cleanup();
    }
  });

  it('speaks Portuguese, left to right, with Brazilian Portuguese set on the panel', async () => {
    const { el, cleanup } = await mountWithPack('chatbot-pack-pt', PORTUGUESE, 'pt-BR');
    try {
      const panel = byPart(el.shadowRoot!, 'panel');
      expect(panel.getAttribute('lang')).to.equal('pt-BR');
      expect(panel.getAttribute('dir')).to.equal('ltr');
      expect(byPart(el.shadowRoot!, 'thread').textContent).to.contain('Olá! Eu sou Helper. Como posso ajudar?');
      await expect(el).to.be.accessible();
    } finally {
      cleanup();
    }
  });

  it("writes the messages' times as the browser writes them in the pack's language", async () => {
    const { el, cleanup } = await mountWithPack('chatbot-pack-ko', KOREAN, 'ko');
    try {
      (el as HTMLElement & { send(text: string): boolean }).send('안녕하세요');
      const times = () => [...el.shadowRoot!.querySelectorAll('time')];
      await waitUntil(() => times().length === 2, 'the question and its answer were not drawn with their times');
      const format = new Intl.DateTimeFormat('ko', { hour: 'numeric', minute: '2-digit' });
      for (const time of times()) expect(time.textContent).to.equal(format.format(new Date(time.dateTime)));
      expect(times()[0]!.textContent).to.match(/^오[전후] \d{1,2}:\d\d$/);
    } finally {
      cleanup();
    }
  });
});
