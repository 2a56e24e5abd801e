import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { ask, byPart, mountWidget, part, parts, settled } from './widget-helpers.js';

declare global {
  interface Window {
    __pwned?: number;
  }
}

/** Answer texts that try to run script or inject markup. */
const HOSTILE_ANSWERS = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  '<svg onload="window.__pwned = 1"><circle r="5"/></svg>',
  '<iframe src="javascript:window.__pwned = 1"></iframe>',
  '<a href="javascript:window.__pwned = 1">raw html link</a>',
  '<style>* { display: none !important }</style><link rel="stylesheet" href="https://evil.example/x.css">',
  '[plain](javascript:window.__pwned=1)',
  '[mixed case](JaVaScRiPt:window.__pwned=1)',
  '[spaces]( javascript:window.__pwned=1 )',
  '[tab](java\tscript:window.__pwned=1)',
  '[entity](jav&#x61;script:window.__pwned=1)',
  '[encoded](javascript%3Awindow.__pwned=1)',
  '[data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+)',
  '[vb](vbscript:msgbox(1))',
  '[angle](<javascript:window.__pwned=1>)',
  '<javascript:window.__pwned=1>',
  '[title](https://ok.example "a\\" onmouseover=\\"window.__pwned=1")',
  "[title2](https://ok.example 'x\\' onclick=\\'window.__pwned=1')",
  '![image](https://ok.example/x.png" onerror="window.__pwned=1)',
  '`<img src=x onerror=window.__pwned=1>`',
  '```html\n</code></pre><script>window.__pwned = 1</script>\n```',
  '| <b>bold</b> | <script>window.__pwned = 1</script> |\n|---|---|\n| <img src=x onerror=window.__pwned=1> | [x](javascript:window.__pwned=1) |',
  '**<u onmouseover="window.__pwned=1">strong</u>** *<marquee>em</marquee>*',
  '> <object data="javascript:window.__pwned=1"></object>',
  '- <embed src="javascript:window.__pwned=1">\n- <form action="javascript:window.__pwned=1"><button>go</button></form>',
];

/** Elements the widget's own templates use; nothing else may ever appear. */
const ALLOWED_TAGS = new Set(
  'div span p strong em del code pre a ul ol li blockquote hr table thead tbody tr th td br button svg path h2 h3 time form textarea label input'.split(' '),
);

/**
 * Resolves once this page has failed to load `x`, the image most payloads point at: an injected `onerror`
 * would have run by then, since the browser fails that one request for every image that asks for it.
 */
async function afterInjectedHandlersCouldRun(): Promise<void> {
  const probe = new Image();
  const failed = oneEvent(probe, 'error');
  probe.src = 'x';
  await failed;
}

function assertClean(root: ShadowRoot): void {
  for (const element of root.querySelectorAll('*')) {
    const tag = element.localName;
    expect(ALLOWED_TAGS.has(tag), `unexpected <${tag}>`).to.equal(true);
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on'), `event handler attribute ${attribute.name} on <${tag}>`).to.equal(false);
    }
    if (tag === 'svg') expect(element.getAttribute('aria-hidden'), 'only the icons are svg').to.equal('true');
    if (tag === 'a') expect(['http:', 'https:', 'mailto:']).to.include(new URL((element as HTMLAnchorElement).href).protocol);
    if (tag === 'button' || tag === 'form' || tag === 'input') {
      expect(element.closest('[part~="bubble"]') === null || element.closest('[part~="code-block"]') !== null, `<${tag}> inside an answer`).to.equal(true);
    }
  }
}

describe('<chatbot-widget> safety', () => {
  beforeEach(() => {
    delete window.__pwned;
  });

  it('renders a hostile corpus of answers as inert text', async () => {
    const { el, service } = await mountWidget();
    const corpus = HOSTILE_ANSWERS.join('\n\n');
    service.queueAnswer(corpus, [], { chunkSize: 7 });
    await ask(el, 'Show me everything');
    await settled(el);
    await afterInjectedHandlersCouldRun();
    expect(window.__pwned).to.equal(undefined);
    assertClean(el.shadowRoot!);
    const answer = byPart(part(el, 'bot-message'), 'bubble');
    expect(answer.textContent).to.contain('<script>window.__pwned = 1</script>');
    expect(answer.textContent).to.contain('<img src=x onerror="window.__pwned = 1">');
    const live = [...answer.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    // Only the two well-formed https links and bare https URLs in the text became links.
    expect(live.filter((href) => href === 'https://ok.example/')).to.have.length(2);
    expect(live.every((href) => /^https:\/\/(ok|evil)\.example\//.test(href ?? ''))).to.equal(true);
    // Link titles are tooltips set through an attribute binding: the quotes in them stay text.
    const titles = [...answer.querySelectorAll('a')].map((link) => link.getAttribute('title'));
    expect(titles).to.include('a" onmouseover="window.__pwned=1');
    expect(titles).to.include("x' onclick='window.__pwned=1");
    for (const link of answer.querySelectorAll('a')) {
      expect(link.getAttributeNames().filter((name) => name.startsWith('on'))).to.deep.equal([]);
    }
  });

  it('renders each hostile answer inert on its own, also while streaming', async () => {
    const { el, service } = await mountWidget();
    for (const hostile of HOSTILE_ANSWERS) {
      service.queueAnswer(hostile, [], { chunkSize: 3 });
      await ask(el, 'next');
      await settled(el);
      assertClean(el.shadowRoot!);
    }
    await afterInjectedHandlersCouldRun();
    expect(window.__pwned).to.equal(undefined);
  });

  it('shows markup in a bot name and in suggestions as text', async () => {
    const hostileName = '<img src=x onerror="window.__pwned=1"><b>Bot</b>';
    const { el, service } = await mountWidget({ bot: { bot_name: hostileName, custom_error_message: '<script>window.__pwned=1</script>' } });
    service.queueAnswer('Hi', ['<img src=x onerror="window.__pwned=1">', '<a href="javascript:window.__pwned=1">go</a>']);
    await ask(el, 'hi');
    await settled(el);
    await waitUntil(() => parts(el, 'suggestion').length === 2);
    expect(parts(el, 'title')[0]!.textContent).to.equal(hostileName);
    expect(parts(el, 'suggestion')[0]!.textContent).to.equal('<img src=x onerror="window.__pwned=1">');
    service.queue({ kind: 'response', response: () => new Response('{"message":"boom"}', { status: 500 }) });
    await ask(el, 'fail');
    await settled(el);
    expect(parts(el, 'error')[0]!.textContent).to.contain('<script>window.__pwned=1</script>');
    await afterInjectedHandlersCouldRun();
    expect(window.__pwned).to.equal(undefined);
    assertClean(el.shadowRoot!);
  });
});
