// <chatbot-widget> in every state that matters, against the fake service (stories/fake-service.ts). Each
// story's play function proves its state really shows; tests may import `renderWidget` and the services.
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { styleMap } from 'lit/directives/style-map.js';
import '../src/chatbot-widget.js';
import { englishStrings, loadStrings } from '../src/i18n/index.js';
import { LEAD_STRINGS } from '../src/i18n/lead-form.js';
import type { Theme } from '../src/themes/tokens.js';
import type { StorageKind } from '../src/widget/conversation-store.js';
import type { ChatbotWidget, WidgetMode } from '../src/widget/chatbot-widget.component.js';
import type {
  ChatbotAnswerCompleteEvent,
  ChatbotErrorEvent,
  ChatbotLeadSubmitEvent,
  ChatbotOpenEvent,
} from '../src/widget/events.js';
import { FAKE_BOT_ID, FAKE_SERVICE_URL, FakeService, MARKDOWN_SHOWCASE_ANSWER } from './fake-service.js';
import { check, deepQueryAll, elementIn, nextEvent, shadowOf, sleep, textOf, typeInto, waitFor } from './story-helpers.js';

/** What a widget story sets. */
export interface WidgetStoryArgs {
  /** The bot to chat with. */
  botId: string;
  /** Base address of the service. */
  baseUrl: string;
  /** `launcher` or `inline`. */
  mode: WidgetMode;
  /** `light`, `dark` or `auto`. */
  theme: Theme;
  /** Language override; empty to follow the bot. */
  lang: string;
  /** Where the conversation is kept (`none` in stories, so every story starts empty). */
  storage: StorageKind;
  /** Custom properties set on the frame around the widget (theme tokens). */
  tokens?: Record<string, string>;
}

/** Renders the widget in a frame the size of a chat panel (inline) or on an empty page (launcher). */
export function renderWidget(args: WidgetStoryArgs): TemplateResult {
  const frame = {
    ...(args.mode === 'inline' ? { height: '600px', maxWidth: '440px' } : { minHeight: '120px' }),
    ...args.tokens,
  };
  return html`<div style=${styleMap(frame)}>
    <chatbot-widget
      bot-id=${args.botId}
      base-url=${args.baseUrl}
      mode=${args.mode}
      theme=${args.theme}
      storage=${args.storage}
      lang=${ifDefined(args.lang || undefined)}
    ></chatbot-widget>
  </div>`;
}

const meta: Meta<WidgetStoryArgs> = {
  title: 'Elements/chatbot-widget',
  component: 'chatbot-widget',
  render: renderWidget,
  excludeStories: /^render/,
  args: {
    botId: FAKE_BOT_ID,
    baseUrl: FAKE_SERVICE_URL,
    mode: 'inline',
    theme: 'light',
    lang: '',
    storage: 'none',
  },
  argTypes: {
    mode: { control: 'inline-radio', options: ['launcher', 'inline'] },
    theme: { control: 'inline-radio', options: ['light', 'dark', 'auto'] },
    storage: { control: 'inline-radio', options: ['session', 'local', 'none'] },
    lang: { control: 'select', options: ['', 'en', 'vi', 'ja', 'fr', 'es', 'de', 'ar'] },
    tokens: {
      control: 'object',
      description: 'Story helper, not an attribute: `--chatbot-*` theme tokens set on the container around the widget.',
    },
  },
  parameters: {
    docs: {
      description: {
        component:
          'The chat element customers embed. Every story runs offline against a fake service at the network level (msw), ' +
          'except **Live (needs npm run demo)**, which talks to a running reference service.',
      },
    },
  },
};
export default meta;

type Story = StoryObj<WidgetStoryArgs>;

/** The widget of the story, rendered, with its shadow root. */
async function widgetOf(canvas: HTMLElement): Promise<{ widget: ChatbotWidget; root: ShadowRoot }> {
  const widget = await elementIn<ChatbotWidget>(canvas, 'chatbot-widget');
  return { widget, root: shadowOf(widget) };
}

