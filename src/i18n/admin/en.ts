// The English strings of <bot-admin>: the source of truth every other admin pack follows. Entries that
// depend on a number take the count (to choose a plural) and the number already formatted for the locale.

/** Every visible string of the admin; entries that depend on a number or a name are functions. */
export interface AdminStrings {
  /** BCP 47 tag of the language. */
  lang: string;
  /** Writing direction of the language. */
  dir: 'ltr' | 'rtl';
  /** Heading of the element. */
  title: string;
  /** Accessible name of the section tabs. */
  sections: string;
  /** Tab of the bot settings. */
  tabSettings: string;
  /** Tab of the knowledge base. */
  tabSources: string;
  /** Tab of the conversation history. */
  tabHistory: string;
  /** Shown while something loads. */
  loading: string;
  /** Label of buttons that try a failed call again. */
  retry: string;
  /** Label of buttons that close a dialog without doing anything. */
  cancel: string;

  /** Heading of the login form. */
  loginTitle: string;
  /** Introduction of the login form. */
  loginIntro: string;
  /** Label of the user name field. */
  username: string;
  /** Label of the password field. */
  password: string;
  /** Label of the login button. */
  signIn: string;
  /** Label of the login button while signing in. */
  signingIn: string;
  /** Shown when the service refused the user name and password. */
  loginFailed: string;
  /** Shown when the session ended because the service refused its token. */
  sessionExpired: string;
  /** Label of the logout button. */
  signOut: string;
  /** Announced after signing out. */
  signedOut: string;
  /** Error under an empty required field. */
  fieldRequired: string;

  /** Failure text when the service could not be reached. */
  errorNetwork: string;
  /** Failure text when the service answered with an error of its own. */
  errorService: (message: string) => string;
  /** Failure text when the service's answer could not be read. */
  errorShape: string;
  /** Failure text for anything else. */
  errorUnknown: string;

  /** Heading of the settings of a new bot. */
  newBotTitle: string;
  /** Groups of the settings form. */
  groups: { basics: string; answers: string; greeting: string; availability: string; leadForm: string; details: string };
  /** Labels of the form fields, by form field name. */
  fields: {
    userId: string;
    botName: string;
    caseStudy: string;
    botLanguage: string;
    botToneType: string;
    gptModelName: string;
    temperature: string;
    customPrompt: string;
    customErrorMessage: string;
    rules: string;
    isEnableCitation: string;
    isActivate: string;
    isVisibility: string;
    domains: string;
    leadFields: string;
    customLeadFields: string;
    numberShowing: string;
    initialMessage: string;
    starterQuestions: string;
    teaserDelay: string;
  };
  /** Hints shown under some fields, by form field name (the caps of the greeting are given as numbers). */
  hints: {
    userId: string;
    botLanguage: string;
    gptModelName: string;
    temperature: string;
    domains: string;
    numberShowing: string;
    isVisibility: string;
    initialMessage: string;
    starterQuestions: (maxCount: number, maxLength: number) => string;
    teaserDelay: (maxSeconds: number) => string;
  };
  /** Names of the case-study codes, by their translation key. */
  caseStudies: {
    other: string;
    customer_support: string;
    knowledge_management: string;
    teaching: string;
    lecture_assistant: string;
    toeic_assistant: string;
  };
  /** Option of a select whose value is not set. */
  notSet: string;
  /** Option showing a stored value the form does not know. */
  unknownValue: (value: string) => string;
  /** Names of the tones, by their translation key. */
  tones: { unspecified: string; professional: string; humorous: string; empathetic: string; normal: string; academic: string };
  /** Names of the lead-form fields. */
  leadFieldNames: { name: string; email: string; phone: string; company: string };
  /** Names of the answer languages offered as suggestions. */
  languageNames: { en: string; vi: string; ja: string; fr: string; es: string; de: string; ar: string };
  /** Label of one row of a list field. */
  listItem: {
    rules: (n: number) => string;
    domains: (n: number) => string;
    customLeadFields: (n: number) => string;
    starterQuestions: (n: number) => string;
  };
  /** Label of the button adding a row to a list field. */
  listAdd: { rules: string; domains: string; customLeadFields: string; starterQuestions: string };
  /** Label of the button removing a row of a list field. */
  listRemove: {
    rules: (n: number) => string;
    domains: (n: number) => string;
    customLeadFields: (n: number) => string;
    starterQuestions: (n: number) => string;
  };
  /** Shown in an empty list field. */
  listEmpty: { rules: string; domains: string; customLeadFields: string; starterQuestions: string };
  /** Labels of the read-only details. */
  details: { id: string; messagesLeft: string; createdAt: string; updatedAt: string };
  /** Shown for a detail the service did not give. */
  unknown: string;
  /** Label of the save button of an existing bot. */
  save: string;
  /** Label of the save button of a new bot. */
  create: string;
  /** Shown while saving. */
  saving: string;
  /** Label of the button that drops unsaved changes. */
  discard: string;
  /** Announced after an update was stored. */
  saved: string;
  /** Announced after a bot was created. */
  created: string;
  /** Note shown while there are unsaved changes. */
  unsaved: string;
  /** Heading of the list of invalid fields. */
  problemCount: (count: number, shown: string) => string;
  /** Shown when a save failed for a reason that is not about a field. */
  saveFailed: string;
  /** Shown when the bot could not be loaded. */
  loadFailed: string;
  /** Shown in the greeting part of a bot not yet created. */
  greetingNeedsBot: string;
  /** Shown in the greeting part when the service has no widget settings to edit. */
  greetingUnsupported: string;
  /** Shown when the greeting could not be loaded. */
  greetingLoadFailed: string;
  /** Shown when the bot's settings were saved but its greeting was not. */
  greetingSaveFailed: string;
  /** Messages of validation issues by their stable code. */
  issues: {
    required: string;
    invalid_type: string;
    not_integer: string;
    empty: string;
    too_long: (max: number) => string;
    out_of_range: (min: number | undefined, max: number | undefined) => string;
    invalid_host: string;
    invalid: string;
    duplicate: string;
    not_a_number: string;
    invalid_language: string;
    too_many: (max: number) => string;
  };
  /** Heading of the dialog asking to drop unsaved changes. */
  discardTitle: string;
  /** Text of the dialog asking to drop unsaved changes. */
  discardBody: string;
  /** Button that drops the changes. */
  discardConfirm: string;
  /** Button that keeps the changes. */
  keepEditing: string;

