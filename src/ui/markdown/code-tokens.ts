// Syntax tokens of code in answers, for the highlighter that the widget loads only when an answer has a
// fenced block with a language (src/widget/on-demand/highlight.ts). A small hand-written lexer per language:
// one sticky regular expression of alternatives, each of which matches from where it starts to the end of
// its token or of the text (an unterminated string or comment runs to the end), so no alternative scans
// ahead and fails: the time is linear in the length of the code. Pure: no DOM, no Lit.

/** Kinds of highlighted tokens; everything else is plain text. */
export const TOKEN_KINDS = ['keyword', 'string', 'number', 'comment', 'name'] as const;

/** A kind of highlighted token. */
export type TokenKind = (typeof TOKEN_KINDS)[number];

/** Code as plain text and highlighted tokens, in order. */
export type CodeToken = string | [kind: TokenKind, text: string];

interface Grammar {
  /** Alternatives in the order tried, each with the kind it gives (null: an identifier, maybe a keyword). */
  rules: [source: string, kind: TokenKind | null][];
  keywords: string;
  /** Keywords are matched lower-cased (SQL). */
  caseless?: boolean;
}

const DOUBLE = String.raw`"(?:[^"\\\n]|\\.)*"?`;
const SINGLE = String.raw`'(?:[^'\\\n]|\\.)*'?`;
const BLOCK_COMMENT = String.raw`\/\*[\s\S]*?(?:\*\/|$)`;
const IDENTIFIER: [string, null] = [String.raw`[A-Za-z_$][\w$]*`, null];
const NUMBER: [string, TokenKind] = [String.raw`\d[\w.]*`, 'number'];

const SCRIPT: Grammar = {
  rules: [[String.raw`\/\/.*|${BLOCK_COMMENT}`, 'comment'], [String.raw`${DOUBLE}|${SINGLE}|\x60(?:[^\x60\\]|\\[\s\S])*\x60?`, 'string'], NUMBER, IDENTIFIER],
  keywords:
    'abstract any as async await boolean break case catch class const continue debugger declare default delete do else enum export extends false finally for from function get if implements import in instanceof interface let new null number of private protected public readonly return set static string super switch this throw true try type typeof undefined var void while yield',
};

const GRAMMARS: Record<string, Grammar> = {
  js: SCRIPT,
  json: { rules: [[`${DOUBLE}(?=\\s*:)`, 'name'], [DOUBLE, 'string'], [String.raw`-?\d[\w.+-]*`, 'number'], IDENTIFIER], keywords: 'true false null' },
  python: {
    rules: [
      ['#.*', 'comment'],
      [String.raw`"""[\s\S]*?(?:"""|$)|'''[\s\S]*?(?:'''|$)|${DOUBLE}|${SINGLE}`, 'string'],
      ['@[\\w.]+', 'name'],
      NUMBER,
      IDENTIFIER,
    ],
    keywords:
      'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return self try while with yield',
  },
  bash: {
    rules: [
      ['#.*', 'comment'],
      [String.raw`"(?:[^"\\]|\\[\s\S])*"?|'[^']*'?`, 'string'],
      [String.raw`\$\{[^}\n]*\}?|\$[\w@#?*!$-]?`, 'name'],
      NUMBER,
      [String.raw`[A-Za-z_][\w-]*`, null],
    ],
    keywords: 'case do done elif else esac export fi for function if in local return then until while cd echo exit set source sudo',
  },
  html: {
    rules: [
      [String.raw`<!--[\s\S]*?(?:-->|$)`, 'comment'],
      [String.raw`<\/?[\w:-]+|\/?>`, 'keyword'],
      [String.raw`=\s*(?:"[^"]*"?|'[^']*'?)`, 'string'],
      [String.raw`[\w:-]+(?==)`, 'name'],
      [String.raw`&#?\w+;`, 'number'],
      [String.raw`[^<>=&\w:-]+|[\w:-]+`, null],
    ],
    keywords: '',
  },
  css: {
    rules: [
      [BLOCK_COMMENT, 'comment'],
      [`${DOUBLE}|${SINGLE}`, 'string'],
      [String.raw`@[\w-]+|!important`, 'keyword'],
      [String.raw`-?\d[\w.%]*|#[\da-fA-F]{3,8}\b`, 'number'],
      [String.raw`--[\w-]+|[\w-]+(?=\s*:[^:{};]*;)`, 'name'],
      [String.raw`[A-Za-z_][\w-]*`, null],
    ],
    keywords: '',
  },
  sql: {
    rules: [[String.raw`--.*|${BLOCK_COMMENT}`, 'comment'], [String.raw`'(?:[^']|'')*'?|"[^"\n]*"?`, 'string'], NUMBER, [String.raw`[A-Za-z_][\w$]*`, null]],
    keywords:
      'add all alter and as asc begin between by case commit count create delete desc distinct drop else end exists from group having if in index inner insert into is join key left like limit not null on or order outer primary references returning right rollback select set table then union unique update values view when where with',
    caseless: true,
  },
};