/** Waits until the bot's information has loaded and the message field is there. */
async function ready(canvas: HTMLElement): Promise<{ widget: ChatbotWidget; root: ShadowRoot; field: HTMLTextAreaElement }> {
  const { widget, root } = await widgetOf(canvas);
  // The field is drawn while the bot's information is on its way, with the loading notice in the thread.
  const field = await waitFor(() => !root.querySelector('[part~="notice"]') && root.querySelector('textarea'), 'the message field (bot loaded)');
  return { widget, root, field };
}

/** Types a question and presses the send button, as a visitor does. */
async function ask(widget: ChatbotWidget, root: ShadowRoot, question: string): Promise<void> {
  typeInto(root.querySelector('textarea')!, question);
  await widget.updateComplete;
  const send = root.querySelector<HTMLButtonElement>('button.send');
  check(send && !send.disabled, 'the send button is enabled once a question is typed');
  send.click();
}

const answers = (root: ShadowRoot) => [...root.querySelectorAll<HTMLElement>('.message.bot')];
const lastAnswer = (root: ShadowRoot) => answers(root).at(-1);
const chipsOf = (root: ShadowRoot) => [...root.querySelectorAll<HTMLButtonElement>('[part~="suggestions"] button')];

/** Asks a question and waits for the whole answer; returns the completion event. */
async function askAndWait(widget: ChatbotWidget, root: ShadowRoot, question: string): Promise<ChatbotAnswerCompleteEvent> {
  const completed = nextEvent<ChatbotAnswerCompleteEvent>(widget, 'chatbot-answer-complete', 15_000);
  await ask(widget, root, question);
  const event = await completed;
  await widget.updateComplete;
  return event;
}

const service = new FakeService();

/** A new conversation: the bot's name, a greeting and an empty message field. */
export const Empty: Story = {
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { root, field } = await ready(canvasElement);
    const title = textOf(root.querySelector('[part~="title"]'));
    check(title === service.bot.bot_name, `the header shows the bot's name, got "${title}"`);
    const greeting = textOf(root.querySelector('.greeting'));
    check(greeting === englishStrings.greeting(service.bot.bot_name), `the greeting names the bot, got "${greeting}"`);
    check(field.getAttribute('aria-label') === englishStrings.messageLabel, 'the message field has its label');
    check(root.querySelector<HTMLButtonElement>('button.send')?.disabled, 'send is disabled while the field is empty');
    check(answers(root).length === 0, 'no messages yet');
  },
};

/** The floating launcher: a click opens the panel, focuses the message field and fires `chatbot-open`. */
export const Launcher: Story = {
  args: { mode: 'launcher' },
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await widgetOf(canvasElement);
    const launcher = await waitFor(() => root.querySelector<HTMLButtonElement>('[part~="launcher"]'), 'the launcher');
    check(launcher.getAttribute('aria-expanded') === 'false', 'the panel starts closed');
    check(root.querySelector<HTMLElement>('[part~="panel"]')?.hidden, 'the closed panel is hidden');
    const opened = nextEvent<ChatbotOpenEvent>(widget, 'chatbot-open');
    launcher.click();
    await opened;
    await widget.updateComplete;
    const panel = root.querySelector<HTMLElement>('[part~="panel"]')!;
    check(!panel.hidden && panel.localName === 'dialog', 'the open panel is a dialog');
    check(launcher.getAttribute('aria-expanded') === 'true', 'the launcher says the panel is open');
    await waitFor(() => root.activeElement?.localName === 'textarea', 'focus in the message field');
  },
};

const slowService = new FakeService({ stream: { chunkDelayMs: 220, holdAfterChars: 150 } });

/** An answer arriving: partial text, the stop button, and no chips until it has finished. */
export const Streaming: Story = {
  beforeEach: slowService.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await ready(canvasElement);
    await ask(widget, root, 'Tell me about the Barista Pro');
    const answer = await waitFor(() => {
      const bubble = lastAnswer(root)?.querySelector('[part~="bubble"]');
      return textOf(bubble).length > 40 && lastAnswer(root);
    }, 'part of the answer');
    check(answer.getAttribute('aria-busy') === 'true', 'the streaming answer is marked busy');
    const stop = root.querySelector<HTMLButtonElement>('[part~="stop-button"]');
    check(stop && stop.getAttribute('aria-label') === englishStrings.stop, 'the send button has become a stop button');
    check(chipsOf(root).length === 0, 'no suggestions while the answer streams');
    check(slowService.chatRequests.length === 1, 'one question reached the service');
  },
};