  /** Heading of the knowledge base panel. */
  sourcesTitle: string;
  /** Legend of the form adding an address. */
  addSourceLegend: string;
  /** Label of the address field. */
  sourceUrl: string;
  /** Hint of the address field. */
  sourceUrlHint: string;
  /** Legend of the choice of what to read. */
  scrapeTypeLegend: string;
  /** Names of the scrape modes, by their translation key. */
  scrapeTypes: { single_page: string; full_site: string };
  /** Label of the button that starts reading. */
  addSource: string;
  /** Label of the button that stops reading. */
  stopAdding: string;
  /** Error of an empty address. */
  urlRequired: string;
  /** Error of an address that is not a web address. */
  urlInvalid: string;
  /** Accessible name of the progress bar. */
  progressLabel: string;
  /** Shown before the first progress report. */
  runStarting: (url: string) => string;
  /** Shown while reading. */
  runProgress: (page: string, percent: string, words: number, wordsShown: string) => string;
  /** Shown after reading finished. */
  runDone: (url: string, words: number, wordsShown: string) => string;
  /** Shown when the stream ended before 100%. */
  runIncomplete: (page: string, percent: string, words: number, wordsShown: string) => string;
  /** Shown when the connection broke mid-stream. */
  runDropped: (page: string, percent: string, words: number, wordsShown: string) => string;
  /** Shown after the owner stopped reading. */
  runStopped: (percent: string) => string;
  /** Shown when the service refused the address. */
  runRefused: (url: string, reason: string) => string;
  /** Shown when adding failed before any progress. */
  runFailed: (url: string, reason: string) => string;
  /** Caption of the table of entries. */
  sourcesCaption: string;
  /** Column of the addresses. */
  columnAddress: string;
  /** Column of the word counts. */
  columnWords: string;
  /** Column of the row actions. */
  columnActions: string;
  /** Label of the total row. */
  total: string;
  /** Summary of the knowledge base. */
  sourcesSummary: (pages: number, pagesShown: string, words: number, wordsShown: string) => string;
  /** Shown when the knowledge base is empty. */
  noSources: string;
  /** Label of the button that removes an entry. */
  removeSource: (url: string) => string;
  /** Visible text of the remove button. */
  remove: string;
  /** Heading of the dialog confirming a removal. */
  removeTitle: string;
  /** Text of the dialog confirming a removal. */
  removeBody: (url: string) => string;
  /** Announced after a removal. */
  removed: (url: string) => string;
  /** Shown when a removal failed. */
  removeFailed: (url: string, reason: string) => string;
  /** Shown when the service cannot remove entries. */
  removeUnsupported: string;
  /** Shown when the entries could not be listed. */
  listFailed: string;
  /** Shown in panels that need a saved bot. */
  needsBot: string;

