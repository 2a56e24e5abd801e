// The language a bot answers in, read from its free-text `bot_language` ("en", "fr-CA", "French", "日本語"):
// which PostgreSQL text search configuration indexes its passages, which Snowball stemmer and stop words
// read its questions, and whether its text needs a word segmenter (Japanese, Chinese, Thai have no spaces).
import { stemmer as arabicStemmer } from '@orama/stemmers/arabic';
import { stemmer as danishStemmer } from '@orama/stemmers/danish';
import { stemmer as dutchStemmer } from '@orama/stemmers/dutch';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as finnishStemmer } from '@orama/stemmers/finnish';
import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { stemmer as italianStemmer } from '@orama/stemmers/italian';
import { stemmer as norwegianStemmer } from '@orama/stemmers/norwegian';
import { stemmer as portugueseStemmer } from '@orama/stemmers/portuguese';
import { stemmer as russianStemmer } from '@orama/stemmers/russian';
import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import { stemmer as swedishStemmer } from '@orama/stemmers/swedish';
import { stemmer as turkishStemmer } from '@orama/stemmers/turkish';

/** How a bot's text is read. */
export interface Language {
  /** ISO 639-1 code ('en', 'ja', …), or 'und' when the bot names a language this service does not know. */
  code: string;
  /** The PostgreSQL text search configuration its passages are indexed with (each exists in PGlite and PostgreSQL). */
  searchConfig: string;
  /** Reduces a lower-case word to its stem (identity for languages without a stemmer). */
  stem(word: string): string;
  /** Words that carry no meaning in a question (lower case). */
  stopWords: ReadonlySet<string>;
  /** Whether accents are kept when words are compared (Vietnamese tones tell words apart; elsewhere a missing accent is a typo). */
  keepsAccents: boolean;
  /** Common words that can carry a question but seldom its topic ("support", "work", "anywhere"): they count less. */
  weakWords: ReadonlySet<string>;
}

interface LanguageEntry {
  config: string;
  stem?: (word: string) => string;
  names: string[];
  stopWords?: string;
  weakWords?: string;
  keepsAccents?: boolean;
}

// Question words, auxiliaries, pronouns and fillers: what a question says about itself, not its topic.
const ENGLISH_STOP_WORDS = `a about above after again against all also am an and any anything are aren't as at be because been
  before being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't done down during
  each else even ever few for from further get gets getting give go goes going got had hadn't has hasn't have haven't having he
  her here hers herself him himself his how i i'd i'll i'm i've if in into is isn't it it's its itself just know let let's like
  lot me might mine more most much must mustn't my myself need needs no nor not now of off ok okay on once one only or other ought
  our ours ourselves out over own please possible same shall she should shouldn't so some something such sure tell than thank
  thanks that that's the their theirs them themselves then there there's these they they're thing things this those through to
  too under until up us very want wants was wasn't way we we're were weren't what what's whats when where which while who whom
  why will with won't would wouldn't yes you you're your yours yourself yourselves hi hello hey happen happens happened work
  works able really actually maybe exactly kind sort`;
// Everyday verbs, adverbs and vague nouns: a knowledge base that lacks them may still answer the question.
const ENGLISH_WEAK_WORDS = `support supports supported supporting use uses using usage make makes making show shows showing send sends
  sending collect collects pick picks choose click clicks put puts run runs running keep keeps allow allows allowed offer offers
  provide provides include includes including contain contains try tries start starts come comes take takes give gives look
  looks see sees say says ask asks call calls find finds follow follows turn turns become becomes seem seems mean means able
  possible available anywhere somewhere everywhere inside outside instead already still yet always never often sometimes people
  person someone anyone everyone everything anything stuff lot bit time times good best better great own various certain
  specific different whole without within across via per each every many few less least whether either neither else exist
  exists existing halfway midway`;
const FRENCH_STOP_WORDS = `a à au aux avec ce ces cet cette comment dans de des du elle elles en est et être il ils je la le
  les leur leurs lui ma mais me mes moi mon ne nos notre nous on ou où par pas peut peux pour pourquoi quand que quel quelle
  quelles quels qui quoi sa se ses son sont sur ta te tes toi ton tu un une vos votre vous y est-ce c'est qu'est-ce faire
  fait puis-je bonjour merci il y a-t-il`;
const SPANISH_STOP_WORDS = `a al algo como cómo con cual cuál cuáles cuando cuándo de del donde dónde el él ella ellos en
  es esta este esto estos hay la las le les lo los me mi mis muy no nos o para pero por porque puedo puede qué que quien quién
  se si sí su sus te tu tú un una uno unos usted y yo hola gracias hacer hace`;
const GERMAN_STOP_WORDS = `aber als am an auch auf aus bei bin bis da das dass dem den der des die dies diese dieser du ein
  eine einem einen einer es für gibt hat haben ich ihr im in ist ja kann kannst können man mein meine mich mir mit nach nicht
  noch nur oder sie sind so über um und uns von vor was wann warum was welche welcher welches wer wie wie viel wir wo zu zum zur
  hallo danke machen`;
const VIETNAMESE_STOP_WORDS = `à ạ ai bao bạn cái có của cho chúng đã đang để được gì hay không là làm lại mà mình nào này
  nhé những như nên ở ra rồi sao thì tôi và về với xin chào cảm ơn thế nào`;
