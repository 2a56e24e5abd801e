// The script-tag loader's protocol. This file must not import the element: the class is defined only when
// the loader imports the app, as on a real page.
import { expect, waitUntil } from '@open-wc/testing';
import { mountWidget, QUEUED_METHODS } from '../../../src/widget/loader.js';
import { createFakeService } from './fake-service.js';

function loaderScript(data: Record<string, string>): HTMLScriptElement {
  const script = document.createElement('script');
  for (const [key, value] of Object.entries(data)) script.dataset[key] = value;
  return script;
}

describe('script-tag loader', () => {
  it('mounts a launcher from data attributes, queues calls, loads on intent and hands over', async () => {
    expect(customElements.get('chatbot-widget')).to.equal(undefined);
    const service = createFakeService({ bot: { bot_name: 'Loaded bot' } });
    const handle = mountWidget(
      loaderScript({ botId: 'loader-bot', baseUrl: 'https://service.test', lang: 'fr', theme: 'dark', storage: 'none', appSrc: '/src/embed-app.ts' }),
    );
    const el = handle.element as HTMLElement & Record<string, unknown>;
    expect(el.parentElement).to.equal(document.body);
    expect(el.localName).to.equal('chatbot-widget');
    expect(el.getAttribute('bot-id')).to.equal('loader-bot');
    expect(el.getAttribute('base-url')).to.equal('https://service.test');
    expect(el.getAttribute('theme')).to.equal('dark');
    expect(el.getAttribute('lang')).to.equal('fr');
    expect(el.getAttribute('storage')).to.equal('none');
    // The launcher is drawn before the widget loads: a labelled button styled by a constructed stylesheet.
    const root = el.shadowRoot!;
    const button = root.querySelector<HTMLButtonElement>('button.launcher')!;
    expect(button.getAttribute('aria-label')).to.equal('Ouvrir la discussion');
    expect(root.adoptedStyleSheets).to.have.length(1);
    expect(root.querySelectorAll('style, [style]')).to.have.length(0);
    expect(getComputedStyle(button).position).to.equal('fixed');
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(29, 78, 216)');
    for (const method of QUEUED_METHODS) expect(el[method]).to.be.a('function');
    expect(customElements.get('chatbot-widget')).to.equal(undefined);

    // Properties set before the upgrade are kept by the element.
    el['fetch'] = service.fetch;
    button.focus();
    button.click();
    (el['send'] as (text: string) => void)('Asked before the widget loaded');
    expect(el['__chatbotQueue']).to.deep.equal([
      ['open', []],
      ['send', ['Asked before the widget loaded']],
    ]);
    expect(button.getAttribute('aria-busy')).to.equal('true');

    await handle.load();
    await customElements.whenDefined('chatbot-widget');
    const widget = document.querySelector('chatbot-widget')!;
    expect(widget).to.equal(el);
    await widget.updateComplete;
    for (const method of QUEUED_METHODS) expect(Object.prototype.hasOwnProperty.call(el, method), method).to.equal(false);
    expect('__chatbotQueue' in el).to.equal(false);
    expect(widget.opened).to.equal(true);
    await waitUntil(() => service.streamBodies.length === 1, 'the queued question was not sent');
    expect(service.streamBodies[0]!['message']).to.equal('Asked before the widget loaded');
    // The loader's launcher was replaced by the widget's own, in the same shadow root.
    expect(widget.shadowRoot).to.equal(root);
    expect(root.querySelectorAll('[part="launcher"]')).to.have.length(1);
    expect(root.contains(button)).to.equal(false);
    await waitUntil(() => root.querySelector('[part="panel"]:not([hidden]) .message.bot[aria-busy="false"]'));
    expect(root.querySelector('h2')!.textContent).to.equal('Loaded bot');
    widget.remove();
  });

  it('mounts directly once the element is defined, inline into a target', async () => {
    const target = document.createElement('div');
    target.id = 'chat-slot';
    document.body.append(target);
    const handle = mountWidget(loaderScript({ botId: 'inline-bot', baseUrl: 'https://service.test', target: '#chat-slot', appSrc: '/src/embed-app.ts' }));
    expect(handle.element.parentElement).to.equal(target);
    expect(handle.element.getAttribute('mode')).to.equal('inline');
    await handle.load();
    target.remove();
  });
});