  /** Heading of the history panel. */
  historyTitle: string;
  /** Legend of the period and order. */
  periodLegend: string;
  /** Label of the first day. */
  dateFrom: string;
  /** Label of the last day. */
  dateTo: string;
  /** Hint of the period. */
  periodHint: string;
  /** How to write a day (the date fields follow the admin's language), with an example in that form. */
  dateExample: (example: string) => string;
  /** Label of the order. */
  order: string;
  /** Names of the orders. */
  orders: { 'created_at.desc': string; 'created_at.asc': string };
  /** Label of the button that asks for the history. */
  showHistory: string;
  /** Error of a date that cannot be read. */
  invalidDate: string;
  /** Error of an end before the start. */
  endBeforeStart: string;
  /** Summary of the sessions found. */
  conversationsFound: (count: number, shown: string) => string;
  /** Shown when the period holds no session. */
  noConversations: string;
  /** Accessible name of the list of sessions. */
  conversationList: string;
  /** Message count of a session. */
  messageCount: (count: number, shown: string) => string;
  /** Shown for a session without a visitor question. */
  noQuestion: string;
  /** Heading of a transcript. */
  transcriptTitle: (date: string) => string;
  /** Label of the button that closes a transcript. */
  closeTranscript: string;
  /** Label of the copy button of a code block in a transcript. */
  copyCode: string;
  /** Announced after a code block was copied. */
  codeCopied: string;
  /** Name of the visitor in a transcript. */
  senderUser: string;
  /** Name of the bot in a transcript. */
  senderAssistant: string;
  /** Under an answer in a transcript that the service stored unfinished (a limit was reached, or it was interrupted). */
  answerCutOff: string;
  /** Label of the JSON export. */
  exportJson: string;
  /** Label of the CSV export. */
  exportCsv: string;
  /** Shown when the history could not be loaded. */
  historyFailed: string;
  /** Heading of the leads. */
  leadsTitle: string;
  /** Shown when there are no leads. */
  noLeads: string;
  /** Shown when the leads could not be loaded. */
  leadsFailed: string;
  /** Known lead columns. */
  leadColumns: { created_at: string; name: string; email: string; phone: string; company: string; session_id: string };

  /** Heading of the preview. */
  previewTitle: string;
  /** Introduction of the preview. */
  previewIntro: string;
  /** Shown instead of the preview before the bot exists. */
  previewNeedsBot: string;
}

