// The checks of the manual accessibility audit (WCAG 2.2 AA beyond what axe finds): keyboard focus, the
// launcher, narrow screens, forced colours, unread answers and the language of parts.
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { ChatbotWidget } from '../../../src/chatbot-widget.js';
import { effectiveBackground } from '../contrast.js';
import { accessibleNode, emulateForcedColors, setDefaultFontSize } from '../devtools.js';
import { ask, byPart, lastAnswerText, mountWidget, part, parts, settled } from './widget-helpers.js';

/** Shift+Tab, as a keyboard does it. */
async function shiftTab(): Promise<void> {
  await sendKeys({ down: 'Shift' });
  await sendKeys({ press: 'Tab' });
  await sendKeys({ up: 'Shift' });
}

/**
 * Where keyboard focus is, said as the part name of the focused element in the widget, or the tag name of the
 * focused element of the page (`body` when focus is lost). A string, so a failure prints short.
 */
function focusedPart(el: ChatbotWidget): string {
  if (document.activeElement !== el) return document.activeElement?.localName ?? 'none';
  const inside = el.shadowRoot!.activeElement;
  return inside?.getAttribute('part') ?? inside?.localName ?? 'host';
}

describe('<chatbot-widget> focus (audit)', () => {
  it('keeps focus in the message field after Stop is pressed with the keyboard', async () => {
    const { el, service } = await mountWidget();
    const stream = service.queueManual();
    await ask(el, 'Hi');
    stream.push('*Answer:* Some');
    await waitUntil(() => lastAnswerText(el) === 'Some');
    // Past the microphone (Chromium has speech recognition) to Stop.
    await sendKeys({ press: 'Tab' });
    expect(focusedPart(el)).to.equal('voice-button');
    await sendKeys({ press: 'Tab' });
    expect(focusedPart(el)).to.equal('stop-button');
    await sendKeys({ press: 'Enter' });
    await settled(el);
    expect(part<HTMLButtonElement>(el, 'send-button').disabled).to.equal(true);
    expect(focusedPart(el)).to.equal('input');
  });

  it('keeps focus in the message field when the answer ends while focus is on Stop', async () => {
    const { el, service } = await mountWidget();
    const stream = service.queueManual();
    await ask(el, 'Hi');
    stream.push('*Answer:* Some');
    await waitUntil(() => lastAnswerText(el) === 'Some');
    // Past the microphone (Chromium has speech recognition) to Stop.
    await sendKeys({ press: 'Tab' });
    expect(focusedPart(el)).to.equal('voice-button');
    await sendKeys({ press: 'Tab' });
    expect(focusedPart(el)).to.equal('stop-button');
    stream.push(' more');
    stream.close();
    await settled(el);
    expect(focusedPart(el)).to.equal('input');
  });
});

describe('<chatbot-widget> launcher (audit)', () => {
  it('closes on Escape pressed on the launcher, keeping focus there', async () => {
    const { el } = await mountWidget({ mode: 'launcher' });
    const launcher = part<HTMLButtonElement>(el, 'launcher');
    launcher.click();
    await el.updateComplete;
    launcher.focus();
    expect(launcher.getAttribute('aria-label')).to.equal('Close chat');
    let closeEvents = 0;
    el.addEventListener('chatbot-close', () => closeEvents++);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.opened).to.equal(false);
    expect(closeEvents).to.equal(1);
    expect(part(el, 'panel').hidden).to.equal(true);
    expect(launcher.getAttribute('aria-label')).to.equal('Open chat');
    expect(focusedPart(el)).to.equal('launcher');
  });
});

/** The lines the text of a node is laid out on: more than one for a single word means it was broken mid-word. */
function lineBoxes(node: Node): number {
  const range = document.createRange();
  range.selectNodeContents(node);
  return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
}