/** A finished answer with Markdown, the answer actions and four suggested questions as a toolbar. */
export const AnsweredWithSuggestions: Story = {
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await ready(canvasElement);
    const event = await askAndWait(widget, root, 'Tell me about the Barista Pro');
    check(event.suggestions.length === 4, `four suggestions arrived, got ${event.suggestions.length}`);
    const bubble = lastAnswer(root)!.querySelector('[part~="bubble"]')!;
    check(bubble.querySelector('strong')?.textContent === 'Barista Pro', 'bold text is rendered as <strong>');
    check(!textOf(bubble).includes('Answer:'), 'the answer marker is not shown');
    const chips = await waitFor(() => chipsOf(root).length === 4 && chipsOf(root), 'four suggestion chips');
    check(root.querySelector('[part~="suggestions"]')?.getAttribute('role') === 'toolbar', 'the chips are a toolbar');
    check(chips.filter((chip) => chip.tabIndex === 0).length === 1, 'the toolbar has one tab stop');
    check(textOf(chips[0]) === event.suggestions[0], 'the first chip is the first suggestion');
    const copy = lastAnswer(root)!.querySelector(`button[aria-label="${englishStrings.copyAnswer}"]`);
    check(copy, 'a finished answer can be copied');
  },
};

/** A chip sends its question: the next answer comes back without typing. */
export const SuggestionSent: Story = {
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await ready(canvasElement);
    await askAndWait(widget, root, 'Tell me about the Barista Pro');
    const chip = await waitFor(() => chipsOf(root)[1], 'the suggestion chips');
    const question = textOf(chip);
    const selected = nextEvent(widget, 'chatbot-suggestion-select');
    const completed = nextEvent<ChatbotAnswerCompleteEvent>(widget, 'chatbot-answer-complete', 15_000);
    chip.click();
    await selected;
    const event = await completed;
    check(event.question === question, `the chip's question was sent, got "${event.question}"`);
    check(service.chatRequests.at(-1)?.body['message'] === question, 'the service received the chip question');
    const history = service.chatRequests.at(-1)?.body['chat_history'] as { sender_type: string; content: string }[];
    check(history.length === 2 && history[1]!.sender_type === 'assistant', 'the earlier exchange went along as chat_history');
    check(!history[1]!.content.includes('Suggest'), 'chat_history carries the answer text without its suggestion list');
  },
};

const GREETING = 'Hi! I answer questions about Acme espresso machines.';
const STARTER_QUESTIONS = ['How do I descale the Barista Pro?', 'Which grinder suits the Barista Pro?'];
const greetingService = new FakeService({ widgetSettings: { initial_message: GREETING, suggest_messages: STARTER_QUESTIONS } });

/** The bot's greeting and starter questions from the service's widget settings; a starter chip asks its question. */
export const GreetingAndStarterQuestions: Story = {
  beforeEach: greetingService.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await ready(canvasElement);
    await waitFor(() => textOf(root.querySelector('.greeting')) === GREETING, 'the greeting of the widget settings');
    const chips = await waitFor(() => chipsOf(root).length === 2 && chipsOf(root), 'two starter chips');
    check(chips.map(textOf).join('|') === STARTER_QUESTIONS.join('|'), 'the chips are the starter questions, in order');
    const completed = nextEvent<ChatbotAnswerCompleteEvent>(widget, 'chatbot-answer-complete', 15_000);
    chips[0]!.click();
    const event = await completed;
    check(event.question === STARTER_QUESTIONS[0], `the first starter question was asked, got "${event.question}"`);
    check(!root.querySelector('.greeting'), 'the greeting gives way to the conversation');
  },
};

const markdownService = new FakeService({ answer: MARKDOWN_SHOWCASE_ANSWER });

