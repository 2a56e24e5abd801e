import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { clockTime } from '../../../src/i18n/clock.js';
import en from '../../../src/i18n/en.js';
import { LANGUAGES, OPEN_CHAT_LABELS, loadStrings, matchLanguage, resolveLanguage } from '../../../src/i18n/index.js';
import { LEAD_STRINGS } from '../../../src/i18n/lead-form.js';
import { THEME_TOKENS } from '../../../src/themes/tokens.js';
import { allByRole, ask, byPart, greeting, mountWidget, part, parts, settled } from './widget-helpers.js';

describe('<chatbot-widget> languages', () => {
  it('has every string in every pack, with working plural entries', async () => {
    for (const language of LANGUAGES) {
      const pack = await loadStrings(language);
      expect(pack.lang, language).to.equal(language);
      expect(pack.dir).to.equal(language === 'ar' ? 'rtl' : 'ltr');
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        const value = pack[key];
        expect(typeof value, `${language}.${key}`).to.equal(typeof en[key]);
        if (typeof value === 'string') expect(value.trim(), `${language}.${key}`).to.not.equal('');
      }
      const lead = LEAD_STRINGS[language];
      for (const key of Object.keys(LEAD_STRINGS.en) as (keyof typeof lead)[]) {
        expect(typeof lead[key], `${language}.${key}`).to.equal(typeof LEAD_STRINGS.en[key]);
        if (typeof lead[key] === 'string') expect(lead[key].trim(), `${language}.${key}`).to.not.equal('');
      }
      for (const count of [1, 2, 3, 11, 100]) expect(lead.leadMissing(count)).to.be.a('string').and.not.equal('');
      expect(pack.greeting('Ada')).to.contain('Ada');
      expect(pack.openChat, `${language}: the loader's launcher label`).to.equal(OPEN_CHAT_LABELS[LANGUAGES.indexOf(language)]);
    }
    expect(new Set([1, 2, 3, 11, 100].map((count) => LEAD_STRINGS.ar.leadMissing(count))).size).to.equal(5);
  });

  it('matches tags and language names', () => {
    expect(matchLanguage('vi-VN')).to.equal('vi');
    expect(matchLanguage('Japanese')).to.equal('ja');
    expect(matchLanguage('Tiếng Việt')).to.equal('vi');
    expect(matchLanguage('pt-BR')).to.equal(undefined);
    expect(resolveLanguage({ override: 'fr', botLanguage: 'vi', preferred: ['de'] })).to.equal('fr');
    expect(resolveLanguage({ override: '', botLanguage: 'vi', preferred: ['de'] })).to.equal('vi');
    expect(resolveLanguage({ botLanguage: 'klingon', preferred: ['pt-BR', 'es-MX'] })).to.equal('es');
    expect(resolveLanguage({})).to.equal('en');
  });

  it("writes a message's time as the browser's Intl writes it in every language, for every minute of a day", () => {
    for (const language of LANGUAGES) {
      const intl = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' });
      const differences: string[] = [];
      for (let minute = 0; minute < 24 * 60; minute++) {
        const at = new Date(2025, 0, 15, 0, minute);
        if (clockTime(at, language) !== intl.format(at)) differences.push(`${clockTime(at, language)} ≠ ${intl.format(at)}`);
      }
      expect(differences, language).to.deep.equal([]);
    }
  });

  it("speaks the bot's language", async () => {
    const { el } = await mountWidget({ lang: '', bot: { bot_language: 'vi' } });
    await waitUntil(() => part<HTMLTextAreaElement>(el, 'input').placeholder === 'Đặt câu hỏi…');
    expect(part(el, 'panel').getAttribute('lang')).to.equal('vi');
  });

  it('lets the element lang attribute win over the bot language', async () => {
    const { el } = await mountWidget({ lang: 'ja', bot: { bot_language: 'vi' } });
    await waitUntil(() => part<HTMLTextAreaElement>(el, 'input').placeholder === '質問を入力…');
    el.setAttribute('lang', 'de');
    await waitUntil(() => part<HTMLTextAreaElement>(el, 'input').placeholder === 'Stellen Sie eine Frage…');
  });

  it('falls back to the visitor language, then English', async () => {
    const descriptor = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages')!;
    Object.defineProperty(Navigator.prototype, 'languages', { configurable: true, get: () => ['fr-CA', 'en'] });
    try {
      const { el } = await mountWidget({ lang: '', bot: { bot_language: '' } });
      await waitUntil(() => part<HTMLTextAreaElement>(el, 'input').placeholder === 'Posez une question…');
    } finally {
      Object.defineProperty(Navigator.prototype, 'languages', descriptor);
    }
  });

  it('takes string overrides from the host page, including for parameterised entries', async () => {
    const { el } = await mountWidget();
    el.strings = { placeholder: 'Ask ACME anything', greeting: 'Welcome to ACME support!', send: 42 as unknown as string };
    await el.updateComplete;
    expect(part<HTMLTextAreaElement>(el, 'input').placeholder).to.equal('Ask ACME anything');
    expect(greeting(el)!.textContent).to.equal('Welcome to ACME support!');
    expect(part(el, 'send-button').getAttribute('aria-label')).to.equal('Send');
  });

  it('lays out right to left in Arabic, mirroring the suggestion arrow keys', async () => {
    const { el, service } = await mountWidget({ lang: 'ar' });
    expect(part(el, 'panel').getAttribute('dir')).to.equal('rtl');
    service.queueAnswer('مرحبا', ['أ', 'ب', 'ج']);
    await ask(el, 'سؤال');
    await settled(el);
    const user = part(el, 'user-message').getBoundingClientRect();
    const bot = part(el, 'bot-message').getBoundingClientRect();
    expect(user.left).to.be.below(bot.left);
    const chips = parts<HTMLButtonElement>(el, 'suggestion');
    expect(chips[1]!.getBoundingClientRect().right).to.be.at.most(chips[0]!.getBoundingClientRect().left);
    chips[0]!.focus();
    await sendKeys({ press: 'ArrowLeft' });
    expect(el.shadowRoot!.activeElement).to.equal(chips[1]);
    await sendKeys({ press: 'ArrowRight' });
    expect(el.shadowRoot!.activeElement).to.equal(chips[0]);
  });

  it('gives each message the direction of its own text', async () => {
    const { el, service } = await mountWidget({ lang: 'ar' });
    service.queueAnswer('Plans start at $9.', ['Is the widget free?', 'هل هو مجاني؟']);
    await ask(el, 'How much is it?');
    await settled(el);
    expect(getComputedStyle(byPart(part(el, 'user-message'), 'bubble')).direction).to.equal('ltr');
    expect(getComputedStyle(byPart(part(el, 'bot-message'), 'bubble')).direction).to.equal('ltr');
    const chips = parts(el, 'suggestion').map((chip) => getComputedStyle(chip).direction);
    expect(chips).to.deep.equal(['ltr', 'rtl']);
    await ask(el, 'كم السعر؟');
    await settled(el);
    expect(getComputedStyle(byPart(parts(el, 'user-message')[1]!, 'bubble')).direction).to.equal('rtl');
  });

  it('points the send arrow the way Arabic is read', async () => {
    const arrowScale = async (lang: string) => {
      const { el } = await mountWidget({ lang });
      return getComputedStyle(part(el, 'send-button').querySelector('svg')!).scale;
    };
    expect(await arrowScale('ar')).to.equal('-1 1');
    expect(await arrowScale('en')).to.equal('none');
  });

  it('puts the launcher in the left corner in Arabic', async () => {
    const { el } = await mountWidget({ lang: 'ar', mode: 'launcher' });
    const button = part(el, 'launcher').getBoundingClientRect();
    expect(button.left).to.equal(20);
  });
});

