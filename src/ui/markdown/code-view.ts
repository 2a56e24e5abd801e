// Syntax-highlighted code blocks, part of the Markdown extras (src/widget/on-demand/markdown-extras.ts), which
// the widget imports only when an answer needs them. Tokens come from the pure lexer (code-tokens.ts) and
// are drawn as spans through Lit bindings, never as HTML; copying a block still copies its plain text.
import { html } from 'lit';
import { Directive, directive, type ChildPart } from 'lit/directive.js';
import { codeTokens, TOKEN_KINDS, type CodeToken, type TokenKind } from './code-tokens.js';

/**
 * Default colour of each kind of token, each overridable with a `--chatbot-code-<kind>` property. Code
 * blocks are dark in both themes (`--chatbot-code-background`), so these are light tints, each with a
 * contrast of at least 4.5:1 against the code background of the light and of the dark theme (tested).
 */
export const TOKEN_COLORS: Record<TokenKind, string> = {
  keyword: '#c4b5fd',
  string: '#86efac',
  number: '#fdba74',
  comment: '#9ca3af',
  name: '#7dd3fc',
};

/** Styles of highlighted tokens. */
export const CODE_CSS: string =
  TOKEN_KINDS.map((kind) => `.code-${kind}{color:var(--chatbot-code-${kind},${TOKEN_COLORS[kind]})}`).join('') + '.code-comment{font-style:italic}';

let sheet: CSSStyleSheet | undefined;

/**
 * Draws tokens as spans, and brings their styles to the shadow root of the element it is drawn in (the
 * widget's or the admin's: the chunk arrives after those were styled).
 */
class HighlightedCode extends Directive {
  render(tokens: readonly CodeToken[]): unknown {
    return tokens.map((token) => (typeof token === 'string' ? token : html`<span class="code-${token[0]}">${token[1]}</span>`));
  }

  override update(part: ChildPart, [tokens]: [readonly CodeToken[]]): unknown {
    const root = (part.options?.host as Element | undefined)?.shadowRoot;
    if (root) {
      // A constructed style sheet, as all of the widget's (a strict style-src allows no <style> element).
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(CODE_CSS);
      }
      if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    }
    return this.render(tokens);
  }
}

const highlightedCode = directive(HighlightedCode);

/** The code with its tokens in spans, or undefined when its language is not one the highlighter reads. */
export function drawCode(code: string, language: string): unknown {
  const tokens = codeTokens(code, language);
  return tokens && highlightedCode(tokens);
}
