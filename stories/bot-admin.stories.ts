// <bot-admin> in every state that matters, against the fake service (stories/fake-service.ts). Each story's
// play function proves its state really shows; tests may import `renderAdmin` and the services.
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { AdminPanel, BotAdmin } from '../src/bot-admin.js';
import '../src/bot-admin.js';
import type {
  BotAdminErrorEvent,
  BotAdminLoginEvent,
  BotAdminLogoutEvent,
  BotAdminSavedEvent,
  BotAdminSourceAddedEvent,
} from '../src/admin/events.js';
import { englishAdminStrings, loadAdminStrings } from '../src/i18n/admin/index.js';
import type { Theme } from '../src/themes/tokens.js';
import type { ChatbotAnswerCompleteEvent } from '../src/widget/events.js';
import { FAKE_ACCESS_TOKEN, FAKE_BOT_ID, FAKE_HISTORY, FAKE_LOGIN, FAKE_SERVICE_URL, FAKE_SOURCES, FakeService } from './fake-service.js';
import { check, elementIn, nextEvent, shadowOf, textOf, typeInto, waitFor } from './story-helpers.js';

/** What an admin story sets. */
export interface AdminStoryArgs {
  /** Base address of the service. */
  baseUrl: string;
  /** The bot to manage; empty to create one. */
  botId: string;
  /** An access token given by the host page; empty to show the login form. */
  token: string;
  /** The section shown first. */
  panel: AdminPanel;
  /** `light`, `dark` or `auto`. */
  theme: Theme;
  /** Language of the admin; empty for the viewer's. */
  lang: string;
}

/** Renders the admin in a frame the width of a back-office page. */
export function renderAdmin(args: AdminStoryArgs): TemplateResult {
  return html`<div style="max-width: 1100px">
    <bot-admin
      base-url=${args.baseUrl}
      bot-id=${ifDefined(args.botId || undefined)}
      token=${ifDefined(args.token || undefined)}
      panel=${args.panel}
      theme=${args.theme}
      lang=${ifDefined(args.lang || undefined)}
    ></bot-admin>
  </div>`;
}

const meta: Meta<AdminStoryArgs> = {
  title: 'Elements/bot-admin',
  component: 'bot-admin',
  render: renderAdmin,
  excludeStories: /^render/,
  args: {
    baseUrl: FAKE_SERVICE_URL,
    botId: FAKE_BOT_ID,
    token: FAKE_ACCESS_TOKEN,
    panel: 'settings',
    theme: 'light',
    lang: '',
  },
  argTypes: {
    panel: { control: 'inline-radio', options: ['settings', 'sources', 'history'] },
    theme: { control: 'inline-radio', options: ['light', 'dark', 'auto'] },
    lang: { control: 'select', options: ['', 'en', 'vi', 'ja', 'fr', 'es', 'de', 'ar'] },
  },
  parameters: {
    docs: {
      description: {
        component:
          `The embeddable admin. Stories run against a fake service; its login is \`${FAKE_LOGIN.username}\` / ` +
          `\`${FAKE_LOGIN.password}\`. Stories with a \`token\` start signed in.`,
      },
    },
  },
};
export default meta;

type Story = StoryObj<AdminStoryArgs>;
const s = englishAdminStrings;

/** The admin of the story, rendered, with its shadow root. */
async function adminOf(canvas: HTMLElement): Promise<{ admin: BotAdmin; root: ShadowRoot }> {
  const admin = await elementIn<BotAdmin>(canvas, 'bot-admin');
  return { admin, root: shadowOf(admin) };
}

/** Starts reading https://shop.acme.example/ and its child pages into the knowledge base; returns the admin's root. */
async function startReadingShop(canvas: HTMLElement): Promise<ShadowRoot> {
  const { admin, root } = await adminOf(canvas);
  await waitFor(() => root.querySelector('#panel-sources table'), 'the knowledge-base list');
  typeInto(root.querySelector<HTMLInputElement>('#source-url')!, 'https://shop.acme.example/');
  root.querySelector<HTMLInputElement>('#scrape-type-1')!.click();
  await admin.updateComplete;
  root.querySelector<HTMLFormElement>('#panel-sources form')!.requestSubmit();
  return root;
}

/** Waits for the settings form with the bot loaded. */
async function settingsLoaded(canvas: HTMLElement, service: FakeService) {
  const { admin, root } = await adminOf(canvas);
  const name = await waitFor(
    () => {
      const field = root.querySelector<HTMLInputElement>('#f-botName');
      return field?.value === service.bot.bot_name && field;
    },
    "the settings form with the bot's name",
  );
  return { admin, root, name, form: root.querySelector<HTMLFormElement>('form.settings')! };
}

