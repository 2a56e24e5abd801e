// Kept apart from the SSE reader so that checking a response's type does not load the reader.

/** Tells whether a response's Content-Type is `text/event-stream`. */
export function isEventStreamContentType(contentType: string | null | undefined): boolean {
  return /^\s*text\/event-stream\s*(;|$)/i.test(contentType ?? '');
}
