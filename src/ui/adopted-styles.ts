// Styles that arrive with the code that draws what they style: a chunk loaded on demand (the Markdown extras)
// brings its style sheet to the shadow root its content is drawn in, the widget's or the admin's, which were
// styled before the chunk arrived. A constructed style sheet, as all of the widget's (a strict style-src
// allows no <style> element), made once per CSS text and adopted once per root.
import { Directive, directive, type ChildPart } from 'lit/directive.js';

const sheets = new Map<string, CSSStyleSheet>();

class AdoptedStyles extends Directive {
  render(_css: string, content: unknown): unknown {
    return content;
  }

  override update(part: ChildPart, [css, content]: [string, unknown]): unknown {
    const root = (part.options?.host as Element | undefined)?.shadowRoot;
    if (root) {
      let sheet = sheets.get(css);
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        sheets.set(css, sheet);
      }
      if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    }
    return content;
  }
}

/** Draws the content given, and adopts the style sheet of the CSS text given in the shadow root of the element it is drawn in. */
export const withStyles = directive(AdoptedStyles);