const buttonNamed = (root: ParentNode, name: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((button) => textOf(button) === name);

const service = new FakeService();

/** Not signed in: the login form. */
export const Login: Story = {
  args: { token: '' },
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { root } = await adminOf(canvasElement);
    const username = await waitFor(() => root.querySelector<HTMLInputElement>('#login-username'), 'the user name field');
    check(root.querySelector(`label[for="login-username"]`), 'the user name field has a label');
    check(root.querySelector<HTMLInputElement>('#login-password')?.type === 'password', 'the password is masked');
    check(textOf(root.querySelector('#login-title')) === s.loginTitle, 'the form has its title');
    check(username.autocomplete === 'username', 'the browser may fill in the user name');
    check(!root.querySelector('[role="tablist"]'), 'no sections before signing in');
  },
};

/** A wrong password: the form says so and keeps what was typed. */
export const LoginFailed: Story = {
  args: { token: '' },
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { admin, root } = await adminOf(canvasElement);
    const username = await waitFor(() => root.querySelector<HTMLInputElement>('#login-username'), 'the user name field');
    typeInto(username, FAKE_LOGIN.username);
    typeInto(root.querySelector<HTMLInputElement>('#login-password')!, 'not the password');
    const failed = nextEvent<BotAdminErrorEvent>(admin, 'bot-admin-error');
    root.querySelector<HTMLFormElement>('[part~="login"] form')!.requestSubmit();
    const event = await failed;
    check(event.operation === 'login', `a login error, got ${event.operation}`);
    const alert = await waitFor(() => root.querySelector('[part~="login"] [role="alert"]'), 'the login error');
    check(textOf(alert) === s.loginFailed, `the wrong-password text, got "${textOf(alert)}"`);
    check(root.querySelector<HTMLInputElement>('#login-username')!.value === FAKE_LOGIN.username, 'the user name is kept');
  },
};

/** Signing in with the login form opens the settings of the bot. */
export const SignIn: Story = {
  args: { token: '' },
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { admin, root } = await adminOf(canvasElement);
    const username = await waitFor(() => root.querySelector<HTMLInputElement>('#login-username'), 'the user name field');
    typeInto(username, FAKE_LOGIN.username);
    typeInto(root.querySelector<HTMLInputElement>('#login-password')!, FAKE_LOGIN.password);
    const signedIn = nextEvent<BotAdminLoginEvent>(admin, 'bot-admin-login');
    root.querySelector<HTMLFormElement>('[part~="login"] form')!.requestSubmit();
    await signedIn;
    await settingsLoaded(canvasElement, service);
    const tabs = [...root.querySelectorAll('[role="tab"]')].map(textOf);
    check(tabs.join('|') === [s.tabSettings, s.tabSources, s.tabHistory].join('|'), `three sections, got ${tabs.join('|')}`);
  },
};

/** Every setting of the bot, its read-only details and the live preview beside them. */
export const Settings: Story = {
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { root } = await settingsLoaded(canvasElement, service);
    const temperature = root.querySelector<HTMLInputElement>('#f-temperature')!;
    check(Number(temperature.value) === service.bot.temperature, 'the temperature slider holds the bot value');
    check(root.querySelector<HTMLInputElement>('#f-domains-0')?.value === service.bot.domain[0], 'the domain list is filled');
    check(textOf(root.querySelector('[part~="details"]')).includes(service.bot.id), 'the read-only details show the bot id');
    const preview = await waitFor(() => root.querySelector('[part~="preview"] chatbot-widget'), 'the preview widget');
    check(preview.getAttribute('bot-id') === FAKE_BOT_ID, 'the preview chats with the same bot');
  },
};

/** A save with invalid fields: nothing is sent, each field says what is wrong, a summary lists them. */
export const SettingsWithValidationErrors: Story = {
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { admin, root, name, form } = await settingsLoaded(canvasElement, service);
    typeInto(name, '   ');
    typeInto(root.querySelector<HTMLInputElement>('#f-domains-0')!, 'not a host name!');
    await admin.updateComplete;
    form.requestSubmit();
    const summary = await waitFor(() => root.querySelector('[part~="issue-summary"]'), 'the issue summary');
    check(summary.getAttribute('role') === 'alert', 'the summary is announced');
    check(summary.querySelectorAll('li').length >= 2, `the summary lists both problems, got ${summary.querySelectorAll('li').length}`);
    check(name.getAttribute('aria-invalid') === 'true', 'the bot name is marked invalid');
    check(root.querySelector('#f-domains-0')?.getAttribute('aria-invalid') === 'true', 'the domain is marked invalid');
    check(service.savedBots.length === 0, 'nothing was sent to the service');
    check(root.querySelector<HTMLInputElement>('#f-domains-0')!.value === 'not a host name!', 'what was typed is kept');
  },
};

