// Small helpers the play functions share: waiting for a state to show, reaching into shadow roots, and
// acting the way a visitor does (typing fires `input`, sending clicks the button).

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` until it returns something truthy and resolves to it; rejects naming `what` after the
 * timeout, with the last error the probe threw.
 */
export async function waitFor<T>(
  probe: () => T | null | undefined | false | '',
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
    }
    await sleep(50);
  }
}

/** Throws `message` unless `condition` holds. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** The open shadow root of an element (throws when there is none). */
export function shadowOf(element: Element): ShadowRoot {
  const root = element.shadowRoot;
  check(root, `<${element.localName}> has no open shadow root`);
  return root;
}

/** The first element matching `selector` under `root`, looking inside every open shadow root on the way. */
export function deepQuery<E extends Element = HTMLElement>(root: ParentNode, selector: string): E | null {
  const direct = root.querySelector<E>(selector);
  if (direct) return direct;
  for (const element of root.querySelectorAll('*')) {
    if (element.shadowRoot) {
      const found = deepQuery<E>(element.shadowRoot, selector);
      if (found) return found;
    }
  }
  return null;
}

/** Every element matching `selector` under `root` and inside its open shadow roots. */
export function deepQueryAll<E extends Element = HTMLElement>(root: ParentNode, selector: string): E[] {
  const found = [...root.querySelectorAll<E>(selector)];
  for (const element of root.querySelectorAll('*')) {
    if (element.shadowRoot) found.push(...deepQueryAll<E>(element.shadowRoot, selector));
  }
  return found;
}

/** The text a person sees in an element, with runs of whitespace collapsed. */
export function textOf(node: Node | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Sets a field's value and fires `input` and `change`, as typing does. */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  field.focus();
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  field.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
}

/** Resolves with the next event of that name on the target; rejects after the timeout. */
export function nextEvent<E extends Event = Event>(target: EventTarget, type: string, timeoutMs = 10_000): Promise<E> {
  return new Promise<E>((resolve, reject) => {
    const timer = setTimeout(() => {
      target.removeEventListener(type, listener);
      reject(new Error(`No ${type} event within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (event: Event) => {
      clearTimeout(timer);
      resolve(event as E);
    };
    target.addEventListener(type, listener, { once: true });
  });
}

/** The element of that tag in the story's canvas, once it has rendered. */
export async function elementIn<E extends HTMLElement & { updateComplete?: Promise<unknown> }>(
  canvas: HTMLElement,
  tag: string,
): Promise<E> {
  const element = await waitFor(() => canvas.querySelector<E>(tag), `<${tag}> in the story`);
  await customElements.whenDefined(tag);
  await element.updateComplete;
  return element;
}
