// The widget's guard on its templates: a part whose dependencies are the same objects as on its last update is
// left alone (Lit's noChange), without calling the function that draws it.
import { noChange } from 'lit';
import { Directive, directive, type Part } from 'lit/directive.js';

class MemoDirective extends Directive {
  #deps: readonly unknown[] | undefined;

  render(_deps: readonly unknown[], draw: () => unknown): unknown {
    return draw();
  }

  override update(_part: Part, [deps, draw]: [readonly unknown[], () => unknown]): unknown {
    if (this.#deps?.length === deps.length && deps.every((dep, index) => dep === this.#deps![index])) return noChange;
    this.#deps = deps;
    return draw();
  }
}

/**
 * `draw()` when a dependency differs (by identity) from the last update of this part, else Lit's noChange. As
 * Lit's guard with an array of dependencies, without its support for a single value, in fewer bytes; the
 * array is kept as given, so each call passes a new one.
 */
export const memo = directive(MemoDirective);