/** A change saved: the service stores it and `bot-admin-saved` fires. */
export const SettingsSaved: Story = {
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { admin, root, name, form } = await settingsLoaded(canvasElement, service);
    typeInto(name, 'Acme Espresso Help');
    await admin.updateComplete;
    const saved = nextEvent<BotAdminSavedEvent>(admin, 'bot-admin-saved');
    form.requestSubmit();
    const event = await saved;
    check(event.bot.bot_name === 'Acme Espresso Help' && !event.created, 'the update came back from the service');
    check(service.bot.bot_name === 'Acme Espresso Help', 'the fake service holds the new name');
    await waitFor(() => textOf(root.querySelector('.save-status')) === s.saved, 'the saved note');
  },
};

/** Without a bot id the settings create a new bot. */
export const NewBot: Story = {
  args: { botId: '' },
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { root } = await adminOf(canvasElement);
    const title = await waitFor(() => root.querySelector('#settings-title'), 'the settings title');
    check(textOf(title) === s.newBotTitle, `the new-bot title, got "${textOf(title)}"`);
    check(root.querySelector<HTMLInputElement>('#f-botName')?.value === '', 'the name starts empty');
    check(buttonNamed(root, s.create), 'the main button creates the bot');
  },
};

const progressService = new FakeService({ scrape: { delayMs: 400, holdAfter: 2 } });

/** A website being read into the knowledge base: the page being read, the share done and the words so far. */
export const SourceUploadInProgress: Story = {
  args: { panel: 'sources' },
  beforeEach: progressService.install,
  play: async ({ canvasElement }) => {
    const root = await startReadingShop(canvasElement);
    const progress = await waitFor(() => {
      const bar = root.querySelector<HTMLProgressElement>('[part~="progress"] progress');
      return bar && bar.value >= 0.5 && bar;
    }, 'progress of two pages out of four');
    check(progress.getAttribute('aria-valuetext')?.includes('50'), `the progress is announced as 50%, got ${progress.getAttribute('aria-valuetext')}`);
    const note = textOf(root.querySelector('[part~="progress"] [role="status"]'));
    check(note.includes('shop.acme.example/about'), `the page being read is named, got "${note}"`);
    check(buttonNamed(root, s.stopAdding), 'the reading can be stopped');
  },
};

/** A website read completely: it joins the list with its words, and `bot-admin-source-added` fires. */
export const SourceAdded: Story = {
  args: { panel: 'sources' },
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { admin, root } = await adminOf(canvasElement);
    await waitFor(() => root.querySelectorAll('#panel-sources tbody tr').length === FAKE_SOURCES.length, 'the knowledge-base list');
    typeInto(root.querySelector<HTMLInputElement>('#source-url')!, 'https://acme.example/shipping');
    const added = nextEvent<BotAdminSourceAddedEvent>(admin, 'bot-admin-source-added', 15_000);
    root.querySelector<HTMLFormElement>('#panel-sources form')!.requestSubmit();
    const event = await added;
    check(event.url === 'https://acme.example/shipping' && event.words > 0, 'the event names the address and its words');
    await waitFor(() => root.querySelectorAll('#panel-sources tbody tr').length === FAKE_SOURCES.length + 1, 'the new row');
  },
};

const droppedService = new FakeService({ scrape: { delayMs: 150 }, faults: { scrape: 'disconnect' } });

/** The progress stream broke off: the admin says where it stopped. */
export const SourceProgressDropped: Story = {
  args: { panel: 'sources' },
  beforeEach: droppedService.install,
  play: async ({ canvasElement }) => {
    const root = await startReadingShop(canvasElement);
    const alert = await waitFor(() => root.querySelector('[part~="progress"] [role="alert"]'), 'the broken-off note');
    check(textOf(alert).includes('shop.acme.example/about'), `the note names the last page read, got "${textOf(alert)}"`);
  },
};

