// <chatbot-widget>: renders what the chat controller holds. No side effects on import; src/chatbot-widget.ts
// registers the tag.
// The imports' order is the order of the modules in the script-tag app, and gzip finds more to share in some
// orders than in others (the widget-greeting request first and Lit last measured 74 B less than Lit first, before
// resuming and the lead form's move; with the dialog, speech and Markdown extras, the language modules last
// measured 14 B less than first, and no other import moved to the front or the back saved more than 4 B).
// Measure the whole widget (`npm run build`), not the app file alone: some orders split the app into two
// chunks, and the app file then looks smaller while the widget grows.
import { fetchWidgetGreeting, type WidgetGreeting } from './widget-greeting.js';
import { clockTime } from '../i18n/clock.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { CHAT_ICON_PATH } from '../themes/launcher.js';
import type { Theme } from '../themes/tokens.js';
import { micIcon, sendIcon, sendsOnEnter, stopIcon } from '../ui/composer.js';
import { copyIcon, icon, iconButton } from '../ui/icons.js';
import { memo } from '../ui/memo.js';
import { MarkdownStream, drawTable, markdownToText, prepareMarkdown } from '../ui/markdown/render.js';
import { SuggestionChips } from '../ui/suggestion-chips.js';
import { ChatController, type ChatSettings } from './chat-controller.js';
import {
  leadFields,
  leadFormDue,
  type AnswerMessage,
  type FailureKind,
  type FeedbackValue,
  type Message,
  type QuestionMessage,
} from './chat-state.js';
import { widgetStyles } from './chatbot-widget.styles.js';
import type { LanguagePackDefinition } from './on-demand/language-pack.js';
import { storageFor, type StorageKind } from './conversation-store.js';
import { ChatbotCloseEvent, ChatbotOpenEvent, ChatbotSuggestionSelectEvent } from './events.js';
import { HOST_METHODS, type HostMethod } from './host-methods.js';
import { OnDemandModule } from './on-demand-module.js';
import type { LeadFormErrors } from './on-demand/lead-form.js';
import { LitElement, adoptStyles, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import {
  applyStringOverrides,
  englishStrings,
  languageTag,
  loadStrings,
  loadedStrings,
  resolveLanguage,
  type Language,
  type WidgetStringOverrides,
  type WidgetStrings,
} from '../i18n/index.js';

/** How the widget is shown. */
export const WIDGET_MODES = ['launcher', 'inline'] as const;
/** `launcher`: a floating bubble that opens a panel; `inline`: the chat fills its container. */
export type WidgetMode = (typeof WIDGET_MODES)[number];

export { HOST_METHODS, type HostMethod } from './host-methods.js';

/** A call made before the widget loaded: method name and arguments (see src/widget/loader.ts). */
export type QueuedCall = [method: string, args: unknown[]];

const newIcon = icon('M5 4h9v2H6v12h12v-8h2v9a1 1 0 01-1 1H5a1 1 0 01-1-1V5a1 1 0 011-1zm13.3-1.7 2.4 2.4-8.6 8.6-3.1.7.7-3.1z');
const THUMB_UP_PATH = 'M2 10h4v11H2zm6 11V10l5-8 1.3.9a2 2 0 01.8 2.1L14 9h6a2 2 0 012 2.3l-1.3 8A2 2 0 0118.7 21z';
const upIcon = icon(THUMB_UP_PATH);
// The thumb down is the thumb up turned half round.
const downIcon = icon(THUMB_UP_PATH, 'rotate(180 12 12)');
/** The browser's speech recognition (voice input), under either name; TypeScript's DOM types have neither. */
type SpeechWindow = { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
const speakerIcon = icon('M3 9v6h4l5 5V4L7 9zm11-1.5v9a4.5 4.5 0 000-9z');
const arrowIcon = icon('M11 4h2v12l5-5 1.4 1.4L12 19.8l-7.4-7.4L6 11l5 5z');
const chatIcon = icon(CHAT_ICON_PATH);
const closeIcon = icon('M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z');
const typingDots = html`<span class="typing" aria-hidden="true"><span></span><span></span><span></span></span>`;


const FAILURE_STRINGS = {
  network: 'errorNetwork',
  service: 'errorGeneric',
  empty: 'errorEmpty',
  interrupted: 'failed',
  // A 429 says the same as an empty credit count ("not right now, come back later"), but keeps Retry.
  'rate-limited': 'noMessagesLeft',
  deactivated: 'botDeactivated',
  unknown: 'botUnknown',
  'no-messages': 'noMessagesLeft',
  origin: 'originNotAllowed',
  unauthorized: 'unauthorized',
  'load-failed': 'loadFailed',
} as const satisfies Record<FailureKind, keyof WidgetStrings>;

/** Distance from the bottom (px) within which the thread counts as scrolled to the latest message. */
const STICK_THRESHOLD = 32;
/**
 * Messages per chunk of the thread, an element of its own (see .chunk in the styles). A restored conversation
 * is drawn a chunk a task: the latest one or two chunks first, and more before the first paint only while they
 * do not fill the thread, then the older ones (200 stored messages drawn at once were one task of 400 ms
 * before the field appeared).
 */
const DRAW_CHUNK = 4;
/**
 * How long (ms) after the element is connected its panel stays blank while the bot's information or widget
 * settings are on their way, when the conversation is empty (decision E19): a service that answers sooner
 * gets its chat drawn once, complete, without a loading notice, default title or default greeting shown for a
 * moment and replaced (and without the render and frame that drew them); a slower one gets the chat with the
 * loading notice then.
 */
const LOADING_GRACE = 300;

/**
 * An embeddable chat with one bot of the service: streams answers with Markdown and suggested questions,
 * keeps the conversation per bot, and works as a floating launcher or inline.
 *
 * @fires {ChatbotOpenEvent} chatbot-open - The panel opened (launcher mode).
 * @fires {ChatbotCloseEvent} chatbot-close - The panel closed (launcher mode).
 * @fires {ChatbotMessageSentEvent} chatbot-message-sent - A question was sent; `message`, `messageId`, `sessionId`.
 * @fires {ChatbotAnswerCompleteEvent} chatbot-answer-complete - An answer finished; `answer`, `suggestions`, `question`, `messageId`, `sessionId`.
 * @fires {ChatbotSuggestionSelectEvent} chatbot-suggestion-select - A suggested question was picked; cancel it to keep it from being sent.
 * @fires {ChatbotErrorEvent} chatbot-error - Loading the bot, an answer or the lead form failed; `operation`, `kind`, `error`.
 * @fires {ChatbotLeadSubmitEvent} chatbot-lead-submit - The lead form was sent; `fields`, `botId`, `sessionId`, `delivered`.
 * @fires {ChatbotFeedbackEvent} chatbot-feedback - An answer was rated; `value` (`up`, `down` or null), `messageId`, `answer`, `question`.
 *
 * @csspart launcher - The floating bubble that opens and closes the panel.
 * @csspart unread - The sign on the launcher that an answer came in while the panel was closed.
 * @csspart teaser - The greeting shown beside the closed launcher after the bot's delay (once per visit).
 * @csspart panel - The chat panel.
 * @csspart header - The panel's title bar.
 * @csspart title - The bot's name in the title bar.
 * @csspart thread - The scrolling list of messages.
 * @csspart message - Every message (also `user-message` or `bot-message`).
 * @csspart user-message - A message of the visitor.
 * @csspart bot-message - An answer of the bot.
 * @csspart bubble - The bubble around a message's text.
 * @csspart code-block - A fenced code block inside an answer.
 * @csspart error - The note under a failed answer.
 * @csspart suggestions - The toolbar of suggested questions.
 * @csspart suggestion - One suggested question.
 * @csspart lead-form - The lead form.
 * @csspart notice - The loading state (in the thread while the bot's information or a lead form due at once is
 *   on its way, from 300 ms after the element is connected when the conversation is empty; the full panel while
 *   the language loads) and the full-panel state of a bot that is unavailable.
 * @csspart jump-button - The "jump to latest" button.
 * @csspart composer - The form with the message field.
 * @csspart input - The message field.
 * @csspart send-button - The send button.
 * @csspart stop-button - The same button while an answer streams (it stops it).
 * @csspart voice-button - The microphone button of voice input (only where the browser recognises speech).
 * @csspart disclaimer - The small print under the message field.
 *
 * @cssprop --chatbot-accent - Brand colour: launcher, send button, visitor bubbles.
 * @cssprop --chatbot-accent-text - Text and icons on the accent colour.
 * @cssprop --chatbot-background - Panel background.
 * @cssprop --chatbot-surface - Answer bubbles, header and raised surfaces.
 * @cssprop --chatbot-text - Main text colour.
 * @cssprop --chatbot-text-muted - Secondary text.
 * @cssprop --chatbot-border - Borders and dividers.
 * @cssprop --chatbot-link - Links inside answers.
 * @cssprop --chatbot-focus-ring - Keyboard focus outline.
 * @cssprop --chatbot-error - Error text.
 * @cssprop --chatbot-error-surface - Background of error notes.
 * @cssprop --chatbot-code-background - Background of code blocks.
 * @cssprop --chatbot-code-text - Text of code blocks.
 * @cssprop --chatbot-code-keyword - Keywords and tags in highlighted code (default #c4b5fd in both themes).
 * @cssprop --chatbot-code-string - Strings in highlighted code (default #86efac).
 * @cssprop --chatbot-code-number - Numbers, units and entities in highlighted code (default #fdba74).
 * @cssprop --chatbot-code-comment - Comments in highlighted code, drawn in italics (default #9ca3af).
 * @cssprop --chatbot-code-name - Property names, attributes, variables and decorators in highlighted code (default #7dd3fc).
 * @cssprop --chatbot-font-family - Font of the widget.
 * @cssprop --chatbot-font-size - Base font size.
 * @cssprop --chatbot-line-height - Base line height.
 * @cssprop --chatbot-radius - Corner radius of the panel.
 * @cssprop --chatbot-bubble-radius - Corner radius of message bubbles.
 * @cssprop --chatbot-shadow - Shadow of the panel and launcher.
 * @cssprop --chatbot-panel-width - Width of the launcher panel.
 * @cssprop --chatbot-panel-height - Largest height of the launcher panel.
 * @cssprop --chatbot-launcher-size - Diameter of the launcher bubble.
 * @cssprop --chatbot-offset - Distance of launcher and panel from the viewport edges.
 * @cssprop --chatbot-z-index - Stacking order of launcher and panel.
 */
export class ChatbotWidget extends LitElement {
  static override styles = widgetStyles;

  static override properties: PropertyDeclarations = {
    botId: {},
    baseUrl: {},
    token: {},
    apiKey: {},
    apiKeyHeader: {},
    typeQa: {},
    mode: { reflect: true },
    theme: { reflect: true },
    storage: {},
    opened: { type: Boolean, reflect: true, attribute: 'open' },
    noRememberOpen: { type: Boolean },
    languageOverride: { attribute: 'lang' },
    strings: { attribute: false },
    languagePack: {},
    initialMessage: {},
    starterQuestions: { type: Array },
    teaserAfter: { type: Number },
    settings: { attribute: false },
    fetch: { attribute: false },
    pack: { state: true },
    packPending: { state: true },
    draft: { state: true },
    stuckToBottom: { state: true },
    announcement: { state: true },
    leadErrors: { state: true },
    unread: { state: true },
  };

  static {
    // A property's attribute, unless it names its own (or none), is its name in kebab case (botId: bot-id), which
    // spares the bundle the spelled-out names; custom-elements.json follows the same convention
    // (custom-elements-manifest.config.mjs). Set here rather than in an override of createProperty, which Lit's
    // development build warns against.
    for (const [name, options] of Object.entries(this.properties)) {
      (options as { attribute?: boolean | string }).attribute ??= name.replace(/[A-Z]/g, '-$&').toLowerCase();
    }
  }

  /** The bot to chat with (its UUID). */
  botId = '';
  /** Base address of the service. */
  baseUrl = '';
  /** Optional bearer token (a visitor never logs in; most bots need none). */
  token = '';
  /** Optional API key. */
  apiKey = '';
  /** Where the API key goes: `authorization` (bearer, default) or `chatfly-api-key`. */
  apiKeyHeader: 'authorization' | 'chatfly-api-key' = 'authorization';
  /** The `type_qa` sent with every question. */
  typeQa = '';
  /** `launcher` (floating bubble and panel, default) or `inline` (fills its container). */
  mode: WidgetMode = 'launcher';
  /** `light`, `dark` or `auto` (follows the visitor's system, default). */
  theme: Theme = 'auto';
  /** Where the conversation is kept: `session` (default), `local` or `none`. */
  storage: StorageKind = 'session';
  /** Whether the launcher panel is open. */
  opened = false;
  /**
   * Opts out of carrying the launcher panel's open or closed state to the next page: by default it is kept in
   * the conversation's storage and restored, without focus or animation, when the widget starts again.
   */
  noRememberOpen = false;
  /** Language override (the element's own `lang` attribute); wins over the bot's language. */
  languageOverride: string | null = null;
  /**
   * A language pack the site supplies (any BCP 47 language; see docs/i18n.md): an object with `lang`, `dir`
   * and entries of WidgetStrings, or (the `language-pack` attribute) the id of a `<script type="application/json">`
   * holding one. It wins over the built-in languages; `strings` still apply on top.
   */
  languagePack: LanguagePackDefinition | string | undefined;
  /** The first message of an empty conversation, when the service's widget settings have none (`initial_message`). */
  initialMessage = '';
  /** Starter questions shown as chips in an empty conversation, when the service's widget settings have none; attribute: a JSON array. */
  starterQuestions: string[] = [];
  /** Seconds after which the greeting appears as a teaser beside the closed launcher (once per visit), when the service's widget settings say nothing; 0: never. */
  teaserAfter = 0;
  /** Replacements for any visible string (see WidgetStrings). */
  strings: WidgetStringOverrides | undefined;
  /** Per-request settings sent instead of the bot's own (model, temperature, prompt, rules), and the failure message shown. */
  settings: ChatSettings | undefined;
  /** The fetch used for every request (tests, proxies, custom auth). */
  fetch: typeof fetch | undefined;

  private pack: WidgetStrings = englishStrings;
  private packPending = false;
  private draft = '';
  private stuckToBottom = true;
  private announcement: HTMLSpanElement | undefined;
  private leadErrors: LeadFormErrors | undefined;
  private unread = false;

  get #thread(): HTMLElement | null {
    return this.renderRoot.querySelector('.thread');
  }
  get #textarea(): HTMLTextAreaElement | null {
    return this.renderRoot.querySelector('textarea');
  }
  get #launcher(): HTMLButtonElement | null {
    return this.renderRoot.querySelector('.launcher');
  }

  #chat = new ChatController(this, {
    onAnswerSettled: (answer) => this.#answerSettled(answer),
    onReconnecting: () => this.#announce(this.pack.reconnecting),
    onAnswerText: prepareMarkdown,
  });
  #chips = new SuggestionChips(this, (question) => this.#selectSuggestion(question));
  #leadForm = new OnDemandModule(this, () => import('./on-demand/lead-form.js'));
  #leadFormStyled = false;
  /** Whether the shadow root has the element's style sheets (see willUpdate()). */
  #styled = false;
  #widgetSetting: WidgetGreeting | undefined;
  #widgetSettingKey = '';
  #teaser: typeof import('./on-demand/teaser.js') | undefined;
  #teaserTimer = 0;
  /**
   * Whether the panel is left blank, while the bot or its settings load: until LOADING_GRACE has passed or the
   * chat is first drawn (settled in willUpdate()).
   */
  #inGrace = true;
  #markdown = new Map<string, MarkdownStream>();
  #markdownPack: WidgetStrings | undefined;
  #wantedLanguage: Language | LanguagePackDefinition | string = 'en';
  #lastAutoScrollTop = 0;
  /** The thread's scroll height when it was last followed or scrolled (see #onThreadScroll). */
  #followedHeight = 0;
  #focusAfterUpdate: 'composer' | 'launcher' | undefined;
  #loaderHadFocus = false;
  #pendingCalls: QueuedCall[] = [];
  /** Whether the page is watched for an open launcher panel (see #watchPage). */
  #pageWatched = false;
  /** Messages before this index are not drawn yet (see DRAW_CHUNK). */
  #drawnFrom = 0;
  /** The thread's height when the first chunks of a restored conversation were drawn. */
  #threadHeight: number | undefined;
  /** Whether the thread shows the conversation (else the loading notice). */
  #messagesShown = false;

  constructor() {
    super();
    // Taking over from the script-tag loader: drop its queueing stubs (own properties; deleting one that is not
    // there leaves the class's method alone) and keep the calls made so far.
    const self = this as unknown as Record<string, unknown>;
    for (const name of HOST_METHODS) delete self[name];
    const queue = self['__chatbotQueue'];
    if (Array.isArray(queue)) this.#pendingCalls = queue as QueuedCall[];
    delete self['__chatbotQueue'];
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const existing = this.shadowRoot;
    if (existing) {
      // The loader's launcher lives in this shadow root; keep keyboard focus where the visitor left it.
      this.#loaderHadFocus = existing.activeElement !== null;
      existing.replaceChildren();
    }
    // The style sheets come with the first update that draws something (see willUpdate()).
    return existing ?? this.attachShadow(ChatbotWidget.shadowRootOptions);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    setTimeout(() => {
      if (!this.#inGrace || !this.isConnected) return;
      this.#inGrace = false;
      this.requestUpdate();
    }, LOADING_GRACE);
    const calls = this.#pendingCalls;
    this.#pendingCalls = [];
    for (const [method, args] of calls) {
      if ((HOST_METHODS as readonly string[]).includes(method)) {
        (this[method as HostMethod] as (...values: unknown[]) => unknown)(...args);
      }
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#watchPage(false);
    clearTimeout(this.#teaserTimer);
    this.#teaserTimer = 0;
  }

  /** Opens the panel (launcher mode) and puts the focus in the message field; inline, it only focuses the field. */
  open(): void {
    this.#focusAfterUpdate = 'composer';
    if (this.mode !== 'launcher' || this.opened) {
      this.requestUpdate();
      return;
    }
    this.opened = true;
    this.unread = false;
    this.dispatchEvent(new ChatbotOpenEvent());
  }

  /** Closes the panel (launcher mode); focus inside the panel returns to the launcher. */
  close(): void {
    if (this.mode !== 'launcher' || !this.opened) return;
    const focused = this.shadowRoot?.activeElement;
    this.opened = false;
    if (focused && focused !== this.#launcher) this.#focusAfterUpdate = 'launcher';
    this.dispatchEvent(new ChatbotCloseEvent());
  }

  /** Opens the panel when closed, closes it when open. */
  toggle(): void {
    if (this.opened) this.close();
    else this.open();
  }

  /**
   * Sends a question as if the visitor typed it (and opens the panel). Before the bot has loaded, while an
   * answer streams or while the lead form waits, it is queued and sent in turn; false if it cannot be sent.
   */
  send(text: string): boolean {
    const accepted = this.#chat.send(String(text ?? ''));
    if (accepted && this.mode === 'launcher' && !this.opened) this.open();
    return accepted;
  }

  /** Starts a new conversation with a new session id (a lead form already sent stays sent). */
  reset(): void {
    this.#chat.reset();
    this.draft = '';
    this.stuckToBottom = true;
    this.#markdown.clear();
  }

  /** Stops the answer being written, keeping what arrived so far. */
  stop(): void {
    this.#chat.stop();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A streamed frame changes no property: the controller's configuration is checked only when one changed.
    if (changed.size > 0) {
      // The panel left open on the last page opens again as it was: no focus taken, no animation, no event.
      // (Here, so that a streamed frame, which changes no property, does not look the storage up.)
      const storage = this.noRememberOpen || this.mode !== 'launcher' ? null : storageFor(this.storage);
      const key = `chatbot-widget:open:${this.botId}`;
      try {
        if (changed.has('botId') && storage?.getItem(key)) {
          this.opened = true;
          void this.updateComplete.then(() => this.renderRoot.querySelector('.panel')!.getAnimations().map((animation) => animation.finish()));
        } else if (changed.has('opened')) storage?.setItem(key, this.opened ? '1' : '');
      } catch {
        // A storage that refuses just means the panel starts closed on the next page.
      }
      this.#chat.configure({
        botId: this.botId,
        baseUrl: this.baseUrl,
        token: this.token,
        apiKey: this.apiKey,
        apiKeyHeader: this.apiKeyHeader,
        fetch: this.fetch,
        typeQa: this.typeQa,
        storage: this.storage,
        settings: this.settings,
      });
      const settingKey = `${this.baseUrl} ${this.botId}`;
      if (settingKey !== this.#widgetSettingKey) {
        this.#widgetSettingKey = settingKey;
        this.#widgetSetting = undefined;
        // The element carries the client's options under their own names (baseUrl, token, apiKey, fetch).
        if (this.botId && this.baseUrl) {
          void fetchWidgetGreeting(this, this.botId).then((setting) => {
            if (this.#widgetSettingKey !== settingKey) return;
            this.#widgetSetting = setting;
            this.requestUpdate();
          });
        }
      }
    }
    const bot = this.#chat.bot;
    if (leadFields(bot?.collect_customer_info).length > 0) this.#leadForm.want(bot);
    const status = this.#chat.status;
    // Once anything is drawn (the notice of an element still without a bot id, say), the grace is over: a
    // chat on screen is never blanked again. A conversation restored with messages has no greeting to wait
    // for, and drawing the chat at once keeps its messages' draw, when the bot comes, a task of its own.
    this.#inGrace &&= (status === 'loading' || (status === 'ready' && !this.#widgetSetting)) && !this.#chat.conversation.messages.length;
    // The style sheets come with the first update that draws something: an inline chat is blank in its grace,
    // and sheets adopted then cost a frame of their own (the styles and paint of an empty panel) before the
    // chat's. The lead form's, and those of what is drawn (see withStyles), come after them.
    if (!this.#styled && (this.mode === 'launcher' || !this.#inGrace)) {
      this.#styled = true;
      adoptStyles(this.renderRoot as ShadowRoot, ChatbotWidget.elementStyles);
    }
    const leadForm = this.#leadForm.module;
    if (leadForm && this.#styled && !this.#leadFormStyled) {
      this.#leadFormStyled = true;
      leadForm.adoptLeadFormStyles(this.renderRoot as ShadowRoot);
    }
    const custom = this.languagePack;
    const language =
      custom ||
      resolveLanguage({
        override: this.languageOverride,
        botLanguage: this.#chat.bot?.bot_language,
        preferred: navigator.languages,
      });
    if (language !== this.#wantedLanguage || changed.has('strings') || !this.hasUpdated) {
      this.#wantedLanguage = language;
      const ready = custom ? undefined : loadedStrings(language as Language);
      if (ready) {
        this.pack = applyStringOverrides(ready, this.strings);
        this.packPending = false;
      } else {
        this.packPending = true;
        const loading = custom
          ? import('./on-demand/language-pack.js').then(
              (module) => module.compileLanguagePack(custom, this.ownerDocument),
              () => englishStrings,
            )
          : loadStrings(language as Language);
        void loading.then((pack) => {
          if (this.#wantedLanguage !== language) return;
          this.pack = applyStringOverrides(pack, this.strings);
          this.packPending = false;
        });
      }
    }
    // Until the bot is loaded (the thread shows the loading notice), the thread's first draw is its latest one
    // or two chunks.
    if (!bot) this.#drawnFrom = this.#chat.conversation.messages.length - 2 * DRAW_CHUNK;
    if (this.#markdownPack !== this.pack) {
      this.#markdownPack = this.pack;
      this.#markdown.clear();
    }
    if (changed.has('opened') || changed.has('mode')) this.#watchPage(this.mode === 'launcher' && this.opened);
  }

  protected override updated(changed: PropertyValues<this>): void {
    // Below 480 px the open panel is a modal dialog (the browser keeps focus in it and makes the page inert);
    // closed first, so that it can become a popover again below. Showing a dialog either way moves focus to
    // its first button, closing a modal one back to where it was before it opened: the panel is inert while
    // it opens (so a panel reopened on the next page takes no focus from the page), and when the viewport
    // crosses 480 px focus goes back to where the visitor had it.
    // A frame of a streaming answer changes none of this (only the thread's text): it is left alone then, and a
    // viewport that crossed 480 px meanwhile takes effect at the answer's end.
    if (changed.size || !this.#chat.busy) {
      const panel = this.renderRoot.querySelector('dialog');
      const focused = this.shadowRoot?.activeElement as HTMLElement | null;
      if (panel) {
        panel.inert = changed.has('opened');
        if (!this.#modal) panel.close();
        else if (!panel.open) panel.showModal();
      }
      // The launcher, the panel and the teaser live in the top layer, where a transformed or filtered page
      // (`body { transform: … }`) cannot become their containing block and carry them off the screen. A
      // browser without popovers throws here (and keeps them fixed), as does an element out of the page; one
      // already shown stays so. An element moved in the page leaves the top layer until its next render (fixed
      // positioning meanwhile).
      for (const layer of this.renderRoot.querySelectorAll<HTMLElement>('[popover]')) {
        try {
          layer.showPopover();
        } catch {
          // Fixed positioning, as before popovers.
        }
      }
      if (panel) panel.inert = false;
      focused?.focus();
    }
    const teaserAfter = this.#widgetSetting?.teaserAfter || this.teaserAfter;
    if (teaserAfter > 0 && !this.#teaserTimer && this.mode === 'launcher' && this.#chat.status === 'ready' && !this.#chat.conversation.messages.length) {
      this.#teaserTimer = window.setTimeout(
        () =>
          void import('./on-demand/teaser.js').then((module) => {
            this.#teaser = module;
            this.requestUpdate();
          }),
        teaserAfter * 1000,
      );
    }
    const thread = this.#thread;
    // The thread draws messages once the bot is loaded (before, it shows the loading notice).
    if (thread && this.#messagesShown) {
      // An empty conversation has nothing to follow: reading the thread's height would force its first layout
      // into the task that draws it, before the first paint.
      if (this.stuckToBottom && this.#chat.conversation.messages.length > 0) {
        if (thread.scrollHeight - thread.scrollTop - thread.clientHeight > 1) {
          thread.scrollTop = thread.scrollHeight;
          this.#lastAutoScrollTop = thread.scrollTop;
        }
        this.#followedHeight = thread.scrollHeight;
      }
      if (this.#drawnFrom > 0) {
        // The chunk before is drawn in the same task (before the first paint) while the messages drawn do not
        // fill the thread, unless the thread grows with them (an inline element without a height); then in an
        // update of its own, in a task of its own.
        const height = thread.clientHeight;
        this.#drawnFrom -= DRAW_CHUNK;
        if (height && height === (this.#threadHeight ??= height) && thread.scrollHeight <= height) this.requestUpdate();
        else setTimeout(() => this.requestUpdate());
      }
    }
    if (this.#loaderHadFocus) {
      this.#loaderHadFocus = false;
      if (this.mode === 'launcher' && !this.#focusAfterUpdate) this.#launcher?.focus();
    }
    const target = this.#focusAfterUpdate;
    if (target === 'launcher' && this.#launcher) {
      this.#focusAfterUpdate = undefined;
      this.#launcher.focus();
    } else if (target === 'composer' && (this.#textarea || this.#chat.status === 'unavailable')) {
      this.#focusAfterUpdate = undefined;
      const field = this.#textarea && !this.#textarea.disabled ? this.#textarea : this.shadowRoot?.querySelector<HTMLElement>('.panel button');
      field?.focus({ preventScroll: true });
    }
  }

  // The page is watched while a launcher panel is open (see on-demand/open-panel.ts); the module's code runs
  // with the state of the element when it has come.
  #watchPage(on: boolean): void {
    if (on || this.#pageWatched) {
      this.#pageWatched = on;
      void import('./on-demand/open-panel.js').then((module) => module.watchPage(this, this.#pageWatched));
    }
  }

  #answerSettled(answer: AnswerMessage): void {
    // Stop turns back into a Send that is disabled while the field is empty: focus left on it would fall to
    // the page's body, so it moves to the message field.
    if (this.shadowRoot?.activeElement?.classList.contains('send')) this.#focusAfterUpdate = 'composer';
    // Nobody hears a live region inside a closed panel: the launcher shows the unread sign instead.
    if (this.mode === 'launcher' && !this.opened) this.unread = true;
    // In a task of its own: reading a long answer's text and laying it out in the live region takes tens of
    // milliseconds, which would lengthen the frame that draws the end of the answer.
    else setTimeout(() => this.#announceAnswer(answer));
  }

  #announceAnswer(answer: AnswerMessage): void {
    const s = this.pack;
    let text: string;
    // The first 10,000 characters (some 25 minutes of speech): reading a huge answer's Markdown whole would hold
    // up the page for nothing a listener waits for; the rest is in the thread.
    if (answer.status === 'complete') text = s.answered(this.#botName, markdownToText(answer.text.slice(0, 1e4)));
    else if (answer.status === 'stopped') text = s.stopped;
    else text = this.#failureText(answer.failure ?? 'service');
    this.#announce(text);
  }

  #announce(text: string): void {
    // A new node each time, so that the same text twice is announced twice.
    const announcement = document.createElement('span');
    announcement.textContent = text;
    this.announcement = announcement;
  }

  /** The language the bot answers in (its `bot_language`), to mark answers and suggestions with. */
  get #answerLanguage(): string | undefined {
    return languageTag(this.#chat.bot?.bot_language);
  }

  /** The greeting of an empty conversation: the service's widget settings, else the element's, else the pack's. */
  get #greetingText(): string {
    return this.#widgetSetting?.initialMessage || this.initialMessage.trim() || this.pack.greeting(this.#botName);
  }

  get #botName(): string {
    return this.#chat.bot?.bot_name.trim() || this.pack.title;
  }

  #failureText(kind: FailureKind): string {
    return (this.settings?.custom_error_message ?? this.#chat.bot?.custom_error_message)?.trim() || this.pack[FAILURE_STRINGS[kind]];
  }

  #markdownFor(answer: AnswerMessage): MarkdownStream {
    let stream = this.#markdown.get(answer.id);
    if (!stream) {
      stream = new MarkdownStream({
        copyCodeLabel: this.pack.copyCode,
        onCopyCode: (code, button) => void this.#copy(code, button),
        onLoad: () => this.requestUpdate(),
      });
      this.#markdown.set(answer.id, stream);
    }
    return stream;
  }

  async #copy(text: string, button?: HTMLElement): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Refused (no permission, no secure context, no clipboard): nothing was copied, nothing is said.
      return;
    }
    this.#announce(this.pack.copied);
    if (button) {
      button.dataset['copied'] = '';
      setTimeout(() => delete button.dataset['copied'], 1500);
    }
  }

  #onThreadScroll(): void {
    const thread = this.#thread;
    if (!thread) return;
    const { scrollHeight } = thread;
    const resized = scrollHeight !== this.#followedHeight;
    this.#followedHeight = scrollHeight;
    // The content changed height since the thread was last seen, and the browser moved the view to keep what was
    // on screen in place (scroll anchoring): a message drawn off screen laid out, or skipped again at its
    // estimated size (content-visibility). Not the visitor scrolling: a thread stuck to its end stays there.
    if (resized && this.stuckToBottom) {
      thread.scrollTop = scrollHeight;
      this.#lastAutoScrollTop = thread.scrollTop;
      return;
    }
    const distance = scrollHeight - thread.scrollTop - thread.clientHeight;
    if (distance <= STICK_THRESHOLD) this.stuckToBottom = true;
    else if (thread.scrollTop < this.#lastAutoScrollTop - 1) this.stuckToBottom = false;
    this.#lastAutoScrollTop = Math.min(this.#lastAutoScrollTop, thread.scrollTop);
    if (this.stuckToBottom) this.#lastAutoScrollTop = thread.scrollTop;
  }

  #jumpToLatest(): void {
    this.stuckToBottom = true;
    this.#focusAfterUpdate = 'composer';
  }

  #submitDraft(): void {
    const text = this.draft.trim();
    if (!text || this.#chat.busy || this.#chat.status !== 'ready') return;
    if (this.#chat.send(text)) {
      this.draft = '';
      this.stuckToBottom = true;
    }
  }

  #selectSuggestion(question: string): void {
    const event = new ChatbotSuggestionSelectEvent(question);
    this.dispatchEvent(event);
    if (event.defaultPrevented) return;
    if (this.#chat.send(question)) {
      this.stuckToBottom = true;
      this.#focusAfterUpdate = 'composer';
    }
  }

  #retry(answerId: string): void {
    if (this.#chat.retry(answerId)) {
      this.stuckToBottom = true;
      this.#focusAfterUpdate = 'composer';
    }
  }

  #newConversation(): void {
    this.reset();
    this.#focusAfterUpdate = 'composer';
  }

  #rate(answer: AnswerMessage, value: FeedbackValue): void {
    this.#chat.rate(answer.id, answer.feedback === value ? null : value);
  }

  /** Below 480 px the open panel covers the screen, so it is a modal dialog: the page is inert (WCAG 2.4.11). */
  get #modal(): boolean {
    return this.opened && matchMedia('(max-width:480px)').matches;
  }

  #onPanelKeydown(event: KeyboardEvent): void {
    // Bound in launcher mode only; close() returns focus to the launcher when it was inside the panel.
    if (event.key === 'Escape' && this.opened) {
      event.stopPropagation();
      this.close();
    }
  }

  // Read aloud (with the answer's text) and voice input (without): their code loads on the first press. The
  // button is taken from the event at once (its currentTarget is gone once the import resolves).
  #speech = (event: Event, text?: string, button = event.currentTarget as HTMLButtonElement) =>
    void import('./on-demand/speech.js').then((speech) => speech.speech(button, text));

  #time(at: number): TemplateResult {
    const date = new Date(at);
    return html`<time datetime=${date.toISOString()}>${this.pack.time?.(date) ?? clockTime(date, this.pack.lang as Language)}</time>`;
  }

  #renderQuestion(message: QuestionMessage): TemplateResult {
    return html`<div class="message user" part="message user-message">
      <div class="bubble" part="bubble" dir="auto"><span class="sr-only" dir=${this.pack.dir}>${this.pack.you}: </span>${message.text}</div>
      <div class="meta">${this.#time(message.at)}</div>
    </div>`;
  }

  #renderAnswer(answer: AnswerMessage): TemplateResult {
    const s = this.pack;
    const streaming = answer.status === 'streaming';
    const body = this.#markdownFor(answer).render(answer.text, !streaming);
    let footer: unknown = nothing;
    if (answer.status === 'failed') {
      footer = html`<p class="note error" part="error">
        <span>${this.#failureText(answer.failure ?? 'service')}</span>
        <button type="button" class="text-button" @click=${() => this.#retry(answer.id)}>${s.retry}</button>
      </p>`;
    } else if (streaming && this.#chat.reconnecting) {
      footer = html`<p class="note">${s.reconnecting}</p>`;
    } else if (answer.status === 'stopped') {
      footer = html`<p class="note">
        <span>${s.stopped}</span>
        <button type="button" class="text-button" @click=${() => this.#retry(answer.id)}>${s.retry}</button>
      </p>`;
    }
    const actions =
      answer.status === 'complete'
        ? [
            iconButton(s.copyAnswer, copyIcon, () => void this.#copy(answer.text)),
            window.speechSynthesis ? iconButton(s.readAloud, speakerIcon, (event) => this.#speech(event, markdownToText(answer.text))) : nothing,
            iconButton(s.helpful, upIcon, () => this.#rate(answer, 'up'), answer.feedback === 'up'),
            iconButton(s.notHelpful, downIcon, () => this.#rate(answer, 'down'), answer.feedback === 'down'),
          ]
        : nothing;
    const empty = !answer.text;
    return html`<div class="message bot" part="message bot-message" aria-busy=${streaming}>
      ${empty && !streaming
        ? nothing
        : html`<div class="bubble markdown" part="bubble" dir="auto" lang=${ifDefined(this.#answerLanguage)}>
            <span class="sr-only" dir=${s.dir} lang=${s.lang}>${this.#botName}: </span>${body}${streaming && empty
              ? html`<span class="typing" role="img" lang=${s.lang} aria-label=${s.writing}><span></span><span></span><span></span></span>`
              : nothing}
          </div>`}
      ${footer}
      ${streaming ? nothing : html`<div class="meta">${this.#time(answer.at)}${actions}</div>`}
    </div>`;
  }

  #renderMessage(message: Message): unknown {
    if (message.role === 'user') return memo([message, this.pack], () => this.#renderQuestion(message));
    if (message.status === 'streaming') return this.#renderAnswer(message);
    return memo([message, this.pack, this.#chat.bot, this.settings?.custom_error_message, drawTable], () => this.#renderAnswer(message));
  }

  // Undefined until the lead form's module is in: Lit draws nothing for it.
  #renderLeadForm(): unknown {
    return this.#leadForm.module?.renderWidgetLeadForm(this.#chat, this.pack, this.strings, this.leadErrors, {
      onInvalid: (errors) => (this.leadErrors = errors),
      onSubmit: (thanks) => {
        this.leadErrors = undefined;
        this.#focusAfterUpdate = 'composer';
        this.#announce(thanks);
      },
    });
  }

  #renderThread(loading: boolean): TemplateResult {
    const s = this.pack;
    this.#messagesShown = !loading;
    if (loading) {
      // A thread of its own: the one with the messages starts afresh (scrolled to its end) once the bot is in.
      return html`<div class="thread" part="thread" role="region" tabindex="0" aria-label=${s.conversation}>
        <p class="greeting" part="notice" role="status" aria-live="polite">${typingDots}<span>${s.loading}</span></p>
      </div>`;
    }
    const { conversation, bot } = this.#chat;
    const messages = conversation.messages;
    const info = bot?.collect_customer_info;
    const leadShown = leadFormDue(conversation, info);
    // The lead form sits after the answer that made it due.
    const leadAfter = leadShown ? (this.#leadForm.module?.leadFormIndex(conversation, info) ?? -2) : -2;
    const last = messages.at(-1);
    const starters = this.#widgetSetting?.starterQuestions.length ? this.#widgetSetting.starterQuestions : this.starterQuestions;
    const questions = !last ? (leadShown ? [] : starters) : last.role === 'assistant' && last.status === 'complete' ? last.suggestions : [];
    const chips =
      !this.#chat.busy && !this.#chat.leadBlocking && this.#chat.queued.length === 0
        ? this.#chips.render(questions, s.suggestions, s.dir, this.#answerLanguage)
        : nothing;
    // Each chunk of messages holds the parts of the later ones: drawing an older chunk, or adding a message,
    // leaves the messages drawn already alone.
    const chunks = (from: number, to: number): unknown =>
      from < to
        ? html`${from < this.#drawnFrom ? nothing : html`<div class="chunk">${messages.slice(from, from + DRAW_CHUNK).map((message) => [this.#renderMessage(message), message === messages[leadAfter] ? this.#renderLeadForm() : nothing])}</div>`}${chunks(from + DRAW_CHUNK, to)}`
        : nothing;
    // The chunks before the last are left alone by an update that changes none of their messages, a streamed
    // frame say: Lit would otherwise walk every drawn message's parts at every frame. (A lead form after one
    // of them is drawn again at every update.) They sit in an element of their own, contained (see .history).
    const lastChunk = messages.length - 1 - ((messages.length - 1) % DRAW_CHUNK);
    return html`<div class="thread" part="thread" role="region" tabindex="0" aria-label=${s.conversation} @scroll=${this.#onThreadScroll}>
      ${messages.length === 0 && !leadShown ? html`<p class="greeting" dir="auto">${this.#greetingText}</p>` : nothing}
      ${leadAfter === -1 ? this.#renderLeadForm() : nothing}
      ${memo(
        [this.#drawnFrom, leadAfter < lastChunk && messages[leadAfter] && {}, this.#chat.reconnecting, s, bot, this.settings?.custom_error_message, drawTable, ...messages.slice(0, lastChunk)],
        () => (lastChunk ? html`<div class="history">${chunks(0, lastChunk)}</div>` : nothing),
      )}${chunks(lastChunk, messages.length)}
      ${chips}
    </div>`;
  }

  #renderBody(): TemplateResult {
    const s = this.pack;
    // Nothing but the loading notice until the language pack is in (a notice drawn before would speak
    // English). While the bot's information is on its way (past LOADING_GRACE, when the panel was blank), or
    // a lead form due at once, the chat is drawn already with the loading notice in its thread: the visitor
    // can type, and send once the bot has come. The messages of a restored conversation are drawn then, with
    // the bot they name.
    const { status: botStatus, conversation, bot } = this.#chat;
    const leadFormMissing = botStatus === 'ready' && leadFormDue(conversation, bot?.collect_customer_info) && !this.#leadForm.module;
    const leadFormFailed = leadFormMissing && this.#leadForm.failed;
    const status = leadFormFailed ? 'unavailable' : this.packPending ? 'idle' : botStatus;
    if (status === 'unavailable') {
      const reason = (leadFormFailed ? undefined : this.#chat.unavailableReason) ?? 'load-failed';
      return html`<div class="state problem" part="notice" role="alert">
        <p>${s[FAILURE_STRINGS[reason]]}</p>
        ${reason === 'load-failed' ? html`<button type="button" class="text-button" @click=${() => this.#chat.load()}>${s.retry}</button>` : nothing}
      </div>`;
    }
    if (status !== 'ready' && status !== 'loading') {
      return html`<div class="state" part="notice" role="status" aria-live="polite">${typingDots}<span>${s.loading}</span></div>`;
    }
    const busy = this.#chat.busy;
    const leadBlocking = this.#chat.leadBlocking;
    const speechWindow = window as SpeechWindow;
    // One button for both jobs, so keyboard focus stays on it when sending turns into stopping.
    const sendLabel = busy ? s.stop : s.send;
    return html`${this.#renderThread(status !== 'ready' || leadFormMissing)}
      <div class="bottom">
        ${this.stuckToBottom
          ? nothing
          : html`<button type="button" class="jump" part="jump-button" @click=${this.#jumpToLatest}>${arrowIcon}${s.jumpToLatest}</button>`}
        <form class="composer" part="composer" @submit=${(event: SubmitEvent) => {
          event.preventDefault();
          if (busy) this.#chat.stop();
          else this.#submitDraft();
        }}>
          <textarea
            part="input"
            rows="1"
            enterkeyhint="send"
            dir="auto"
            aria-label=${s.messageLabel}
            placeholder=${(leadBlocking && this.#leadForm.module?.leadStrings(s, this.strings).leadPending) || s.placeholder}
            .value=${this.draft}
            ?disabled=${leadBlocking}
            @input=${(event: InputEvent) => (this.draft = (event.target as HTMLTextAreaElement).value)}
            @keydown=${(event: KeyboardEvent) => {
              if (!sendsOnEnter(event)) return;
              event.preventDefault();
              if (!busy) this.#submitDraft();
            }}
          ></textarea>
          ${speechWindow.SpeechRecognition || speechWindow.webkitSpeechRecognition
            ? html`<button type="button" class="icon-button" part="voice-button" aria-label=${s.voiceInput} title=${s.voiceInput} aria-pressed="false" ?disabled=${leadBlocking} @click=${this.#speech}>${micIcon}</button>`
            : nothing}
          <button
            type="submit"
            class="send"
            part=${busy ? 'stop-button' : 'send-button'}
            aria-label=${sendLabel}
            title=${sendLabel}
            ?disabled=${!busy && (leadBlocking || status !== 'ready' || this.draft.trim() === '')}
          >
            ${busy ? stopIcon : sendIcon}
          </button>
        </form>
        <p class="disclaimer" part="disclaimer">${s.disclaimer}</p>
      </div>`;
  }

  override render(): TemplateResult | typeof nothing {
    const s = this.pack;
    const launcherMode = this.mode === 'launcher';
    const name = this.#botName;
    const status = this.#chat.status;
    const hasMessages = this.#chat.conversation.messages.length > 0;
    const canStartOver = status === 'ready' && hasMessages;
    const content = this.#inGrace
      ? nothing
      : html`<div class="header" part="header">
        <span class="avatar" aria-hidden="true">${[...name][0]}</span>
        <h2 id="title" part="title">${name}</h2>
        ${canStartOver ? iconButton(s.newConversation, newIcon, this.#newConversation) : nothing}
        ${launcherMode
          ? iconButton(s.closeChat, closeIcon, () => {
              this.close();
              this.#focusAfterUpdate = 'launcher';
            })
          : nothing}
      </div>
      ${this.#renderBody()}
      <div class="sr-only" role="status" aria-live="polite">${this.announcement}</div>`;
    if (!launcherMode) {
      return this.#inGrace
        ? nothing
        : html`<div class="panel" part="panel" id="panel" role="region" aria-labelledby="title" lang=${s.lang} dir=${s.dir}>${content}</div>`;
    }
    // A dialog: modal below 480 px (see updated()), else a manual popover beside the page, in the top layer
    // (which Chromium would call modal without aria-modal="false").
    return html`<dialog
        class="panel"
        part="panel"
        id="panel"
        popover=${ifDefined(this.#modal ? undefined : 'manual')}
        aria-modal=${this.#modal}
        aria-labelledby="title"
        lang=${s.lang}
        dir=${s.dir}
        ?hidden=${!this.opened}
        @keydown=${this.#onPanelKeydown}
      >
        ${content}
      </dialog><button
        type="button"
        class="launcher"
        part="launcher"
        popover="manual"
        aria-label=${this.opened ? s.closeChat : this.unread ? s.openChatUnread : s.openChat}
        aria-expanded=${this.opened ? 'true' : 'false'}
        aria-controls="panel"
        dir=${s.dir}
        @click=${this.toggle}
        @keydown=${this.#onPanelKeydown}
      >
        ${this.opened ? closeIcon : chatIcon}${this.unread && !this.opened ? html`<span class="unread" part="unread"></span>` : nothing}
      </button>${this.#teaser?.renderTeaser(this, this.#greetingText, s) ?? nothing}`;
  }
}