/** Everything the Markdown renderer draws: lists, a table, code with a copy button, safe links. */
export const MarkdownShowcase: Story = {
  beforeEach: markdownService.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await ready(canvasElement);
    await askAndWait(widget, root, 'How do I descale it?');
    const bubble = lastAnswer(root)!.querySelector('[part~="bubble"]')!;
    check(bubble.querySelectorAll('ol > li').length === 3, 'the numbered list has three items');
    check(bubble.querySelectorAll('ul > li').length === 2, 'the bullet list has two items');
    check(bubble.querySelectorAll('table tr').length === 3, 'the table has a header row and two rows');
    check(textOf(bubble.querySelector('pre code')).startsWith('acme-cli descale'), 'the fenced code block is rendered');
    check(bubble.querySelector(`[part~="code-block"] button, pre ~ button, button[aria-label="${englishStrings.copyCode}"]`), 'the code block has a copy button');
    const link = bubble.querySelector<HTMLAnchorElement>('a[href^="https://acme.example"]');
    check(link?.target === '_blank' && link.rel.includes('noopener') && link.rel.includes('noreferrer'), 'links open in a new tab, safely');
    check(bubble.querySelector('a[href^="mailto:"]'), 'mailto links stay live');
    const scriptLinks = deepQueryAll<HTMLAnchorElement>(root, 'a').filter((a) => a.href.startsWith('javascript:'));
    check(scriptLinks.length === 0, 'a javascript: link is not live');
    check(textOf(bubble).includes('run'), 'the inert link keeps its text');
  },
};

const failingService = new FakeService({ faults: { chat: 'server-error' } });

/** The service failed the answer: the bot's own error message and a Retry button stay in the thread. */
export const AnswerFailed: Story = {
  beforeEach: failingService.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await ready(canvasElement);
    const failed = nextEvent<ChatbotErrorEvent>(widget, 'chatbot-error');
    await ask(widget, root, 'Is the grinder covered by the warranty?');
    const event = await failed;
    check(event.operation === 'answer' && event.kind === 'service', `an answer error of kind service, got ${event.kind}`);
    await widget.updateComplete;
    const note = await waitFor(() => root.querySelector('[part~="error"]'), 'the error note');
    check(textOf(note).includes(failingService.bot.custom_error_message), "the bot's custom error message is shown");
    const retry = [...note.querySelectorAll('button')].find((button) => textOf(button) === englishStrings.retry);
    check(retry, 'the failed answer offers Retry');
    check(textOf(root.querySelector('.message.user')) .includes('Is the grinder covered'), 'the question stays in the thread');
  },
};

const interruptedService = new FakeService({ faults: { chat: { fault: 'disconnect', times: 1 } } });

/** The connection broke mid-answer: the partial text stays, and Retry asks again and completes. */
export const InterruptedThenRetried: Story = {
  beforeEach: interruptedService.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await ready(canvasElement);
    const failed = nextEvent<ChatbotErrorEvent>(widget, 'chatbot-error');
    await ask(widget, root, 'Tell me about the Barista Pro');
    await failed;
    await widget.updateComplete;
    const partial = textOf(lastAnswer(root)?.querySelector('[part~="bubble"]'));
    check(partial.length > 0, 'the partial answer is kept');
    const retry = await waitFor(
      () => [...root.querySelectorAll<HTMLButtonElement>('[part~="error"] button')].find((b) => textOf(b) === englishStrings.retry),
      'the Retry button',
    );
    const completed = nextEvent<ChatbotAnswerCompleteEvent>(widget, 'chatbot-answer-complete', 15_000);
    retry.click();
    const event = await completed;
    check(event.suggestions.length === 4, 'the retried answer completed with its suggestions');
    check(interruptedService.chatRequests.length === 2, 'the question was asked twice');
  },
};

const deactivatedService = new FakeService({ bot: { is_activate: false } });

/** A switched-off bot shows a clear notice instead of a chat. */
export const DeactivatedBot: Story = {
  beforeEach: deactivatedService.install,
  play: async ({ canvasElement }) => {
    const { root } = await widgetOf(canvasElement);
    const notice = await waitFor(() => root.querySelector('[part~="notice"][role="alert"]'), 'the unavailable notice');
    check(textOf(notice) === englishStrings.botDeactivated, `the deactivated text, got "${textOf(notice)}"`);
    check(!root.querySelector('textarea'), 'no message field for a deactivated bot');
  },
};