describe('<chatbot-widget> theming', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
  });

  it('reads every public token through its private copy', async () => {
    const { el } = await mountWidget();
    const host = getComputedStyle(el);
    for (const token of THEME_TOKENS) {
      expect(host.getPropertyValue(`--_${token.name}`).trim(), token.name).to.not.equal('');
    }
    el.style.setProperty('--chatbot-accent', 'rgb(1, 2, 3)');
    el.style.setProperty('--chatbot-font-size', '20px');
    await ask(el, 'Hi');
    await settled(el);
    expect(getComputedStyle(byPart(part(el, 'user-message'), 'bubble')).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(allByRole(byPart(part(el, 'bot-message'), 'bubble'), 'paragraph')[0]!).fontSize).to.equal('20px');
  });

  it('follows the system colour scheme in auto, and obeys light and dark', async () => {
    const { el } = await mountWidget();
    const background = () => getComputedStyle(part(el, 'panel')).backgroundColor;
    expect(el.theme).to.equal('auto');
    expect(background()).to.equal('rgb(255, 255, 255)');
    await emulateMedia({ colorScheme: 'dark' });
    expect(background()).to.equal('rgb(17, 24, 39)');
    el.theme = 'light';
    await el.updateComplete;
    expect(background()).to.equal('rgb(255, 255, 255)');
    await emulateMedia({ colorScheme: 'light' });
    el.theme = 'dark';
    await el.updateComplete;
    expect(background()).to.equal('rgb(17, 24, 39)');
  });

  it('is styled through ::part() from the page', async () => {
    const style = document.createElement('style');
    style.textContent = 'chatbot-widget::part(header) { background: rgb(9, 8, 7); } chatbot-widget::part(suggestion) { border-radius: 3px; }';
    document.head.append(style);
    try {
      const { el } = await mountWidget();
      expect(getComputedStyle(part(el, 'header')).backgroundColor).to.equal('rgb(9, 8, 7)');
    } finally {
      style.remove();
    }
  });
});

