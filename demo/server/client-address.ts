// The address a request comes from, for rate limits. Without trusted proxies it is the socket's peer
// address: `X-Forwarded-For` is anyone's to write. Behind N trusted proxies (each appending the address it
// received from), the client is the Nth entry from the right of `X-Forwarded-For` (the socket's peer being
// the nearest proxy); a shorter list gives its leftmost entry.
import type { Context } from 'hono';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/** The socket's peer address, or `unknown` when the app runs outside @hono/node-server. */
function socketAddress(c: Context): string {
  const bindings = c.env as NodeBindings | { server?: NodeBindings } | undefined;
  const node = bindings && 'server' in bindings && bindings.server ? bindings.server : (bindings as NodeBindings | undefined);
  return node?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** Reads the client address of a request, trusting `trustedProxyHops` proxies in front of the service. */
export function clientAddress(c: Context, trustedProxyHops: number): string {
  const peer = normaliseAddress(socketAddress(c));
  if (trustedProxyHops <= 0) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  return normaliseAddress(chain[Math.max(0, chain.length - 1 - trustedProxyHops)]!);
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is `1.2.3.4`; at most 64 characters are kept. */
export function normaliseAddress(address: string): string {
  const lower = address.trim().toLowerCase().slice(0, 64);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  return mapped ? mapped[1]! : lower;
}