const exhaustedService = new FakeService({ bot: { num_message_left: 0 } });

/** A bot with no messages left says so instead of failing on every question. */
export const NoMessagesLeft: Story = {
  beforeEach: exhaustedService.install,
  play: async ({ canvasElement }) => {
    const { root } = await widgetOf(canvasElement);
    const notice = await waitFor(() => root.querySelector('[part~="notice"][role="alert"]'), 'the unavailable notice');
    check(textOf(notice) === englishStrings.noMessagesLeft, `the no-messages text, got "${textOf(notice)}"`);
    check(!root.querySelector('textarea'), 'no message field when no messages are left');
  },
};

const runningOutService = new FakeService({ faults: { chat: 'no-messages' } });

/** Credits ran out during the conversation: the answer fails with the service's 402 explained. */
export const MessagesRanOutMidConversation: Story = {
  beforeEach: runningOutService.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await ready(canvasElement);
    const failed = nextEvent<ChatbotErrorEvent>(widget, 'chatbot-error');
    await ask(widget, root, 'Do you ship to Canada?');
    const event = await failed;
    check(event.kind === 'no-messages', `a no-messages failure, got ${event.kind}`);
    await waitFor(() => root.querySelector('[part~="error"]'), 'the error note');
  },
};

const unknownBotService = new FakeService({ faults: { 'bot-information': 'not-found' } });

/** A bot id the service does not know. */
export const UnknownBot: Story = {
  beforeEach: unknownBotService.install,
  play: async ({ canvasElement }) => {
    const { root } = await widgetOf(canvasElement);
    const notice = await waitFor(() => root.querySelector('[part~="notice"][role="alert"]'), 'the unavailable notice');
    check(textOf(notice).length > 0, 'the notice explains the problem');
    check(!root.querySelector('textarea'), 'no message field for an unknown bot');
  },
};

const unreachableService = new FakeService({ faults: { 'bot-information': { fault: 'malformed', times: 1 } } });

/** The bot's information came back broken: a Retry loads it again. */
export const LoadFailedThenRetried: Story = {
  beforeEach: unreachableService.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await widgetOf(canvasElement);
    const notice = await waitFor(() => root.querySelector('[part~="notice"][role="alert"]'), 'the load-failed notice');
    check(textOf(notice).includes(englishStrings.loadFailed), `the load-failed text, got "${textOf(notice)}"`);
    const retry = notice.querySelector('button');
    check(retry && textOf(retry) === englishStrings.retry, 'a failed load offers Retry');
    retry.click();
    await waitFor(() => root.querySelector('textarea'), 'the message field after the retry');
    await widget.updateComplete;
  },
};

const leadService = new FakeService({
  bot: { collect_customer_info: { numberShowing: 1, name: true, email: true } },
});

/** After the first answer the bot asks for a name and an email before the next question. */
export const LeadForm: Story = {
  beforeEach: leadService.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await ready(canvasElement);
    await askAndWait(widget, root, 'Can I order spare parts?');
    const form = await waitFor(() => root.querySelector<HTMLFormElement>('form[part~="lead-form"]'), 'the lead form');
    const inputs = [...form.querySelectorAll('input')].map((input) => input.name);
    check(inputs.join(',') === 'name,email', `the form asks for name and email, got ${inputs.join(',')}`);
    check(root.querySelector('textarea')?.disabled, 'the message field waits for the lead form');
    check(textOf(form.querySelector('h3')) === LEAD_STRINGS.en.leadTitle, 'the form has its title');
  },
};