describe('<chatbot-widget> at 320 px (audit)', () => {
  afterEach(async () => {
    await setViewport({ width: 800, height: 600 });
  });

  it('wraps a chip of one long word inside the panel, and scrolls a table rather than break its words', async () => {
    await setViewport({ width: 320, height: 640 });
    const { el, service } = await mountWidget({ mode: 'launcher' });
    const longWord = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(2);
    service.queueAnswer(
      '| Term | Field | Kind | Note |\n|---|---|---|---|\n| Internationalisation | Telecommunications | Counterrevolutionaries | Incomprehensibilities |',
      [longWord],
    );
    await ask(el, 'Long words?');
    await settled(el);
    await waitUntil(() => parts(el, 'suggestion').length === 1);
    // Tables are imported the first time an answer has a pipe in it, and the answer is drawn again.
    await waitUntil(() => el.shadowRoot!.querySelector('table'));
    const panel = part(el, 'panel').getBoundingClientRect();
    expect(panel.width).to.equal(320);
    const chip = parts(el, 'suggestion')[0]!.getBoundingClientRect();
    expect(chip.left).to.be.at.least(panel.left);
    expect(chip.right).to.be.at.most(panel.right);
    const table = el.shadowRoot!.querySelector('table')!;
    const wrap = table.parentElement!;
    expect(wrap.scrollWidth).to.be.greaterThan(wrap.clientWidth);
    expect(wrap.getBoundingClientRect().right).to.be.at.most(panel.right);
    const cells = [...table.querySelectorAll('th, td')];
    expect(cells.map((cell) => lineBoxes(cell))).to.deep.equal(cells.map(() => 1));
  });
});

/** What a box looks like apart from where it is: its fill, text colour and border. */
function look(element: Element): string {
  const style = getComputedStyle(element);
  const border = style.borderTopStyle === 'none' || style.borderTopWidth === '0px' ? 'no border' : `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`;
  return `fill ${style.backgroundColor}, text ${style.color}, ${border}`;
}

/** Whether a box shows its edge: a visible border, or a fill that differs from what is behind it. */
function showsEdge(element: Element): boolean {
  const style = getComputedStyle(element);
  const border = style.borderTopStyle !== 'none' && parseFloat(style.borderTopWidth) >= 1 && !/rgba\([^)]*, 0\)|transparent/.test(style.borderTopColor);
  const behind = effectiveBackground(element.parentElement ?? (element.getRootNode() as ShadowRoot).host);
  return border || (style.backgroundColor !== behind && !/rgba\([^)]*, 0\)/.test(style.backgroundColor));
}

describe('<chatbot-widget> in forced colours (audit)', () => {
  afterEach(async () => {
    await emulateForcedColors(false);
  });

  it('draws a border around the launcher and the Send and Stop button', async () => {
    await emulateForcedColors(true);
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    const { el, service } = await mountWidget({ mode: 'launcher' });
    const launcher = part(el, 'launcher');
    expect(look(launcher)).to.not.contain('no border');
    expect(showsEdge(launcher)).to.equal(true);
    const stream = service.queueManual();
    await ask(el, 'Hi');
    expect(look(part(el, 'stop-button'))).to.not.contain('no border');
    stream.close();
    await settled(el);
    expect(look(part(el, 'send-button'))).to.not.contain('no border');
  });

  it("tells the visitor's bubbles from the bot's by more than their place", async () => {
    await emulateForcedColors(true);
    const { el, service } = await mountWidget();
    service.queueAnswer('Hello there');
    await ask(el, 'Hi');
    await settled(el);
    const visitor = byPart(parts(el, 'user-message')[0]!, 'bubble');
    const bot = byPart(parts(el, 'bot-message')[0]!, 'bubble');
    expect(showsEdge(visitor)).to.equal(true);
    expect(showsEdge(bot)).to.equal(true);
    expect(look(visitor)).to.not.equal(look(bot));
  });
});

