// Arabic strings of <chatbot-widget> (written right to left).
import type { WidgetStrings } from './en.js';

const plural = new Intl.PluralRules('ar');

// Called with 1 or more (the form shows no count when nothing is missing), so Arabic's 'zero' form is not needed.
function missingFields(count: number): string {
  switch (plural.select(count)) {
    case 'one':
      return 'يرجى ملء حقل مطلوب واحد.';
    case 'two':
      return 'يرجى ملء حقلين مطلوبين.';
    case 'few':
      return `يرجى ملء ${count} حقول مطلوبة.`;
    default:
      return `يرجى ملء ${count} حقلًا مطلوبًا.`;
  }
}

/** Arabic. */
const ar: WidgetStrings = {
  lang: 'ar',
  dir: 'rtl',
  openChat: 'افتح المحادثة',
  openChatUnread: 'افتح المحادثة (رد جديد)',
  dismiss: 'تجاهل',
  closeChat: 'أغلق المحادثة',
  title: 'المحادثة',
  loading: 'جارٍ التحميل…',
  newConversation: 'محادثة جديدة',
  conversation: 'المحادثة',
  greeting: (botName) => `مرحبًا! أنا ${botName}. كيف يمكنني مساعدتك اليوم؟`,
  messageLabel: 'الرسالة',
  placeholder: 'اطرح سؤالًا…',
  send: 'إرسال',
  stop: 'إيقاف',
  retry: 'إعادة المحاولة',
  copyAnswer: 'نسخ الإجابة',
  copyCode: 'نسخ الشيفرة',
  copied: 'تم النسخ',
  helpful: 'مفيد',
  notHelpful: 'غير مفيد',
  suggestions: 'أسئلة مقترحة',
  jumpToLatest: 'انتقل إلى الأحدث',
  you: 'أنت',
  writing: 'تتم كتابة الإجابة…',
  stopped: 'تم الإيقاف.',
  failed: 'لم تصل الإجابة كاملة.',
  errorNetwork: 'تعذر الوصول إلى الخدمة. تحقق من اتصالك وحاول مرة أخرى.',
  errorGeneric: 'حدث خطأ ما. يرجى المحاولة مرة أخرى.',
  errorEmpty: 'لم تصل أي إجابة. يرجى المحاولة مرة أخرى.',
  botDeactivated: 'هذا المساعد متوقف حاليًا.',
  botUnknown: 'تعذر العثور على هذا المساعد.',
  noMessagesLeft: 'لا يستطيع هذا المساعد الرد على مزيد من الرسائل الآن. يرجى العودة لاحقًا.',
  originNotAllowed: 'هذا المساعد غير متاح على هذا الموقع.',
  unauthorized: 'تعذر على هذا المساعد تأكيد صلاحية الوصول.',
  loadFailed: 'تعذر تحميل المساعد.',
  answered: (botName, answer) => `${botName}: ${answer}`,
  leadTitle: 'قبل أن نتابع',
  leadIntro: 'يرجى إخبارنا بكيفية التواصل معك.',
  leadName: 'الاسم',
  leadEmail: 'البريد الإلكتروني',
  leadPhone: 'الهاتف',
  leadCompany: 'الشركة',
  leadSubmit: 'إرسال البيانات',
  leadThanks: 'شكرًا لك! تم إرسال بياناتك.',
  leadMissing: missingFields,
  leadInvalidEmail: 'يرجى إدخال بريد إلكتروني صالح.',
  leadPending: 'يرجى ملء النموذج أعلاه للمتابعة.',
  disclaimer: 'تُنشأ الإجابات تلقائيًا وقد تحتوي على أخطاء.',
};
export default ar;