/** The lead form filled in and sent: the service stores it and `chatbot-lead-submit` fires. */
export const LeadFormSent: Story = {
  beforeEach: leadService.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await ready(canvasElement);
    await askAndWait(widget, root, 'Can I order spare parts?');
    const form = await waitFor(() => root.querySelector<HTMLFormElement>('form[part~="lead-form"]'), 'the lead form');
    typeInto(form.querySelector<HTMLInputElement>('input[name="email"]')!, 'not an email');
    form.requestSubmit();
    await widget.updateComplete;
    check(form.querySelector('[role="alert"]'), 'an incomplete form names what is missing');
    typeInto(form.querySelector<HTMLInputElement>('input[name="name"]')!, 'Ada Lovelace');
    typeInto(form.querySelector<HTMLInputElement>('input[name="email"]')!, 'ada@example.com');
    const sent = nextEvent<ChatbotLeadSubmitEvent>(widget, 'chatbot-lead-submit');
    form.requestSubmit();
    const event = await sent;
    check(event.fields['email'] === 'ada@example.com', 'the event carries the values');
    check(event.delivered, 'the service stored the lead');
    check(leadService.leads.length === 1 && leadService.leads[0]!.fields['name'] === 'Ada Lovelace', 'the fake service holds the lead');
    await waitFor(() => textOf(root.querySelector('[part~="lead-form"]')) === LEAD_STRINGS.en.leadThanks, 'the thank-you note');
    check(!root.querySelector('textarea')?.disabled, 'the conversation can go on');
  },
};

/** The dark theme, with an answered question. */
export const Dark: Story = {
  args: { theme: 'dark' },
  parameters: { backgrounds: { value: 'dark' } },
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await ready(canvasElement);
    await askAndWait(widget, root, 'Tell me about the Barista Pro');
    const panel = root.querySelector<HTMLElement>('[part~="panel"]')!;
    check(getComputedStyle(panel).backgroundColor === 'rgb(17, 24, 39)', `the dark panel background, got ${getComputedStyle(panel).backgroundColor}`);
    check(getComputedStyle(panel).colorScheme === 'dark' || getComputedStyle(widget).colorScheme === 'dark', 'the widget uses the dark color scheme');
  },
};

/** `theme="auto"` on a system that prefers dark: the widget follows it. */
export const AutoDark: Story = {
  args: { theme: 'auto' },
  tags: ['dark-scheme'],
  parameters: { backgrounds: { value: 'dark' } },
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { root } = await ready(canvasElement);
    const panel = root.querySelector<HTMLElement>('[part~="panel"]')!;
    const dark = matchMedia('(prefers-color-scheme: dark)').matches;
    const background = getComputedStyle(panel).backgroundColor;
    check(background === (dark ? 'rgb(17, 24, 39)' : 'rgb(255, 255, 255)'), `the panel follows the system scheme, got ${background}`);
  },
};

const arabicService = new FakeService({
  bot: { bot_name: 'مساعد أكمي', bot_language: 'ar' },
  answer: {
    answer: 'تسخن آلة **باريستا برو** في نحو ثلاثين ثانية، وتأتي بضمان لمدة سنتين.',
    suggestions: ['كيف أزيل الترسبات من الآلة؟', 'ماذا يغطي الضمان؟', 'هل يمكنني طلب قطع غيار؟'],
  },
});

/** An Arabic bot: the panel is laid out right to left and every string is translated. */
export const RightToLeft: Story = {
  beforeEach: arabicService.install,
  play: async ({ canvasElement }) => {
    const arabic = await loadStrings('ar');
    const { widget, root } = await ready(canvasElement);
    const panel = root.querySelector<HTMLElement>('[part~="panel"]')!;
    await waitFor(() => panel.getAttribute('dir') === 'rtl', 'the panel laid out right to left');
    check(panel.getAttribute('lang') === arabic.lang, 'the panel is marked as Arabic');
    await askAndWait(widget, root, 'حدثني عن باريستا برو');
    const chips = await waitFor(() => chipsOf(root).length === 3 && chipsOf(root), 'three chips');
    check(getComputedStyle(chips[0]!).direction === 'rtl', 'the chips run right to left');
    const field = root.querySelector('textarea')!;
    check(field.getAttribute('aria-label') === arabic.messageLabel, 'the message field label is translated');
  },
};

