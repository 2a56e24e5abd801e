/** A streamed body that does not follow its framing: malformed or truncated JSON in the progress stream. */
export class StreamFormatError extends Error {
  /** The text that could not be read (the offending object or the unexpected characters). */
  readonly text: string;
  /** Values read successfully from the same chunk before the fault, so the caller loses nothing. */
  readonly values: readonly unknown[];

  /** Creates the error with a message, the offending text and the values completed before it. */
  constructor(message: string, text: string, values: readonly unknown[] = []) {
    super(message);
    this.name = 'StreamFormatError';
    this.text = text;
    this.values = values;
  }
}

/** An `event: error` message received in a `text/event-stream` answer; the message is its data. */
export class SseErrorEvent extends Error {
  /** The raw data of the error message as the server sent it. */
  readonly data: string;

  /** Creates the error from the data of the server's error message. */
  constructor(data: string) {
    super(data.trim() || 'The answer stream reported an error.');
    this.name = 'SseErrorEvent';
    this.data = data;
  }
}