describe('<chatbot-widget> isolation from the page', () => {
  const HOSTILE_PAGE_CSS = `
    html { font-size: 5px; }
    * { margin: 40px !important; padding: 30px; color: rgb(255, 0, 0); font-size: 40px; line-height: 4;
        letter-spacing: 6px; text-transform: uppercase; box-sizing: content-box; font-family: serif; }
    *, ::before, ::after { border: 0 solid; }
    button, textarea { display: none !important; }
    div { display: inline; }
    body { text-align: right; white-space: pre; word-spacing: 20px; }
  `;

  it('keeps its own look under hostile page styles, and leaks none out', async () => {
    const { el: control } = await mountWidget();
    const measure = (widget: HTMLElement) => {
      const root = widget.shadowRoot!;
      const send = root.querySelector('[part="send-button"]')!;
      const field = root.querySelector('[part~="input"]')!;
      const style = getComputedStyle(field);
      return {
        send: getComputedStyle(send).display,
        sendWidth: send.getBoundingClientRect().width,
        fieldFont: `${style.fontSize} ${style.letterSpacing} ${style.textTransform} ${style.color}`,
        greeting: getComputedStyle(allByRole(root.querySelector('[part~="thread"]')!, 'paragraph')[0]!).textAlign,
      };
    };
    const expected = measure(control);
    const style = document.createElement('style');
    style.textContent = HOSTILE_PAGE_CSS;
    document.head.append(style);
    try {
      const { el } = await mountWidget();
      // Only letter spacing set on the element itself passes: that is how text-spacing tools reach the
      // widget (WCAG 1.4.12, docs/theming.md); size, case, colour and layout stay the widget's own.
      expect(expected.fieldFont).to.contain(' normal ');
      expect(measure(el)).to.deep.equal({ ...expected, fieldFont: expected.fieldFont.replace(' normal ', ' 6px ') });
      const neighbour = await fixture<HTMLParagraphElement>(html`<p>page text</p>`);
      expect(getComputedStyle(neighbour).color).to.equal('rgb(255, 0, 0)');
      expect(getComputedStyle(neighbour).fontFamily).to.equal('serif');
    } finally {
      style.remove();
    }
  });
});