/** On a phone the open panel fills the screen, and the launcher gives way to it. */
export const MobileViewport: Story = {
  args: { mode: 'launcher' },
  tags: ['mobile'],
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await widgetOf(canvasElement);
    await waitFor(() => root.querySelector('[part~="launcher"]'), 'the launcher');
    widget.open();
    await widget.updateComplete;
    await waitFor(() => root.querySelector('textarea'), 'the message field');
    const panel = root.querySelector<HTMLElement>('[part~="panel"]')!;
    await sleep(50);
    const box = panel.getBoundingClientRect();
    if (window.innerWidth <= 480) {
      check(Math.round(box.width) === window.innerWidth, `the panel is as wide as the screen (${box.width} of ${window.innerWidth})`);
      check(Math.round(box.top) === 0, `the panel starts at the top (${box.top})`);
    } else {
      check(box.right <= window.innerWidth && box.width <= 400, 'on a wide screen the panel floats in the corner');
    }
  },
};

const brandTokens = {
  '--chatbot-accent': '#0f766e',
  '--chatbot-accent-text': '#ffffff',
  '--chatbot-surface': '#f0fdfa',
  '--chatbot-radius': '4px',
  '--chatbot-bubble-radius': '4px',
  '--chatbot-font-family': 'Georgia, "Times New Roman", serif',
  '--chatbot-font-size': '16px',
};

/** Brand colours, corners and font set through the public `--chatbot-*` tokens on a container. */
export const CustomThemeTokens: Story = {
  args: { tokens: brandTokens },
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await ready(canvasElement);
    await askAndWait(widget, root, 'Tell me about the Barista Pro');
    const avatar = root.querySelector<HTMLElement>('.avatar')!;
    check(getComputedStyle(avatar).backgroundColor === 'rgb(15, 118, 110)', `the accent reaches the avatar, got ${getComputedStyle(avatar).backgroundColor}`);
    const userBubble = root.querySelector<HTMLElement>('.message.user [part~="bubble"]')!;
    check(getComputedStyle(userBubble).backgroundColor === 'rgb(15, 118, 110)', 'the accent reaches the visitor bubble');
    const panel = root.querySelector<HTMLElement>('[part~="panel"]')!;
    check(getComputedStyle(panel).borderTopLeftRadius === '4px', 'the radius token shapes the panel');
    check(getComputedStyle(panel).fontFamily.startsWith('Georgia'), 'the font token sets the font');
  },
};

const sseService = new FakeService({ stream: { sse: true } });

/** A service that frames its answer as a `text/event-stream` is read just the same. */
export const EventStreamAnswer: Story = {
  beforeEach: sseService.install,
  play: async ({ canvasElement }) => {
    const { widget, root } = await ready(canvasElement);
    const event = await askAndWait(widget, root, 'Tell me about the Barista Pro');
    check(event.answer.includes('Barista Pro') && event.suggestions.length === 4, 'the SSE answer and its suggestions arrived');
    await waitFor(() => chipsOf(root).length === 4, 'four chips');
  },
};

/** Arguments of the live story, read from the iframe's address when given (scripts/check-stories.mjs does). */
const liveParams = new URLSearchParams(globalThis.location?.search ?? '');

/**
 * The widget against a running reference service (`npm run demo` prints its address and demo bot id);
 * set `baseUrl` and `botId` in the controls. Nothing is faked here.
 */
export const Live: Story = {
  name: 'Live (needs npm run demo)',
  tags: ['live'],
  args: {
    baseUrl: liveParams.get('serviceUrl') ?? 'http://127.0.0.1:8787',
    botId: liveParams.get('botId') ?? '',
    storage: 'none',
  },
  render: (args) =>
    args.botId
      ? renderWidget(args)
      : html`<p>Start the reference service with <code>npm run demo</code>, then set <code>baseUrl</code> and
          <code>botId</code> in the controls to the address and demo bot id it prints.</p>`,
  play: async ({ canvasElement, args }) => {
    if (!args.botId) return;
    const { widget, root } = await ready(canvasElement);
    const completed = nextEvent<ChatbotAnswerCompleteEvent>(widget, 'chatbot-answer-complete', 30_000);
    await ask(widget, root, 'What can you help me with?');
    const event = await completed;
    check(event.answer.trim().length > 0, 'the reference service answered');
    await widget.updateComplete;
  },
};