/** Stored conversations: each with its first question and size; one opened as a transcript. */
export const History: Story = {
  args: { panel: 'history' },
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { admin, root } = await adminOf(canvasElement);
    const sessions = await waitFor(() => {
      const items = [...root.querySelectorAll<HTMLButtonElement>('[part~="session"]')];
      return items.length === FAKE_HISTORY.length && items;
    }, `${FAKE_HISTORY.length} conversations`);
    const first = FAKE_HISTORY[0]!;
    check(textOf(sessions[0]).includes(first.chat_history_response[0]!.content), 'newest first, named by its first question');
    sessions[0]!.click();
    await admin.updateComplete;
    const transcript = await waitFor(() => root.querySelector('[part~="transcript"]'), 'the transcript');
    check(textOf(transcript).includes(first.chat_history_response[3]!.content), 'the transcript shows the whole conversation');
    check(buttonNamed(root, s.exportCsv) && buttonNamed(root, s.exportJson), 'the history can be exported');
  },
};

const previewService = new FakeService({
  answer: (_message, { body }) => ({
    answer:
      `Answering with the prompt “${String(body['custom_prompt'] ?? '')}” on ${String(body['gpt_model_name'])} ` +
      `at temperature ${String(body['temperature'])}.`,
    suggestions: ['Try another question'],
  }),
});

/** The preview answers with the unsaved settings, so a change can be tried before it is saved. */
export const Preview: Story = {
  beforeEach: previewService.install,
  play: async ({ canvasElement }) => {
    const { admin, root } = await settingsLoaded(canvasElement, previewService);
    const prompt = 'You answer like a cheerful barista.';
    typeInto(root.querySelector<HTMLTextAreaElement>('#f-customPrompt')!, prompt);
    await admin.updateComplete;
    const preview = await waitFor(() => root.querySelector<HTMLElement & { send(text: string): boolean; updateComplete: Promise<unknown> }>('[part~="preview"] chatbot-widget'), 'the preview widget');
    await waitFor(() => preview.shadowRoot?.querySelector('textarea'), 'the preview ready to chat');
    const completed = nextEvent<ChatbotAnswerCompleteEvent>(preview, 'chatbot-answer-complete', 15_000);
    preview.send('How do you answer?');
    const event = await completed;
    check(event.answer.includes(prompt), `the preview used the unsaved prompt, got "${event.answer}"`);
    check(previewService.chatRequests.at(-1)?.body['custom_prompt'] === prompt, 'the custom-settings endpoint received the prompt');
    check(previewService.savedBots.length === 0, 'nothing was saved');
    check(admin.hasUnsavedChanges, 'the change is still unsaved');
  },
};

const expiringService = new FakeService({ faults: { sources: 'unauthorized' } });

/** The service refused the token (401): the admin asks to sign in again, saying why. */
export const SessionExpired: Story = {
  args: { panel: 'sources' },
  beforeEach: expiringService.install,
  play: async ({ canvasElement }) => {
    const { admin, root } = await adminOf(canvasElement);
    const loggedOut = nextEvent<BotAdminLogoutEvent>(admin, 'bot-admin-logout');
    const event = await loggedOut;
    check(event.reason === 'expired', `the session expired, got ${event.reason}`);
    const alert = await waitFor(() => root.querySelector('[part~="login"] [role="alert"]'), 'the session-expired note');
    check(textOf(alert) === s.sessionExpired, `the session-expired text, got "${textOf(alert)}"`);
  },
};

/** The dark theme. */
export const Dark: Story = {
  args: { theme: 'dark' },
  parameters: { backgrounds: { value: 'dark' } },
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const { root } = await settingsLoaded(canvasElement, service);
    const base = root.querySelector<HTMLElement>('[part~="base"]')!;
    const background = getComputedStyle(base).backgroundColor;
    check(background === 'rgb(17, 24, 39)', `the dark background, got ${background}`);
  },
};

/** The admin in Arabic: right to left, translated. */
export const RightToLeft: Story = {
  args: { lang: 'ar' },
  beforeEach: service.install,
  play: async ({ canvasElement }) => {
    const arabic = await loadAdminStrings('ar');
    const { root } = await settingsLoaded(canvasElement, service);
    const base = await waitFor(() => {
      const element = root.querySelector<HTMLElement>('[part~="base"]');
      return element?.getAttribute('dir') === 'rtl' && element;
    }, 'the admin laid out right to left');
    check(base.getAttribute('lang') === arabic.lang, 'the admin is marked as Arabic');
    const tabs = [...root.querySelectorAll('[role="tab"]')].map(textOf);
    check(tabs[0] === arabic.tabSettings, `the tabs are translated, got ${tabs[0]}`);
  },
};
