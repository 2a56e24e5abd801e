// The few sentences the service writes itself rather than quotes, in the bot's language.
import { resolveLanguage } from './language.js';

/** The fixed sentences of one language. */
export interface FixedSentences {
  /** Said when the knowledge base holds nothing relevant and the bot has no error message of its own. */
  notFound: string;
  /** The label before the source links (a colon follows, written by `sourcesLine`). */
  sources: string;
  /** The reply to a greeting with no question in it. */
  greeting: string;
  /** The reply to thanks with no question in it. */
  thanks: string;
}

const SENTENCES: Record<'en' | 'vi' | 'ja' | 'fr' | 'es' | 'de' | 'ar', FixedSentences> = {
  en: {
    notFound: 'I could not find this in the knowledge base.',
    sources: 'Sources',
    greeting: 'Hello! What would you like to know?',
    thanks: "You're welcome!",
  },
  vi: {
    notFound: 'Tôi không tìm thấy thông tin này trong cơ sở kiến thức.',
    sources: 'Nguồn',
    greeting: 'Xin chào! Bạn muốn biết điều gì?',
    thanks: 'Không có gì!',
  },
  ja: {
    notFound: 'ナレッジベースにこの情報は見つかりませんでした。',
    sources: '出典',
    greeting: 'こんにちは！何を知りたいですか？',
    thanks: 'どういたしまして！',
  },
  fr: {
    notFound: "Je n'ai pas trouvé cette information dans la base de connaissances.",
    sources: 'Sources',
    greeting: 'Bonjour ! Que souhaitez-vous savoir ?',
    thanks: 'Avec plaisir !',
  },
  es: {
    notFound: 'No he encontrado esta información en la base de conocimientos.',
    sources: 'Fuentes',
    greeting: '¡Hola! ¿Qué te gustaría saber?',
    thanks: '¡De nada!',
  },
  de: {
    notFound: 'Dazu habe ich in der Wissensdatenbank nichts gefunden.',
    sources: 'Quellen',
    greeting: 'Hallo! Was möchten Sie wissen?',
    thanks: 'Gern geschehen!',
  },
  ar: {
    notFound: 'لم أجد هذه المعلومة في قاعدة المعرفة.',
    sources: 'المصادر',
    greeting: 'مرحبًا! ماذا تريد أن تعرف؟',
    thanks: 'على الرحب والسعة!',
  },
};

const GREETINGS = new Set(['hi', 'hello', 'hey', 'hiya', 'howdy', 'morning', 'evening', 'afternoon', 'good', 'there', 'bonjour', 'salut', 'bonsoir',
  'hola', 'buenas', 'buenos', 'días', 'hallo', 'guten', 'tag', 'moin', 'xin', 'chào', 'こんにちは', 'こんばんは', 'おはよう', 'مرحبا', 'السلام', 'عليكم', 'أهلا']);
const THANKS = new Set(['thanks', 'thank', 'you', 'thx', 'ty', 'cheers', 'great', 'ok', 'okay', 'perfect', 'merci', 'beaucoup', 'gracias', 'muchas',
  'danke', 'schön', 'vielen', 'dank', 'cảm', 'ơn', 'bạn', 'ありがとう', 'ございます', 'شكرا', 'جزيلا', 'much', 'so', 'a', 'lot']);

/** The reply to a message that only greets or thanks, in the bot's language; undefined for anything else. */
export function smallTalkReply(message: string, botLanguage: string | undefined): string | undefined {
  const words = message.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  if (words.length === 0 || words.length > 6) return undefined;
  if (words.every((word) => GREETINGS.has(word))) return fixedSentences(botLanguage).greeting;
  if (words.every((word) => THANKS.has(word)) && words.some((word) => word !== 'you' && word !== 'ok' && word !== 'okay')) return fixedSentences(botLanguage).thanks;
  return undefined;
}

/** The fixed sentences for a bot's `bot_language` (English for a language without its own). */
export function fixedSentences(botLanguage: string | undefined): FixedSentences {
  const { code } = resolveLanguage(botLanguage);
  return code in SENTENCES ? SENTENCES[code as keyof typeof SENTENCES] : SENTENCES.en;
}

/** What to say when nothing relevant was found: the bot's own error message, or the fixed sentence. */
export function notFoundAnswer(settings: { customErrorMessage: string; language: string }): string {
  return settings.customErrorMessage.trim() || fixedSentences(settings.language).notFound;
}

/** The closing line that links the pages an answer came from. */
export function sourcesLine(language: string | undefined, links: readonly string[]): string {
  const label = fixedSentences(language).sources;
  // French sets a space before a colon.
  return `${label}${resolveLanguage(language).code === 'fr' ? ' :' : ':'} ${links.join(', ')}`;
}
