// The teaser: the bot's greeting shown beside the closed launcher after the bot's
// `auto_show_initial_message_after` seconds (or the element's `teaser-after`). Loaded with import() only
// when that time has passed. It never takes focus, appears at most once per visit (sessionStorage), and goes
// away for good when dismissed (its close button or Escape) or when the panel opens.
import { html, nothing, type TemplateResult } from 'lit';
import type { WidgetStrings } from '../../i18n/en.js';
import type { ChatbotWidget } from '../chatbot-widget.component.js';

const STYLES =
  '.teaser{all:initial;box-sizing:border-box;position:fixed;z-index:var(--_z-index);display:flex;align-items:start;gap:4px;' +
  'inset-block-end:calc(var(--_offset) + var(--_launcher-size) + 10px);inset-inline-end:var(--_offset);max-width:min(280px,calc(100vw - 2 * var(--_offset)));' +
  'padding:4px;border:1px solid var(--_border);border-radius:14px;background:var(--_background);color:var(--_text);box-shadow:var(--_shadow);' +
  'font-family:var(--_font-family);font-size:medium;line-height:var(--_line-height);letter-spacing:inherit;word-spacing:inherit}' +
  '.teaser button{all:unset;box-sizing:border-box;cursor:pointer;border-radius:10px;font-size:var(--_font-size)}' +
  '.teaser .teaser-text{padding:8px 10px;overflow-wrap:anywhere}' +
  '.teaser .teaser-close{display:grid;place-items:center;min-width:28px;min-height:28px;color:var(--_text-muted)}' +
  '.teaser button:focus-visible{outline:2px solid var(--_focus-ring);outline-offset:1px}' +
  '@media (forced-colors:active){.teaser{border-color:CanvasText}}';

const sheets = new WeakMap<ShadowRoot, CSSStyleSheet>();
/** Teasers of this page: shown now, or done (dismissed, opened past, or shown earlier in this visit). */
const states = new Map<string, 'shown' | 'done'>();

function seenThisVisit(key: string): boolean {
  try {
    if (sessionStorage.getItem(key)) return true;
    sessionStorage.setItem(key, '1');
  } catch {
    // Without storage the teaser still shows at most once per page.
  }
  return false;
}

function adoptStyles(root: ShadowRoot): void {
  if (sheets.has(root)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLES);
  sheets.set(root, sheet);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/**
 * The teaser beside the element's closed launcher, or nothing (already seen this visit, dismissed, or the
 * panel is open): `text` is the greeting, `pack` the interface strings.
 */
export function renderTeaser(host: ChatbotWidget, text: string, pack: WidgetStrings): TemplateResult | typeof nothing {
  const root = host.shadowRoot!;
  const key = `chatbot-widget:teaser:${host.botId}`;
  let state = states.get(key);
  if (host.opened) state = 'done';
  else if (!state) state = seenThisVisit(key) ? 'done' : 'shown';
  states.set(key, state);
  if (state === 'done') return nothing;
  adoptStyles(root);
  const dismiss = () => {
    states.set(key, 'done');
    // Focus on the close button would fall to the page's body when the teaser goes: it returns to the launcher.
    if (root.activeElement?.closest('.teaser')) root.querySelector<HTMLElement>('.launcher')?.focus();
    host.requestUpdate();
  };
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') dismiss();
  };
  return html`<div class="teaser" part="teaser" popover="manual" lang=${pack.lang} dir=${pack.dir} @keydown=${onKeydown}>
    <button type="button" class="teaser-text" dir="auto" @click=${() => host.open()}>${text}</button>
    <button type="button" class="teaser-close" aria-label=${pack.dismiss} title=${pack.dismiss} @click=${dismiss}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z" /></svg>
    </button>
  </div>`;
}
