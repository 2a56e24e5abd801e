// A module of a feature only some visitors use (src/widget/on-demand/, a chunk of its own in the script-tag
// build), imported the first time it is wanted; its element re-renders when it arrives or fails.
import type { ReactiveControllerHost } from 'lit';

/** One on-demand module, imported once. */
export class OnDemandModule<T> {
  /** The module, once imported. */
  module: T | undefined;
  /** Whether the import for the latest reason failed. */
  failed = false;
  #reason: unknown;

  /** Binds the import to the element that renders with the module. */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly importModule: () => Promise<T>,
  ) {}

  /**
   * Imports the module unless it is in already or was asked for with this same `reason` (a failed import is
   * tried again only for a new reason: a reload, not every render).
   */
  want(reason: unknown): void {
    if (this.module || reason === this.#reason) return;
    this.#reason = reason;
    this.failed = false;
    this.importModule().then(
      (module) => (this.module = module),
      () => (this.failed = this.#reason === reason && !this.module),
    ).finally(() => this.host.requestUpdate());
  }
}
