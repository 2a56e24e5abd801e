// The lead form's strings in every language of the widget. Only bots that collect customer information show
// the form, so they are not in the language packs: the lead form's on-demand chunk carries them (English is
// the source of truth, as for the packs).
import type { Language } from './languages.js';

/** Every visible string of the lead form; entries that depend on a number are functions. */
export interface LeadStrings {
  /** Title of the lead form. */
  leadTitle: string;
  /** Introduction of the lead form. */
  leadIntro: string;
  /** Label of the name field. */
  leadName: string;
  /** Label of the email field. */
  leadEmail: string;
  /** Label of the phone field. */
  leadPhone: string;
  /** Label of the company field. */
  leadCompany: string;
  /** Label of the lead form's submit button. */
  leadSubmit: string;
  /** Shown once the lead form was sent. */
  leadThanks: string;
  /** Summary of missing required fields. */
  leadMissing: (count: number) => string;
  /** Error of an email field that is not an email address. */
  leadInvalidEmail: string;
  /** Error shown under a required field left blank. */
  leadRequired: string;
  /** Placeholder of the message field while the lead form waits. */
  leadPending: string;
}

const arabicPlural = new Intl.PluralRules('ar');

// Called with 1 or more (the form shows no count when nothing is missing), so Arabic's 'zero' form is not needed.
function arabicMissingFields(count: number): string {
  switch (arabicPlural.select(count)) {
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

/** The lead form's strings by language. */
export const LEAD_STRINGS: Record<Language, LeadStrings> = {
  en: {
    leadTitle: 'Before we go on',
    leadIntro: 'Please tell us how we can reach you.',
    leadName: 'Name',
    leadEmail: 'Email',
    leadPhone: 'Phone',
    leadCompany: 'Company',
    leadSubmit: 'Send details',
    leadThanks: 'Thank you! Your details were sent.',
    leadMissing: (count) => (count === 1 ? 'Please fill in 1 required field.' : `Please fill in ${count} required fields.`),
    leadInvalidEmail: 'Please enter a valid email address.',
    leadRequired: 'Please fill in this field.',
    leadPending: 'Please fill in the form above to continue.',
  },
  vi: {
    leadTitle: 'Trước khi tiếp tục',
    leadIntro: 'Vui lòng cho chúng tôi biết cách liên hệ với bạn.',
    leadName: 'Họ tên',
    leadEmail: 'Email',
    leadPhone: 'Số điện thoại',
    leadCompany: 'Công ty',
    leadSubmit: 'Gửi thông tin',
    leadThanks: 'Cảm ơn bạn! Thông tin đã được gửi.',
    leadMissing: (count) => `Vui lòng điền ${count} trường bắt buộc.`,
    leadInvalidEmail: 'Vui lòng nhập địa chỉ email hợp lệ.',
    leadRequired: 'Vui lòng điền trường này.',
    leadPending: 'Vui lòng điền biểu mẫu phía trên để tiếp tục.',
  },
  ja: {
    leadTitle: '続ける前に',
    leadIntro: 'ご連絡先を教えてください。',
    leadName: 'お名前',
    leadEmail: 'メールアドレス',
    leadPhone: '電話番号',
    leadCompany: '会社名',
    leadSubmit: '送信する',
    leadThanks: 'ありがとうございます。送信しました。',
    leadMissing: (count) => `必須項目が${count}件未入力です。`,
    leadInvalidEmail: '有効なメールアドレスを入力してください。',
    leadRequired: 'この項目を入力してください。',
    leadPending: '続けるには上のフォームにご記入ください。',
  },
  fr: {
    leadTitle: 'Avant de continuer',
    leadIntro: 'Indiquez-nous comment vous joindre.',
    leadName: 'Nom',
    leadEmail: 'E-mail',
    leadPhone: 'Téléphone',
    leadCompany: 'Entreprise',
    leadSubmit: 'Envoyer mes coordonnées',
    leadThanks: 'Merci ! Vos coordonnées ont été envoyées.',
    leadMissing: (count) =>
      count <= 1 ? `Veuillez remplir ${count} champ obligatoire.` : `Veuillez remplir ${count} champs obligatoires.`,
    leadInvalidEmail: 'Veuillez saisir une adresse e-mail valide.',
    leadRequired: 'Veuillez remplir ce champ.',
    leadPending: 'Veuillez remplir le formulaire ci-dessus pour continuer.',
  },
  es: {
    leadTitle: 'Antes de continuar',
    leadIntro: 'Dinos cómo podemos contactarte.',
    leadName: 'Nombre',
    leadEmail: 'Correo electrónico',
    leadPhone: 'Teléfono',
    leadCompany: 'Empresa',
    leadSubmit: 'Enviar datos',
    leadThanks: '¡Gracias! Tus datos se han enviado.',
    leadMissing: (count) =>
      count === 1 ? 'Rellena 1 campo obligatorio.' : `Rellena ${count} campos obligatorios.`,
    leadInvalidEmail: 'Introduce una dirección de correo válida.',
    leadRequired: 'Rellena este campo.',
    leadPending: 'Rellena el formulario de arriba para continuar.',
  },
  de: {
    leadTitle: 'Bevor es weitergeht',
    leadIntro: 'Bitte sagen Sie uns, wie wir Sie erreichen.',
    leadName: 'Name',
    leadEmail: 'E-Mail',
    leadPhone: 'Telefon',
    leadCompany: 'Firma',
    leadSubmit: 'Angaben senden',
    leadThanks: 'Vielen Dank! Ihre Angaben wurden gesendet.',
    leadMissing: (count) =>
      count === 1 ? 'Bitte füllen Sie 1 Pflichtfeld aus.' : `Bitte füllen Sie ${count} Pflichtfelder aus.`,
    leadInvalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    leadRequired: 'Bitte füllen Sie dieses Feld aus.',
    leadPending: 'Bitte füllen Sie zuerst das Formular oben aus.',
  },
  ar: {
    leadTitle: 'قبل أن نتابع',
    leadIntro: 'يرجى إخبارنا بكيفية التواصل معك.',
    leadName: 'الاسم',
    leadEmail: 'البريد الإلكتروني',
    leadPhone: 'الهاتف',
    leadCompany: 'الشركة',
    leadSubmit: 'إرسال البيانات',
    leadThanks: 'شكرًا لك! تم إرسال بياناتك.',
    leadMissing: arabicMissingFields,
    leadInvalidEmail: 'يرجى إدخال بريد إلكتروني صالح.',
    leadRequired: 'يرجى ملء هذا الحقل.',
    leadPending: 'يرجى ملء النموذج أعلاه للمتابعة.',
  },
};