/** Other names of the languages (as written after a fence). */
const ALIASES: Record<string, string> = {
  javascript: 'js',
  jsx: 'js',
  mjs: 'js',
  cjs: 'js',
  ts: 'js',
  typescript: 'js',
  tsx: 'js',
  node: 'js',
  jsonc: 'json',
  json5: 'json',
  py: 'python',
  python3: 'python',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  shellscript: 'bash',
  xml: 'html',
  svg: 'html',
  xhtml: 'html',
  vue: 'html',
  scss: 'css',
  less: 'css',
  postgresql: 'sql',
  postgres: 'sql',
  mysql: 'sql',
  sqlite: 'sql',
};

interface Lexer {
  pattern: RegExp;
  kinds: (TokenKind | null)[];
  keywords: Set<string>;
  caseless: boolean;
}

const lexers = new Map<string, Lexer>();

function lexerFor(language: string): Lexer | undefined {
  const name = language.toLowerCase();
  const key = ALIASES[name] ?? name;
  const grammar = Object.hasOwn(GRAMMARS, key) ? GRAMMARS[key] : undefined;
  if (!grammar) return undefined;
  let lexer = lexers.get(key);
  if (!lexer) {
    lexer = {
      pattern: new RegExp(grammar.rules.map(([source]) => `(${source})`).join('|'), 'y'),
      kinds: grammar.rules.map(([, kind]) => kind),
      keywords: new Set(grammar.keywords.split(' ')),
      caseless: grammar.caseless ?? false,
    };
    lexers.set(key, lexer);
  }
  return lexer;
}

/**
 * The code as plain text and highlighted tokens (their texts joined give the code back), or undefined when
 * the language is not one the highlighter reads. Linear in the length of the code.
 */
export function codeTokens(code: string, language: string): CodeToken[] | undefined {
  const lexer = lexerFor(language);
  if (!lexer) return undefined;
  const { pattern, kinds, keywords, caseless } = lexer;
  const tokens: CodeToken[] = [];
  // Plain text is pushed as one slice of the code where a token ends it: appended a character at a time, a
  // run of spaces became a rope of one string per character, which the collector then had to walk.
  let plainFrom = 0;
  let i = 0;
  while (i < code.length) {
    pattern.lastIndex = i;
    const match = pattern.exec(code);
    if (!match) {
      i++;
      continue;
    }
    const text = match[0];
    let rule = 1;
    while (match[rule] === undefined) rule++;
    let kind = kinds[rule - 1] as TokenKind | null;
    if (kind === null && keywords.has(caseless ? text.toLowerCase() : text)) kind = 'keyword';
    if (kind) {
      if (plainFrom < i) tokens.push(code.slice(plainFrom, i));
      tokens.push([kind, text]);
      plainFrom = i + text.length;
    }
    // Every alternative matches at least one character, except where the text ends: never loop in place.
    i += text.length || 1;
  }
  if (plainFrom < code.length) tokens.push(code.slice(plainFrom));
  return tokens;
}
