// Arabic strings of <bot-admin> (right to left).
import type { AdminStrings } from './en.js';

const pluralRules = new Intl.PluralRules('ar');

/** A counted noun in Arabic: "one …", the dual (without the number), plural for 3–10, singular otherwise. */
function counted(count: number, shown: string, forms: { one: string; two: string; few: string; many: string }): string {
  switch (pluralRules.select(count)) {
    case 'one':
      return forms.one;
    case 'two':
      return forms.two;
    case 'few':
      return `${shown} ${forms.few}`;
    default:
      return `${shown} ${forms.many}`;
  }
}

const WORDS = { one: 'كلمة واحدة', two: 'كلمتان', few: 'كلمات', many: 'كلمة' };
const PAGES = { one: 'صفحة واحدة', two: 'صفحتان', few: 'صفحات', many: 'صفحة' };
const CONVERSATIONS = { one: 'محادثة واحدة', two: 'محادثتان', few: 'محادثات', many: 'محادثة' };
const MESSAGES = { one: 'رسالة واحدة', two: 'رسالتان', few: 'رسائل', many: 'رسالة' };

/** Arabic. */
export default {
  lang: 'ar',
  dir: 'rtl',
  title: 'إدارة البوت',
  sections: 'أقسام إدارة البوت',
  tabSettings: 'الإعدادات',
  tabSources: 'قاعدة المعرفة',
  tabHistory: 'السجل',
  loading: 'جارٍ التحميل…',
  retry: 'أعد المحاولة',
  cancel: 'إلغاء',

  loginTitle: 'تسجيل الدخول',
  loginIntro: 'سجّل الدخول لإدارة البوت الخاص بك.',
  username: 'اسم المستخدم',
  password: 'كلمة المرور',
  signIn: 'تسجيل الدخول',
  signingIn: 'جارٍ تسجيل الدخول…',
  loginFailed: 'اسم المستخدم أو كلمة المرور غير صحيحة.',
  sessionExpired: 'انتهت صلاحية جلستك. يرجى تسجيل الدخول مرة أخرى.',
  signOut: 'تسجيل الخروج',
  signedOut: 'لقد سجّلت الخروج.',
  fieldRequired: 'يرجى ملء هذا الحقل.',

  errorNetwork: 'تعذّر الوصول إلى الخدمة. تحقّق من الاتصال ثم أعد المحاولة.',
  errorService: (message) => `ردّت الخدمة: ${message}`,
  errorShape: 'أرسلت الخدمة ردًّا تعذّرت قراءته.',
  errorUnknown: 'حدث خطأ ما. يرجى المحاولة مرة أخرى.',

  newBotTitle: 'بوت جديد',
  groups: {
    basics: 'أساسيات',
    answers: 'الإجابات',
    greeting: 'الترحيب',
    availability: 'الإتاحة',
    leadForm: 'نموذج بيانات التواصل للزوار',
    details: 'التفاصيل',
  },
  fields: {
    userId: 'معرّف المالك',
    botName: 'اسم البوت',
    caseStudy: 'حالة الاستخدام',
    botLanguage: 'لغة الإجابات',
    botToneType: 'الأسلوب',
    gptModelName: 'النموذج اللغوي',
    temperature: 'الإبداع (temperature)',
    customPrompt: 'التعليمات (prompt)',
    customErrorMessage: 'الرسالة عند تعذّر الإجابة',
    rules: 'القواعد',
    isEnableCitation: 'ذكر المصادر في الإجابات',
    isActivate: 'البوت يجيب الزوار',
    isVisibility: 'البوت عام',
    domains: 'المواقع المسموح بها',
    leadFields: 'اطلب من الزوار',
    customLeadFields: 'حقول أخرى',
    numberShowing: 'أظهر النموذج بعد هذا العدد من الإجابات',
    initialMessage: 'رسالة الترحيب',
    starterQuestions: 'أسئلة البداية',
    teaserDelay: 'أظهر الترحيب بجانب المحادثة المغلقة بعد (ثوانٍ)',
  },
  hints: {
    userId: 'الحساب الذي يملك البوت، مأخوذ من تسجيل دخولك.',
    botLanguage: 'رمز لغة مثل en أو vi أو ja.',
    gptModelName: 'اختر نموذجًا مقترحًا أو اكتب اسمًا آخر.',
    temperature: '0 يعطي إجابات مركّزة وثابتة، و1 يعطي إجابات أكثر تنوّعًا.',
    domains: 'أسماء المضيفات التي يمكن أن تظهر فيها المحادثة، مثل example.com أو *.example.com أو localhost:5173.',
    numberShowing: 'عدد صحيح؛ اتركه فارغًا لاستخدام القيمة الافتراضية للخدمة.',
    isVisibility: 'يمكن التحدث مع البوت العام دون تسجيل الدخول.',
    initialMessage: 'أول رسالة يراها الزوار في محادثة فارغة. اتركها فارغة لعدم إظهار أي رسالة.',
    starterQuestions: (maxCount, maxLength) => `تظهر كأزرار في محادثة فارغة: ${maxCount} أسئلة على الأكثر، وكل سؤال ${maxLength} حرفًا على الأكثر.`,
    teaserDelay: (maxSeconds) => `عدد صحيح من الثواني، ${maxSeconds} على الأكثر؛ 0 يعني عدم الإظهار أبدًا.`,
  },
  caseStudies: {
    other: 'أخرى',
    customer_support: 'دعم العملاء',
    knowledge_management: 'إدارة المعرفة',
    teaching: 'التدريس والتعليم',
    lecture_assistant: 'مساعد المحاضرات',
    toeic_assistant: 'مساعد التحضير لاختبار TOEIC',
  },
  notSet: 'غير محدّد',
  unknownValue: (value) => `أخرى: ${value}`,
  tones: {
    unspecified: 'غير محدّد',
    professional: 'مهني',
    humorous: 'فكاهي',
    empathetic: 'متعاطف',
    normal: 'محادثة عادية',
    academic: 'أكاديمي',
  },
  leadFieldNames: { name: 'الاسم', email: 'البريد الإلكتروني', phone: 'الهاتف', company: 'الشركة' },
  languageNames: { en: 'الإنجليزية', vi: 'الفيتنامية', ja: 'اليابانية', fr: 'الفرنسية', es: 'الإسبانية', de: 'الألمانية', ar: 'العربية' },
  listItem: {
    rules: (n) => `القاعدة ${n}`,
    domains: (n) => `الموقع ${n}`,
    customLeadFields: (n) => `الحقل ${n}`,
    starterQuestions: (n) => `السؤال ${n}`,
  },
  listAdd: { rules: 'أضف قاعدة', domains: 'أضف موقعًا', customLeadFields: 'أضف حقلًا', starterQuestions: 'أضف سؤالًا' },
  listRemove: {
    rules: (n) => `احذف القاعدة ${n}`,
    domains: (n) => `احذف الموقع ${n}`,
    customLeadFields: (n) => `احذف الحقل ${n}`,
    starterQuestions: (n) => `احذف السؤال ${n}`,
  },
  listEmpty: {
    rules: 'لا توجد قواعد بعد.',
    domains: 'لا توجد مواقع مدرجة.',
    customLeadFields: 'لا توجد حقول أخرى.',
    starterQuestions: 'لا توجد أسئلة بداية.',
  },
  details: { id: 'معرّف البوت', messagesLeft: 'الرسائل المتبقية', createdAt: 'تاريخ الإنشاء', updatedAt: 'آخر تعديل' },
  unknown: 'غير معروف',
  save: 'احفظ التغييرات',
  create: 'أنشئ البوت',
  saving: 'جارٍ الحفظ…',
  discard: 'تجاهل التغييرات',
  saved: 'تم حفظ التغييرات.',
  created: 'تم إنشاء البوت.',
  unsaved: 'لديك تغييرات غير محفوظة.',
  problemCount: (count, shown) => (count === 1 ? 'يرجى تصحيح حقل واحد:' : `يرجى تصحيح الحقول التالية (${shown}):`),
  saveFailed: 'لم تُحفظ التغييرات. كل ما كتبته ما زال موجودًا.',
  loadFailed: 'تعذّر تحميل البوت.',
  greetingNeedsBot: 'أنشئ البوت أولًا؛ بعد ذلك يمكنك ضبط الترحيب هنا.',
  greetingUnsupported: 'هذه الخدمة لا تحفظ ترحيبًا، لذا لا يمكن ضبطه هنا.',
  greetingLoadFailed: 'تعذّر تحميل الترحيب.',
  greetingSaveFailed: 'حُفظت إعدادات البوت، لكن الترحيب لم يُحفظ. ما كتبته في الترحيب ما زال موجودًا.',
  issues: {
    required: 'يرجى ملء هذا الحقل.',
    invalid_type: 'يرجى إدخال قيمة صالحة.',
    not_integer: 'يرجى إدخال عدد صحيح.',
    empty: 'يرجى ملء هذا الحقل.',
    too_long: (max) => `يرجى ألّا يتجاوز النص ${max} حرفًا.`,
    out_of_range: (min, max) =>
      min !== undefined && max !== undefined
        ? `يرجى إدخال رقم من ${min} إلى ${max}.`
        : min !== undefined
          ? `يرجى إدخال رقم لا يقل عن ${min}.`
          : `يرجى إدخال رقم لا يزيد على ${max}.`,
    invalid_host: 'يرجى إدخال اسم مضيف مثل example.com أو *.example.com أو localhost:5173.',
    invalid: 'هذه القيمة غير صالحة.',
    duplicate: 'هذا الحقل مطلوب بالفعل.',
    not_a_number: 'يرجى إدخال رقم، مثل 2.',
    invalid_language: 'يرجى إدخال رمز لغة مثل en أو vi أو pt-BR.',
    too_many: (max) => `يرجى الإبقاء على ${max} على الأكثر.`,
  },
  discardTitle: 'هل تريد تجاهل التغييرات غير المحفوظة؟',
  discardBody: 'لم تُحفظ التغييرات على هذا البوت بعد.',
  discardConfirm: 'تجاهل التغييرات',
  keepEditing: 'متابعة التعديل',

  sourcesTitle: 'قاعدة المعرفة',
  addSourceLegend: 'أضف موقعًا',
  sourceUrl: 'العنوان',
  sourceUrlHint: 'عنوان كامل، مثل https://example.com/help.',
  scrapeTypeLegend: 'ما الذي يُقرأ',
  scrapeTypes: {
    single_page: 'هذه الصفحة فقط',
    full_site: 'هذه الصفحة والصفحات المرتبطة بها (حتى مستويين)',
  },
  addSource: 'أضف',
  stopAdding: 'أوقف',
  urlRequired: 'يرجى إدخال عنوان.',
  urlInvalid: 'يرجى إدخال عنوان كامل يبدأ بـ http:// أو https://.',
  progressLabel: 'تقدّم القراءة',
  runStarting: (url) => `بدء قراءة ${url}…`,
  runProgress: (page, percent, words, wordsShown) =>
    `جارٍ قراءة ${page}: اكتمل ${percent}، حتى الآن ${counted(words, wordsShown, WORDS)}.`,
  runDone: (url, words, wordsShown) => `تمت إضافة ${url}: ${counted(words, wordsShown, WORDS)}.`,
  runIncomplete: (page, percent, words, wordsShown) =>
    `توقفت الخدمة عن الإبلاغ عند ${percent} أثناء قراءة ${page} (حتى الآن ${counted(words, wordsShown, WORDS)}). تعرض القائمة أدناه ما تم حفظه.`,
  runDropped: (page, percent, words, wordsShown) =>
    `انقطع الاتصال عند ${percent} أثناء قراءة ${page} (حتى الآن ${counted(words, wordsShown, WORDS)}). تعرض القائمة أدناه ما تم حفظه؛ أضف العنوان مرة أخرى لقراءة الباقي.`,
  runStopped: (percent) => `توقفت القراءة عند ${percent}. تعرض القائمة أدناه ما تم حفظه.`,
  runRefused: (url, reason) => `تعذّر على الخدمة قراءة ${url}. ${reason}`,
  runFailed: (url, reason) => `تعذّرت إضافة ${url}. ${reason}`,
  sourcesCaption: 'صفحات قاعدة المعرفة',
  columnAddress: 'العنوان',
  columnWords: 'الكلمات',
  columnActions: 'الإجراءات',
  total: 'المجموع',
  sourcesSummary: (pages, pagesShown, words, wordsShown) =>
    `${counted(pages, pagesShown, PAGES)}، ${counted(words, wordsShown, WORDS)} في المجموع.`,
  noSources: 'لا توجد صفحات بعد. أضف موقعًا أعلاه.',
  removeSource: (url) => `احذف ${url}`,
  remove: 'احذف',
  removeTitle: 'هل تريد حذف هذه الصفحة؟',
  removeBody: (url) => `لن يُستخدم ${url} بعد الآن للإجابة عن الأسئلة.`,
  removed: (url) => `تم حذف ${url}.`,
  removeFailed: (url, reason) => `تعذّر حذف ${url}. ${reason}`,
  removeUnsupported: 'لا تتيح هذه الخدمة حذف الصفحات من قاعدة المعرفة.',
  listFailed: 'تعذّر عرض قاعدة المعرفة.',
  needsBot: 'أنشئ البوت أولًا: املأ إعداداته واحفظها.',

  historyTitle: 'سجل المحادثات',
  periodLegend: 'الفترة والترتيب',
  dateFrom: 'من',
  dateTo: 'إلى',
  periodHint: 'اترك التاريخ فارغًا لتضمين كل ما قبله أو بعده.',
  dateExample: (example) => `اكتب التاريخ بالشكل ${example}.`,
  order: 'الترتيب',
  orders: { 'created_at.desc': 'الأحدث أولًا', 'created_at.asc': 'الأقدم أولًا' },
  showHistory: 'اعرض',
  invalidDate: 'يرجى إدخال تاريخ صالح.',
  endBeforeStart: 'تاريخ النهاية يسبق تاريخ البداية.',
  conversationsFound: (count, shown) => `${counted(count, shown, CONVERSATIONS)}.`,
  noConversations: 'لا توجد محادثات في هذه الفترة.',
  conversationList: 'المحادثات',
  messageCount: (count, shown) => counted(count, shown, MESSAGES),
  noQuestion: '(لم يُطرح سؤال)',
  transcriptTitle: (date) => `محادثة ${date}`,
  closeTranscript: 'أغلق المحادثة',
  copyCode: 'نسخ الرمز',
  codeCopied: 'تم النسخ.',
  senderUser: 'الزائر',
  senderAssistant: 'البوت',
  answerCutOff: 'مقطوعة: لم تكتمل هذه الإجابة.',
  exportJson: 'نزّل JSON',
  exportCsv: 'نزّل CSV',
  historyFailed: 'تعذّر تحميل السجل.',
  leadsTitle: 'بيانات التواصل التي تركها الزوار',
  noLeads: 'لم يترك أي زائر بيانات التواصل بعد.',
  leadsFailed: 'تعذّر تحميل بيانات التواصل.',
  leadColumns: { created_at: 'وقت الإرسال', name: 'الاسم', email: 'البريد الإلكتروني', phone: 'الهاتف', company: 'الشركة', session_id: 'المحادثة' },

  previewTitle: 'معاينة',
  previewIntro: 'تحدّث مع البوت بالإعدادات الموجودة في النموذج، محفوظة أو لا.',
  previewNeedsBot: 'احفظ البوت الجديد لتجربته هنا.',
} satisfies AdminStrings;