const JAPANESE_STOP_WORDS = `は が の を に で と も へ や か から まで より ね よ な だ です ます でした ません ください
  どう どうやって どの どこ なに 何 いつ だれ 誰 する し して します できる できます ある あります いる います これ それ あれ
  この その あの ば れ いい こと もの ですか ますか んですか って という たい`;
const ARABIC_STOP_WORDS = `في من على إلى عن مع هل ما ماذا كيف لماذا متى أين هذا هذه ذلك تلك هو هي أنا أنت نحن هم أن
  إن كان يكون لا نعم أو و ثم قد لقد كل بعض أي التي الذي يمكن يمكنني مرحبا شكرا`;

const LANGUAGES: Record<string, LanguageEntry> = {
  en: { config: 'english', stem: englishStemmer, names: ['english', 'anglais', 'inglés', 'englisch', '英語'], stopWords: ENGLISH_STOP_WORDS, weakWords: ENGLISH_WEAK_WORDS },
  fr: { config: 'french', stem: frenchStemmer, names: ['french', 'français', 'francais', 'francés', 'französisch'], stopWords: FRENCH_STOP_WORDS },
  es: { config: 'spanish', stem: spanishStemmer, names: ['spanish', 'español', 'espanol', 'espagnol', 'spanisch'], stopWords: SPANISH_STOP_WORDS },
  de: { config: 'german', stem: germanStemmer, names: ['german', 'deutsch', 'allemand', 'alemán'], stopWords: GERMAN_STOP_WORDS },
  ar: { config: 'arabic', stem: arabicStemmer, names: ['arabic', 'العربية', 'arabe', 'árabe', 'arabisch'], stopWords: ARABIC_STOP_WORDS },
  vi: { config: 'simple', names: ['vietnamese', 'tiếng việt', 'tieng viet', 'vietnamien'], stopWords: VIETNAMESE_STOP_WORDS, keepsAccents: true },
  ja: { config: 'simple', names: ['japanese', '日本語', 'japonais'], stopWords: JAPANESE_STOP_WORDS },
  zh: { config: 'simple', names: ['chinese', '中文', '汉语', '漢語'] },
  ko: { config: 'simple', names: ['korean', '한국어'] },
  th: { config: 'simple', names: ['thai', 'ไทย'] },
  it: { config: 'italian', stem: italianStemmer, names: ['italian', 'italiano'] },
  pt: { config: 'portuguese', stem: portugueseStemmer, names: ['portuguese', 'português', 'portugues'] },
  nl: { config: 'dutch', stem: dutchStemmer, names: ['dutch', 'nederlands'] },
  ru: { config: 'russian', stem: russianStemmer, names: ['russian', 'русский'] },
  sv: { config: 'swedish', stem: swedishStemmer, names: ['swedish', 'svenska'] },
  da: { config: 'danish', stem: danishStemmer, names: ['danish', 'dansk'] },
  no: { config: 'norwegian', stem: norwegianStemmer, names: ['norwegian', 'norsk', 'nb', 'nn'] },
  fi: { config: 'finnish', stem: finnishStemmer, names: ['finnish', 'suomi'] },
  tr: { config: 'turkish', stem: turkishStemmer, names: ['turkish', 'türkçe', 'turkce'] },
};

/** The code used when a bot names no language: English, as the service has always indexed. */
export const DEFAULT_LANGUAGE_CODE = 'en';

const BY_NAME = new Map<string, string>();
for (const [code, entry] of Object.entries(LANGUAGES)) {
  BY_NAME.set(code, code);
  for (const name of entry.names) BY_NAME.set(name, code);
}

const resolved = new Map<string, Language>();

function languageOf(code: string): Language {
  let language = resolved.get(code);
  if (!language) {
    const entry = LANGUAGES[code];
    // Sites and visitors mix in English whatever the bot's language, so English stop words and weak words always count.
    const stopWords = new Set(`${entry?.stopWords ?? ''} ${ENGLISH_STOP_WORDS}`.split(/\s+/).filter(Boolean));
    const weakWords = new Set(`${entry?.weakWords ?? ''} ${ENGLISH_WEAK_WORDS}`.split(/\s+/).filter(Boolean));
    const stem = entry?.stem;
    language = {
      code: entry ? code : 'und',
      searchConfig: entry?.config ?? 'simple',
      // Orama's stemmers return the word for anything shorter than three letters; short words stay as they are.
      stem: stem ? (word) => (word.length > 2 ? stem(word) : word) : (word) => word,
      stopWords,
      keepsAccents: entry?.keepsAccents ?? false,
      weakWords,
    };
    resolved.set(code, language);
  }
  return language;
}

/** Reads a bot's `bot_language` (a code, a locale, or a name in English or in the language itself). */
export function resolveLanguage(botLanguage: string | undefined): Language {
  const text = (botLanguage ?? '').trim().toLowerCase();
  if (!text) return languageOf(DEFAULT_LANGUAGE_CODE);
  const code = BY_NAME.get(text) ?? BY_NAME.get(text.split(/[-_]/)[0]!);
  return languageOf(code ?? 'und');
}
