// Ending a streamed response that fails after its status was sent: the only honest signal left is to cut
// the connection, so the client sees an incomplete body rather than a short one that looks complete.
import type { Context } from 'hono';

/**
 * Cuts the connection of a streamed response. Under @hono/node-server the socket is destroyed directly
 * (the stream is then cancelled quietly); elsewhere the stream is errored with a message that reveals nothing.
 */
export function cutStream(c: Context, controller: ReadableStreamDefaultController<Uint8Array>): void {
  const outgoing = (c.env as { outgoing?: { destroy(): void; destroyed?: boolean } } | undefined)?.outgoing;
  if (outgoing && typeof outgoing.destroy === 'function') {
    outgoing.destroy();
    return;
  }
  controller.error(new Error('The response could not be completed.'));
}