describe('<chatbot-widget> unread answers (audit)', () => {
  /** The text of the polite live region the widget announces into. */
  const announced = (el: ChatbotWidget) => el.shadowRoot!.querySelector('[aria-live]')?.textContent?.trim() ?? '';

  it('marks the launcher when an answer finishes while the panel is closed, without announcing it', async () => {
    const { el, service } = await mountWidget({ mode: 'launcher' });
    const stream = service.queueManual();
    await ask(el, 'Hi');
    stream.push('*Answer:* Hello');
    await waitUntil(() => lastAnswerText(el) === 'Hello');
    el.close();
    await el.updateComplete;
    stream.push(' there');
    stream.close();
    await settled(el);
    expect(announced(el)).to.equal('');
    expect(await accessibleNode('[part~="launcher"]')).to.deep.equal({ role: 'button', name: 'Open chat (new answer)' });
    const sign = part(el, 'unread');
    expect(getComputedStyle(sign).display).to.not.equal('none');
    expect(sign.getBoundingClientRect().width).to.be.greaterThan(0);
    await expect(el).to.be.accessible();

    part(el, 'launcher').click();
    await el.updateComplete;
    expect(await accessibleNode('[part~="launcher"]')).to.deep.equal({ role: 'button', name: 'Close chat' });
    expect(el.shadowRoot!.querySelector('[part~="unread"]')).to.equal(null);
  });

  it('announces an answer that finishes while the panel is open, with no unread sign', async () => {
    const { el, service } = await mountWidget({ mode: 'launcher' });
    service.queueAnswer('Hello there');
    await ask(el, 'Hi');
    await settled(el);
    await waitUntil(() => announced(el) !== '');
    expect(announced(el)).to.equal('Helper: Hello there');
    expect(el.shadowRoot!.querySelector('[part~="unread"]')).to.equal(null);
  });
});

describe('<chatbot-widget> language of parts (audit)', () => {
  /** The language an element's text is read in: the nearest `lang` around it, crossing into the host. */
  const languageOf = (element: Element) => element.closest('[lang]')?.getAttribute('lang') ?? '';

  it("marks answers and suggestions with the bot's language inside an interface of another", async () => {
    const { el, service } = await mountWidget({ lang: 'ar', bot: { bot_language: 'English' } });
    service.queueAnswer('Hello there', ['Tell me more']);
    await ask(el, 'Hi');
    await settled(el);
    await waitUntil(() => parts(el, 'suggestion').length === 1);
    expect(languageOf(part(el, 'panel'))).to.equal('ar');
    const bubble = byPart(parts(el, 'bot-message')[0]!, 'bubble');
    const answerText = [...bubble.querySelectorAll('p')].find((node) => node.textContent === 'Hello there')!;
    expect(languageOf(answerText)).to.equal('en');
    const senderLabel = bubble.firstElementChild!;
    expect(languageOf(senderLabel)).to.equal('ar');
    expect(languageOf(parts(el, 'suggestion')[0]!)).to.equal('en');
    expect(languageOf(part(el, 'suggestions'))).to.equal('ar');
  });

  it('takes a whole language pack as a property, with its lang, direction and plural rules', async () => {
    const { el } = await mountWidget({ lang: 'fr' });
    el.languagePack = {
      lang: 'he',
      dir: 'rtl',
      send: 'שליחה',
      greeting: 'שלום! אני {name}.',
      leadMissing: { one: 'שדה אחד חסר', two: 'שני שדות חסרים', other: '{count} שדות חסרים' },
    };
    await waitUntil(() => part(el, 'panel').getAttribute('lang') === 'he', 'the pack was not applied');
    await el.updateComplete;
    expect(part(el, 'panel').getAttribute('dir')).to.equal('rtl');
    expect(part(el, 'send-button').getAttribute('aria-label')).to.equal('שליחה');
    expect(part(el, 'thread').textContent).to.contain('שלום! אני Helper.');
    await expect(el).to.be.accessible();
    el.languagePack = undefined;
    await waitUntil(() => part(el, 'panel').getAttribute('lang') === 'fr', 'the element lang did not come back');
  });

  it('leaves answers in the interface language when the bot names none it can tell', async () => {
    const { el, service } = await mountWidget({ lang: 'fr', bot: { bot_language: 'Klingonese' } });
    service.queueAnswer('Bonjour', ['Et ensuite ?']);
    await ask(el, 'Salut');
    await settled(el);
    await waitUntil(() => parts(el, 'suggestion').length === 1);
    const bubble = byPart(parts(el, 'bot-message')[0]!, 'bubble');
    expect(languageOf(bubble.querySelector('p')!)).to.equal('fr');
    expect(languageOf(parts(el, 'suggestion')[0]!)).to.equal('fr');
  });
});

