// The script-tag loader: mounts <chatbot-widget> from the script's data-* attributes with a launcher drawn
// in its shadow root, queues calls to the host-page API, and imports the rest of the widget
// (chatbot-widget-app.js, beside the script) when the visitor shows intent: pointer over it, focus, click,
// or a few seconds of idle time. It carries no Lit; the launcher is styled with a constructed stylesheet,
// so it runs under a strict Content-Security-Policy. The element takes over when its class is defined
// (see the constructor and createRenderRoot of ChatbotWidget).
import { LANGUAGES, OPEN_CHAT_LABELS, matchLanguageTag } from '../i18n/languages.js';
import { CHAT_ICON_PATH, LAUNCHER_CSS, LAUNCHER_TOKENS, tokenCss } from '../themes/launcher.js';
import { HOST_METHODS } from './host-methods.js';

/** Attributes copied from the script's `data-*` attributes (`data-bot-id` becomes `bot-id`) to the element. */
export const LOADER_ATTRIBUTES = ['bot-id', 'base-url', 'mode', 'theme', 'lang', 'token', 'api-key', 'api-key-header', 'type-qa', 'storage', 'language-pack'] as const;

/** Methods the loader stubs (and queues) until the widget has loaded. */
export { HOST_METHODS as QUEUED_METHODS } from './host-methods.js';

/** Idle time after which the widget loads without any intent (ms). */
export const IDLE_LOAD_DELAY = 3000;

/** What the loader leaves on `window.ChatbotWidget`. */
export interface ChatbotWidgetGlobal {
  /** The mounted element. */
  element: HTMLElement;
  /** Loads the rest of the widget now (resolves once the element has been defined). */
  load(): Promise<void>;
}

declare global {
  interface Window {
    /** Set by the script-tag loader. */
    ChatbotWidget?: ChatbotWidgetGlobal;
  }
}

type Queue = [method: string, args: unknown[]][];

function launcherButton(label: string, rtl: boolean): HTMLButtonElement {
  const button = document.createElement('button');
  button.setAttribute('type', 'button');
  button.setAttribute('class', 'launcher');
  button.setAttribute('part', 'launcher');
  button.setAttribute('aria-label', label);
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('popover', 'manual');
  if (rtl) button.dir = 'rtl';
  const ns = 'http://www.w3.org/2000/svg';
  const icon = document.createElementNS(ns, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', CHAT_ICON_PATH);
  icon.append(path);
  button.append(icon);
  return button;
}

/** Mounts the widget described by a script element's data-* attributes in this document; returns the element and its loader. */
export function mountWidget(script: HTMLScriptElement): ChatbotWidgetGlobal {
  const data = script.dataset;
  const appUrl = new URL(data['appSrc'] || 'chatbot-widget-app.js', script.src || document.baseURI).href;
  // Until the widget has loaded, the element is a plain HTMLElement that carries the loader's properties.
  const element = document.createElement('chatbot-widget') as unknown as HTMLElement & Record<string, unknown>;
  for (const attribute of LOADER_ATTRIBUTES) {
    const value = script.getAttribute(`data-${attribute}`);
    if (value !== null) element.setAttribute(attribute, value);
  }
  const target = data['target'] && document.querySelector(data['target']);
  if (target && !element.hasAttribute('mode')) element.setAttribute('mode', 'inline');
  const inline = element.getAttribute('mode') === 'inline';
  // The widget keeps a label the page chose for its launcher, as if the page had set `strings.openChat`.
  const customLabel = data['openChatLabel'];
  if (customLabel) element['strings'] = { openChat: customLabel };

  let loading: Promise<void> | undefined;
  let button: HTMLButtonElement | undefined;
  const load = (): Promise<void> => {
    loading ??= import(/* @vite-ignore */ appUrl).then(
      () => customElements.whenDefined('chatbot-widget').then(() => undefined),
      (error: unknown) => {
        loading = undefined;
        button?.removeAttribute('aria-busy');
        throw error;
      },
    );
    return loading;
  };
  const handle: ChatbotWidgetGlobal = { element, load };
  if (customElements.get('chatbot-widget')) {
    (target || document.body).append(element);
    return handle;
  }

  const queue: Queue = [];
  element['__chatbotQueue'] = queue;
  const loadQuietly = () => void load().catch((error: unknown) => console.error('chatbot-widget: could not load', error));
  for (const method of HOST_METHODS) {
    element[method] = (...args: unknown[]) => {
      queue.push([method, args]);
      loadQuietly();
    };
  }

  (target || document.body).append(element);
  if (!inline) {
    const root = element.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`${tokenCss(LAUNCHER_TOKENS)}:host{all:initial;display:block}${LAUNCHER_CSS}`);
    root.adoptedStyleSheets = [sheet];
    const language = matchLanguageTag(data['lang']) ?? matchLanguageTag(navigator.language) ?? 'en';
    let label: string = OPEN_CHAT_LABELS[LANGUAGES.indexOf(language)]!;
    let rtl = language === 'ar';
    // A language pack the page supplies gives the launcher its label and direction before the widget reads
    // the pack; without one (or with one that is not JSON) this throws and the language's own are kept.
    try {
      const pack = JSON.parse(document.getElementById(data['languagePack']!)!.textContent!) as { openChat?: string; dir?: string };
      label = pack.openChat || label;
      rtl = pack.dir === 'rtl';
    } catch {
      // No pack, or none the widget could read either.
    }
    button = launcherButton(customLabel || label, rtl);
    button.addEventListener('click', () => {
      if (!queue.some(([method]) => method === 'open')) queue.push(['open', []]);
      button!.setAttribute('aria-busy', 'true');
      loadQuietly();
    });
    root.append(button);
    // In the top layer, where a transformed page (`body { transform: … }`) cannot carry it off the screen, as
    // the widget's own launcher (E14); a browser without popovers keeps it fixed-position.
    button.showPopover?.();
    for (const type of ['pointerenter', 'focusin', 'touchstart']) element.addEventListener(type, loadQuietly, { once: true, passive: true });
  }

  if (inline) {
    loadQuietly();
  } else {
    // Where there is no requestIdleCallback, loadQuietly ignores the arguments meant for it and loads at once.
    setTimeout(() => (window.requestIdleCallback || loadQuietly)(loadQuietly, { timeout: IDLE_LOAD_DELAY }), IDLE_LOAD_DELAY);
  }
  return handle;
}
