// Records MarkdownStream's searches for the markers that need the on-demand extras. A module holds whether the
// extras are wanted for the whole page, so once a marker is found no stream searches again: each test file that
// finds one runs in a process of its own.
import { MarkdownStream, type MarkdownContext } from '../../../src/ui/markdown/render.js';

const context: MarkdownContext = { copyCodeLabel: 'Copy', onCopyCode: () => undefined };

// The renderer asks for the extras in the frame after the one that draws the marker's text; Node has no frames.
globalThis.requestAnimationFrame ??= (callback) => setTimeout(() => callback(performance.now()), 16) as unknown as number;

export interface Search {
  /** Characters the search could read: from where it starts to the end of the text. */
  read: number;
  found: boolean;
}

/**
 * Renders `frames` (each the whole text so far) and records every search of the extras' markers, told from
 * the parsers' other expressions by its first alternative, a pipe.
 */
export function searches(frames: readonly string[], onLoad?: () => void): Search[] {
  const recorded: Search[] = [];
  const test = RegExp.prototype.test;
  RegExp.prototype.test = function (this: RegExp, text: string): boolean {
    if (!this.source.startsWith('\\|')) return test.call(this, text);
    const from = this.global || this.sticky ? Math.max(0, this.lastIndex) : 0;
    const found = test.call(this, text);
    recorded.push({ read: text.length - from, found });
    return found;
  };
  try {
    const stream = new MarkdownStream({ ...context, onLoad });
    for (const text of frames) stream.render(text, false);
  } finally {
    RegExp.prototype.test = test;
  }
  return recorded;
}