describe('<chatbot-widget> right to left (audit)', () => {
  /** Whether an element is drawn mirrored left to right: its computed scale and transform together. */
  const mirrored = (element: Element) => {
    const style = getComputedStyle(element);
    const scaleX = style.scale === 'none' ? 1 : parseFloat(style.scale);
    const transformX = style.transform === 'none' ? 1 : new DOMMatrix(style.transform).a;
    return scaleX * transformX < 0;
  };

  it('mirrors the send arrow in Arabic, and only there', async () => {
    const arabic = await mountWidget({ lang: 'ar' });
    await arabic.el.updateComplete;
    expect(mirrored(part(arabic.el, 'send-button').querySelector('svg')!)).to.equal(true);
    const english = await mountWidget({ lang: 'en' });
    expect(mirrored(part(english.el, 'send-button').querySelector('svg')!)).to.equal(false);
  });
});

describe('<chatbot-widget> text size and spacing (audit)', () => {
  let pageStyle: HTMLStyleElement | undefined;
  afterEach(async () => {
    pageStyle?.remove();
    pageStyle = undefined;
    await setDefaultFontSize(16);
    await setViewport({ width: 800, height: 600 });
  });

  /** Adds a style sheet to the host page. */
  const stylePage = (css: string) => {
    pageStyle = document.createElement('style');
    pageStyle.textContent = css;
    document.head.append(pageStyle);
  };

  /** The answer's first paragraph. */
  const answerParagraph = (el: ChatbotWidget) => byPart(parts(el, 'bot-message')[0]!, 'bubble').querySelector('p')!;

  it("follows the visitor's default font size, which host-page CSS cannot shrink", async () => {
    const { el, service } = await mountWidget({ mode: 'launcher' });
    service.queueAnswer('Hello there', ['Tell me more']);
    await ask(el, 'Hi');
    await settled(el);
    const size = (element: Element) => parseFloat(getComputedStyle(element).fontSize);
    expect(size(answerParagraph(el))).to.equal(15);

    await setDefaultFontSize(32);
    const hostText = document.createElement('p');
    document.body.append(hostText);
    try {
      expect(size(hostText)).to.equal(32);
      expect(size(answerParagraph(el))).to.equal(30);
      expect(size(part(el, 'input'))).to.equal(30);
      expect(size(part(el, 'title'))).to.be.above(30);
    } finally {
      hostText.remove();
    }

    await setDefaultFontSize(16);
    stylePage('html { font-size: 10px } body, chatbot-widget, * { font-size: 9px !important }');
    expect(size(answerParagraph(el))).to.equal(15);
    expect(size(part(el, 'input'))).to.equal(15);
  });

  for (const width of [1280, 320]) {
    it(`takes text spacing set on the page (WCAG 1.4.12) without clipping or overlapping text, at ${width} px`, async () => {
      await setViewport({ width, height: 800 });
      stylePage('* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important }');
      const { el, service } = await mountWidget({ mode: 'launcher' });
      service.queueAnswer('Our opening hours are nine to five, Monday to Friday, and ten to two on Saturdays.', [
        'Are you open on public holidays?',
        'Can I visit without an appointment?',
      ]);
      await ask(el, 'When are you open?');
      await settled(el);
      await waitUntil(() => parts(el, 'suggestion').length === 2);
      const paragraph = answerParagraph(el);
      const style = getComputedStyle(paragraph);
      // At least what WCAG asks for (the em of the element they were set on, the widget's own text is a little smaller).
      expect(parseFloat(style.letterSpacing)).to.be.at.least(0.12 * parseFloat(style.fontSize));
      expect(parseFloat(style.wordSpacing)).to.be.at.least(0.16 * parseFloat(style.fontSize));
      expect(parseFloat(style.lineHeight) / parseFloat(style.fontSize)).to.be.at.least(1.5);

      const texts = [
        part(el, 'title'),
        ...parts(el, 'bubble'),
        ...parts(el, 'suggestion'),
        part(el, 'disclaimer'),
        part(el, 'input'),
      ];
      for (const text of texts) {
        expect(text.scrollWidth, `${text.localName} ${text.textContent?.trim()}: clipped sideways`).to.be.at.most(text.clientWidth + 1);
        expect(text.scrollHeight, `${text.localName} ${text.textContent?.trim()}: clipped`).to.be.at.most(text.clientHeight + 1);
      }
      const panel = part(el, 'panel').getBoundingClientRect();
      const chips = parts(el, 'suggestion').map((chip) => chip.getBoundingClientRect());
      for (const chip of chips) expect(chip.right).to.be.at.most(panel.right);
      expect(chips[0]!.bottom <= chips[1]!.top || chips[0]!.right <= chips[1]!.left || chips[1]!.right <= chips[0]!.left).to.equal(true);
    });
  }
});

