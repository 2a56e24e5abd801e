// One call of the admin to the service as a @lit/task Task: the Task aborts the run it replaces and drops
// stale results; this adds what every admin call shares: an abort is not a failure, a failure is reported
// (`bot-admin-error`, and a 401 ends the session), and `reset()` forgets the last outcome.
import { Task, TaskStatus, initialState } from '@lit/task';
import { AbortError } from '../api/errors.js';
import type { AdminContext } from './admin-context.js';
import type { AdminOperation } from './events.js';

/** Where a call stands, as the panels show it. */
export type CallStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** A call of the admin to the service; `run(args)` starts it, replacing (and aborting) the one in flight. */
export class ServiceTask<Args extends readonly unknown[], Result> extends Task<Args, Result> {
  /** Creates the call; `call` gets the run's arguments and its abort signal. */
  constructor(
    context: AdminContext,
    operation: AdminOperation,
    call: (args: Args, signal: AbortSignal) => Promise<Result>,
    onComplete?: (result: Result) => void,
  ) {
    super(context.host, {
      autoRun: false,
      task: async (args, { signal }) => {
        if (this.#cleared) return initialState;
        try {
          return await call(args, signal);
        } catch (error) {
          if (signal.aborted || error instanceof AbortError) return initialState;
          throw error;
        }
      },
      onComplete,
      onError: (error) => context.reportError(operation, error),
    });
  }

  #cleared = false;

  /** Where the call stands. */
  get callStatus(): CallStatus {
    if (this.#cleared) return 'idle';
    switch (this.status) {
      case TaskStatus.INITIAL:
        return 'idle';
      case TaskStatus.PENDING:
        return 'loading';
      case TaskStatus.COMPLETE:
        return 'loaded';
      case TaskStatus.ERROR:
        return 'failed';
      default:
        return 'idle';
    }
  }

  /** Starts the call, replacing (and aborting) the one in flight. */
  override run(args?: Args): Promise<void> {
    this.#cleared = false;
    return super.run(args);
  }

  /** Aborts the call in flight and forgets the last outcome: `idle` at once, until the next run. */
  reset(): void {
    if (this.#cleared || this.status === TaskStatus.INITIAL) return;
    this.#cleared = true;
    // A run that ends in initialState replaces the one in flight (aborting it) and puts the Task back at INITIAL.
    void super.run([] as unknown as Args);
  }
}
