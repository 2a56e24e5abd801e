// The syntax highlighter's lexer (pure) and its colours.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { codeTokens, type CodeToken, type TokenKind } from '../../../src/ui/markdown/code-tokens.js';
import { TOKEN_COLORS } from '../../../src/ui/markdown/code-view.js';
import { PANEL_TOKENS } from '../../../src/themes/tokens.js';

/** The highlighted tokens of a kind, in order. */
const ofKind = (tokens: readonly CodeToken[] | undefined, kind: TokenKind): string[] =>
  (tokens ?? []).flatMap((token) => (typeof token !== 'string' && token[0] === kind ? [token[1]] : []));

const SAMPLES: [language: string, code: string, expected: Partial<Record<TokenKind, string[]>>][] = [
  ['js', 'const a = "b\\"c"; // note\nif (a) return `t ${a}` /* x */ 42;', { keyword: ['const', 'if', 'return'], string: ['"b\\"c"', '`t ${a}`'], comment: ['// note', '/* x */'], number: ['42'] }],
  ['TypeScript', 'interface A { b: string }', { keyword: ['interface', 'string'] }],
  ['json', '{"key": "value", "n": -1.5e3, "ok": true, "none": null}', { name: ['"key"', '"n"', '"ok"', '"none"'], string: ['"value"'], number: ['-1.5e3'], keyword: ['true', 'null'] }],
  ['py', 'def f(x):\n    """Doc\n    string"""\n    return x # done\n@cache', { keyword: ['def', 'return'], string: ['"""Doc\n    string"""'], comment: ['# done'], name: ['@cache'] }],
  ['sh', 'if [ -n "$HOME" ]; then echo ${PATH} \'lit\'; fi # end', { keyword: ['if', 'then', 'echo', 'fi'], string: ['"$HOME"', "'lit'"], name: ['${PATH}'], comment: ['# end'] }],
  ['html', '<!-- c --><a href="x" data-id=\'y\'>Text &amp; more</a>', { comment: ['<!-- c -->'], keyword: ['<a', '>', '</a', '>'], name: ['href', 'data-id'], string: ['="x"', "='y'"], number: ['&amp;'] }],
  ['css', '@media (min-width: 10px) { a:hover { color: #fff; --x: 1px !important } } /* c */', { keyword: ['@media', '!important'], number: ['10px', '#fff', '1px'], name: ['color', '--x'], comment: ['/* c */'] }],
  ['SQL', "SELECT name FROM users WHERE id = 'it''s' -- one", { keyword: ['SELECT', 'FROM', 'WHERE'], string: ["'it''s'"], comment: ['-- one'] }],
];

describe('Syntax highlighting: the lexer', () => {
  it('finds the keywords, strings, numbers, comments and names of each language', () => {
    for (const [language, code, expected] of SAMPLES) {
      const tokens = codeTokens(code, language);
      for (const [kind, texts] of Object.entries(expected)) assert.deepEqual(ofKind(tokens, kind as TokenKind), texts, `${language} ${kind}`);
    }
  });

  it('gives the code back, character for character, in any language, on any text', () => {
    const hostile = ['"unterminated', "'''open", '/* open', '<!-- open', '`tpl ${', '\\', '${', '&#', '\n\n', 'a-b-c=', 'x: y'];
    for (const [language] of SAMPLES) {
      for (const code of [...SAMPLES.map(([, sample]) => sample), ...hostile]) {
        const tokens = codeTokens(code, language)!;
        assert.equal(tokens.map((token) => (typeof token === 'string' ? token : token[1])).join(''), code, `${language}: ${code}`);
      }
    }
  });

  it('reads aliases, and no other language', () => {
    for (const alias of ['javascript', 'jsx', 'tsx', 'python', 'bash', 'shell', 'zsh', 'xml', 'svg', 'scss', 'postgresql']) {
      assert.ok(codeTokens('a', alias), alias);
    }
    for (const unknown of ['rust', 'toString', '__proto__', 'constructor', '']) assert.equal(codeTokens('a', unknown), undefined, unknown);
  });

  it('runs an unterminated string or comment to the end of the text or line', () => {
    assert.deepEqual(codeTokens('a = "b', 'js'), ['a = ', ['string', '"b']]);
    assert.deepEqual(codeTokens('/* a\nb', 'css'), [['comment', '/* a\nb']]);
  });
});

/** WCAG 2.2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string): number => {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
};

describe('Syntax highlighting: colours', () => {
  it('have a contrast of at least 4.5:1 with the code background of the light and the dark theme', () => {
    const background = PANEL_TOKENS.find((token) => token.name === 'code-background')!;
    const backgrounds = [background.light, background.dark ?? background.light];
    for (const [kind, color] of Object.entries(TOKEN_COLORS)) {
      for (const back of backgrounds) assert.ok(contrast(color, back) >= 4.5, `${kind} ${color} on ${back}: ${contrast(color, back).toFixed(2)}`);
    }
  });
});