describe('<chatbot-widget> on a page with a transformed body (audit)', () => {
  let pageStyle: HTMLStyleElement | undefined;
  afterEach(() => {
    pageStyle?.remove();
    pageStyle = undefined;
  });

  /** Where the launcher and the open panel are on the screen. */
  const placement = async (el: ChatbotWidget) => {
    const rect = (element: Element) => {
      const { left, top, width, height } = element.getBoundingClientRect();
      return { left, top, width, height };
    };
    const closed = rect(part(el, 'launcher'));
    el.open();
    await el.updateComplete;
    const open = { launcher: rect(part(el, 'launcher')), panel: rect(part(el, 'panel')) };
    el.close();
    await el.updateComplete;
    return { closed, open };
  };

  it('keeps the launcher and the panel in the corner of the screen (the top layer), with focus and Escape as before', async () => {
    const { el: plain } = await mountWidget({ mode: 'launcher' });
    const expected = await placement(plain);
    plain.remove();
    expect(expected.closed.top + expected.closed.height).to.be.closeTo(innerHeight - 20, 1);

    pageStyle = document.createElement('style');
    pageStyle.textContent = 'body { transform: translateZ(0); min-height: 3000px }';
    document.head.append(pageStyle);
    const { el } = await mountWidget({ mode: 'launcher' });
    expect(await placement(el)).to.deep.equal(expected);

    const launcher = part(el, 'launcher');
    launcher.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.opened).to.equal(true);
    expect(focusedPart(el)).to.equal('input');
    // The microphone, then (the empty field's Send is disabled) the launcher, after the panel in the document.
    await sendKeys({ press: 'Tab' });
    expect(focusedPart(el)).to.equal('voice-button');
    await sendKeys({ press: 'Tab' });
    expect(focusedPart(el)).to.equal('launcher');
    await shiftTab();
    expect(focusedPart(el)).to.equal('voice-button');
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.opened).to.equal(false);
    expect(focusedPart(el)).to.equal('launcher');
  });
});