/** English, the source of truth. */
const en: AdminStrings = {
  lang: 'en',
  dir: 'ltr',
  title: 'Bot admin',
  sections: 'Bot admin sections',
  tabSettings: 'Settings',
  tabSources: 'Knowledge base',
  tabHistory: 'History',
  loading: 'Loading…',
  retry: 'Try again',
  cancel: 'Cancel',

  loginTitle: 'Sign in',
  loginIntro: 'Sign in to manage your bot.',
  username: 'User name',
  password: 'Password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  loginFailed: 'The user name or password is not right.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  signOut: 'Sign out',
  signedOut: 'You are signed out.',
  fieldRequired: 'Please fill in this field.',

  errorNetwork: 'Could not reach the service. Check the connection and try again.',
  errorService: (message) => `The service answered: ${message}`,
  errorShape: 'The service sent an answer that could not be read.',
  errorUnknown: 'Something went wrong. Please try again.',

  newBotTitle: 'New bot',
  groups: {
    basics: 'Basics',
    answers: 'Answers',
    greeting: 'Greeting',
    availability: 'Availability',
    leadForm: 'Visitor contact form',
    details: 'Details',
  },
  fields: {
    userId: 'Owner ID',
    botName: 'Bot name',
    caseStudy: 'Use case',
    botLanguage: 'Answer language',
    botToneType: 'Tone',
    gptModelName: 'Language model',
    temperature: 'Creativity (temperature)',
    customPrompt: 'Instructions (prompt)',
    customErrorMessage: 'Message when an answer fails',
    rules: 'Rules',
    isEnableCitation: 'Cite sources in answers',
    isActivate: 'The bot answers visitors',
    isVisibility: 'The bot is public',
    domains: 'Allowed websites',
    leadFields: 'Ask visitors for',
    customLeadFields: 'Other fields',
    numberShowing: 'Show the form after this many answers',
    initialMessage: 'Greeting message',
    starterQuestions: 'Starter questions',
    teaserDelay: 'Show the greeting beside the closed chat after (seconds)',
  },
  hints: {
    userId: 'The account that owns the bot; filled in from your sign-in.',
    botLanguage: 'A language code such as en, vi or ja.',
    gptModelName: 'Pick a suggested model or type another name.',
    temperature: '0 gives focused, repeatable answers; 1 gives more varied ones.',
    domains: 'Host names where the chat may appear, such as example.com, *.example.com or localhost:5173.',
    numberShowing: 'A whole number; leave empty to use the service default.',
    isVisibility: 'A public bot can be chatted with without signing in.',
    initialMessage: 'The first message visitors see in an empty chat. Leave it empty for none.',
    starterQuestions: (maxCount, maxLength) =>
      `Offered as buttons in an empty chat: up to ${maxCount} questions of at most ${maxLength} characters each.`,
    teaserDelay: (maxSeconds) => `A whole number of seconds, at most ${maxSeconds}; 0 never shows it.`,
  },
  caseStudies: {
    other: 'Other',
    customer_support: 'Customer support',
    knowledge_management: 'Knowledge management',
    teaching: 'Teaching and education',
    lecture_assistant: 'Lecture assistant',
    toeic_assistant: 'TOEIC learner assistant',
  },
  notSet: 'Not set',
  unknownValue: (value) => `Other: ${value}`,
  tones: {
    unspecified: 'Not specified',
    professional: 'Professional',
    humorous: 'Humorous',
    empathetic: 'Empathetic',
    normal: 'Normal conversation',
    academic: 'Academic',
  },
  leadFieldNames: { name: 'Name', email: 'Email', phone: 'Phone', company: 'Company' },
  languageNames: { en: 'English', vi: 'Vietnamese', ja: 'Japanese', fr: 'French', es: 'Spanish', de: 'German', ar: 'Arabic' },
  listItem: {
    rules: (n) => `Rule ${n}`,
    domains: (n) => `Website ${n}`,
    customLeadFields: (n) => `Field ${n}`,
    starterQuestions: (n) => `Question ${n}`,
  },
  listAdd: { rules: 'Add a rule', domains: 'Add a website', customLeadFields: 'Add a field', starterQuestions: 'Add a question' },
  listRemove: {
    rules: (n) => `Remove rule ${n}`,
    domains: (n) => `Remove website ${n}`,
    customLeadFields: (n) => `Remove field ${n}`,
    starterQuestions: (n) => `Remove question ${n}`,
  },
  listEmpty: {
    rules: 'No rules yet.',
    domains: 'No websites listed.',
    customLeadFields: 'No other fields.',
    starterQuestions: 'No starter questions.',
  },
  details: { id: 'Bot ID', messagesLeft: 'Messages left', createdAt: 'Created', updatedAt: 'Last changed' },
  unknown: 'Not known',
  save: 'Save changes',
  create: 'Create bot',
  saving: 'Saving…',
  discard: 'Discard changes',
  saved: 'Changes saved.',
  created: 'Bot created.',
  unsaved: 'You have unsaved changes.',
  problemCount: (count, shown) => (count === 1 ? 'Please correct 1 field:' : `Please correct ${shown} fields:`),
  saveFailed: 'The changes were not saved. Everything you typed is still here.',
  loadFailed: 'The bot could not be loaded.',
  greetingNeedsBot: 'Create the bot first; then you can set its greeting here.',
  greetingUnsupported: 'This service does not store a greeting, so it cannot be set here.',
  greetingLoadFailed: 'The greeting could not be loaded.',
  greetingSaveFailed: 'The bot settings were saved, but the greeting was not. What you typed in the greeting is still here.',
  issues: {
    required: 'Please fill in this field.',
    invalid_type: 'Please enter a valid value.',
    not_integer: 'Please enter a whole number.',
    empty: 'Please fill in this field.',
    too_long: (max) => `Please use at most ${max} characters.`,
    out_of_range: (min, max) =>
      min !== undefined && max !== undefined
        ? `Please enter a number from ${min} to ${max}.`
        : min !== undefined
          ? `Please enter a number of at least ${min}.`
          : `Please enter a number of at most ${max}.`,
    invalid_host: 'Please enter a host name such as example.com, *.example.com or localhost:5173.',
    invalid: 'This value is not valid.',
    duplicate: 'This field is already asked for.',
    not_a_number: 'Please enter a number, such as 2.',
    invalid_language: 'Please enter a language code such as en, vi or pt-BR.',
    too_many: (max) => `Please keep at most ${max}.`,
  },
  discardTitle: 'Discard unsaved changes?',
  discardBody: 'The changes to this bot have not been saved yet.',
  discardConfirm: 'Discard changes',
  keepEditing: 'Keep editing',

  sourcesTitle: 'Knowledge base',
  addSourceLegend: 'Add a website',
  sourceUrl: 'Address',
  sourceUrlHint: 'A full address, such as https://example.com/help.',
  scrapeTypeLegend: 'What to read',
  scrapeTypes: {
    single_page: 'This page only',
    full_site: 'This page and the pages it links to (two levels deep)',
  },
  addSource: 'Add',
  stopAdding: 'Stop',
  urlRequired: 'Please enter an address.',
  urlInvalid: 'Please enter a full address starting with http:// or https://.',
  progressLabel: 'Reading progress',
  runStarting: (url) => `Starting to read ${url}…`,
  runProgress: (page, percent, words, wordsShown) =>
    `Reading ${page}: ${percent} done, ${wordsShown} ${words === 1 ? 'word' : 'words'} so far.`,
  runDone: (url, words, wordsShown) => `Added ${url}: ${wordsShown} ${words === 1 ? 'word' : 'words'}.`,
  runIncomplete: (page, percent, _words, wordsShown) =>
    `The service stopped reporting at ${percent}, while reading ${page} (${wordsShown} words so far). The list below shows what was stored.`,
  runDropped: (page, percent, _words, wordsShown) =>
    `The connection dropped at ${percent}, while reading ${page} (${wordsShown} words so far). The list below shows what was stored; add the address again to read the rest.`,
  runStopped: (percent) => `Stopped at ${percent}. The list below shows what was stored.`,
  runRefused: (url, reason) => `The service could not read ${url}. ${reason}`,
  runFailed: (url, reason) => `Could not add ${url}. ${reason}`,
  sourcesCaption: 'Pages in the knowledge base',
  columnAddress: 'Address',
  columnWords: 'Words',
  columnActions: 'Actions',
  total: 'Total',
  sourcesSummary: (pages, pagesShown, words, wordsShown) =>
    `${pagesShown} ${pages === 1 ? 'page' : 'pages'}, ${wordsShown} ${words === 1 ? 'word' : 'words'} in total.`,
  noSources: 'No pages yet. Add a website above.',
  removeSource: (url) => `Remove ${url}`,
  remove: 'Remove',
  removeTitle: 'Remove this page?',
  removeBody: (url) => `${url} will no longer be used to answer questions.`,
  removed: (url) => `Removed ${url}.`,
  removeFailed: (url, reason) => `Could not remove ${url}. ${reason}`,
  removeUnsupported: 'This service cannot remove pages from the knowledge base.',
  listFailed: 'The knowledge base could not be listed.',
  needsBot: 'Create the bot first: fill in its settings and save them.',

  historyTitle: 'Conversation history',
  periodLegend: 'Period and order',
  dateFrom: 'From',
  dateTo: 'To',
  periodHint: 'Leave a date empty to include everything before or after.',
  dateExample: (example) => `Write a day as ${example}.`,
  order: 'Order',
  orders: { 'created_at.desc': 'Newest first', 'created_at.asc': 'Oldest first' },
  showHistory: 'Show',
  invalidDate: 'Please enter a valid date.',
  endBeforeStart: 'The end date is before the start date.',
  conversationsFound: (count, shown) => (count === 1 ? '1 conversation.' : `${shown} conversations.`),
  noConversations: 'No conversations in this period.',
  conversationList: 'Conversations',
  messageCount: (count, shown) => (count === 1 ? '1 message' : `${shown} messages`),
  noQuestion: '(no question asked)',
  transcriptTitle: (date) => `Conversation of ${date}`,
  closeTranscript: 'Close the conversation',
  copyCode: 'Copy code',
  codeCopied: 'Copied.',
  senderUser: 'Visitor',
  senderAssistant: 'Bot',
  answerCutOff: 'Cut off: this answer did not finish.',
  exportJson: 'Download JSON',
  exportCsv: 'Download CSV',
  historyFailed: 'The history could not be loaded.',
  leadsTitle: 'Contact details left by visitors',
  noLeads: 'No visitor has left contact details yet.',
  leadsFailed: 'The contact details could not be loaded.',
  leadColumns: { created_at: 'Sent', name: 'Name', email: 'Email', phone: 'Phone', company: 'Company', session_id: 'Conversation' },

  previewTitle: 'Preview',
  previewIntro: 'Chat with the bot using the settings as they are in the form, saved or not.',
  previewNeedsBot: 'Save the new bot to try it here.',
};
export default en;