describe('<chatbot-widget> focus not obscured (audit, WCAG 2.4.11)', () => {
  const links: HTMLAnchorElement[] = [];
  /** A link of the host page, placed where the style puts it, before or after the widget in the tab order. */
  const pageLink = (text: string, style: string, where: 'before' | 'after', el: ChatbotWidget) => {
    const link = document.createElement('a');
    link.href = '#';
    link.textContent = text;
    link.style.cssText = `position: fixed; ${style}`;
    el.parentElement!.insertBefore(link, where === 'before' ? el : el.nextSibling);
    links.push(link);
    return link;
  };
  /** Where focus is: a part of the widget, or the text of a page link. */
  const focusIs = (el: ChatbotWidget) => (document.activeElement === el ? focusedPart(el) : document.activeElement?.textContent ?? 'none');

  afterEach(async () => {
    for (const link of links.splice(0)) link.remove();
    await setViewport({ width: 800, height: 600 });
  });

  it('turns modal and back as the viewport crosses 480 px (a phone turned), keeping focus in the message field', async () => {
    await setViewport({ width: 320, height: 640 });
    const { el } = await mountWidget({ mode: 'launcher' });
    part(el, 'launcher').click();
    await el.updateComplete;
    expect(focusIs(el)).to.equal('input');
    for (const [width, modal] of [[800, false], [320, true], [800, false]] as const) {
      await setViewport({ width, height: 640 });
      await waitUntil(() => part(el, 'panel').matches(':modal') === modal, `not ${modal ? 'modal' : 'non-modal'} at ${width} px`);
      await el.updateComplete;
      expect(el.opened).to.equal(true);
      expect(focusIs(el), `at ${width} px`).to.equal('input');
    }
  });

  it('below 480 px is modal: Tab and Shift+Tab stay in the panel, Escape returns to the launcher', async () => {
    await setViewport({ width: 320, height: 640 });
    const { el, service } = await mountWidget({ mode: 'launcher' });
    pageLink('Page link before', 'top: 10px; left: 10px', 'before', el);
    pageLink('Page link after', 'bottom: 10px; left: 10px', 'after', el);
    service.queueAnswer('See [our hours](https://example.com/hours).', ['And on Sundays?']);
    await ask(el, 'Hours?');
    await settled(el);
    // A modal dialog, as a screen reader is told; the page under it is inert (its links take no focus).
    expect(await accessibleNode('[part~="panel"]')).to.deep.equal({ role: 'dialog', name: part(el, 'title').textContent!.trim(), modal: true });
    links[0]!.focus();
    expect(focusIs(el)).to.equal('input');
    const seen = new Set<string>();
    for (let step = 0; step < 12; step++) {
      await sendKeys({ press: 'Tab' });
      seen.add(focusIs(el));
    }
    for (let step = 0; step < 12; step++) {
      await shiftTab();
      seen.add(focusIs(el));
    }
    expect([...seen].filter((where) => where.startsWith('Page') || where === 'body' || where === 'launcher')).to.deep.equal([]);
    expect(seen.has('input')).to.equal(true);
    expect(seen.has('suggestion')).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(el.opened).to.equal(false);
    expect(focusedPart(el)).to.equal('launcher');
  });

  it('from 480 px is not modal, and closes when focus moves to a page element it covers', async () => {
    await setViewport({ width: 1280, height: 800 });
    const { el } = await mountWidget({ mode: 'launcher' });
    pageLink('Page link beside', 'top: 10px; left: 10px', 'before', el);
    pageLink('Page link under the panel', 'bottom: 200px; right: 100px', 'after', el);
    part(el, 'launcher').click();
    await el.updateComplete;
    expect(await accessibleNode('[part~="panel"]')).to.deep.equal({ role: 'dialog', name: part(el, 'title').textContent!.trim() });
    expect(focusIs(el)).to.equal('input');
    // Backwards through the panel to the page link beside it: the panel stays open.
    for (let step = 0; step < 6 && focusIs(el) !== 'Page link beside'; step++) await shiftTab();
    expect(focusIs(el)).to.equal('Page link beside');
    expect(el.opened).to.equal(true);
    // Forwards past the launcher to the link the panel covers: the panel gives way.
    let closeEvents = 0;
    el.addEventListener('chatbot-close', () => closeEvents++);
    for (let step = 0; step < 8 && focusIs(el) !== 'Page link under the panel'; step++) await sendKeys({ press: 'Tab' });
    await el.updateComplete;
    expect(focusIs(el)).to.equal('Page link under the panel');
    expect(el.opened).to.equal(false);
    expect(closeEvents).to.equal(1);
    expect(part(el, 'panel').hidden).to.equal(true);
  });
});
