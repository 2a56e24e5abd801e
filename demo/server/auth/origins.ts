// The Origin check of public bots: a browser page may talk to a public bot only from one of the bot's
// `domain` entries (`example.com`, `*.example.com`, `localhost:5173`, a host alone allowing any port).

/** The port a URL talks to, explicit or the scheme's default. */
function effectivePort(url: URL): string {
  if (url.port) return url.port;
  return url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '';
}

function splitEntry(entry: string): { host: string; port: string | undefined } {
  const value = entry.trim().toLowerCase();
  const bracketed = /^(\[[^\]]+\])(?::(\d+))?$/.exec(value);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] };
  const colon = value.lastIndexOf(':');
  if (colon > 0 && /^\d+$/.test(value.slice(colon + 1))) return { host: value.slice(0, colon), port: value.slice(colon + 1) };
  return { host: value, port: undefined };
}

/**
 * Tells whether a browser Origin may reach a public bot with these domain entries. An empty list allows
 * every origin; an Origin that is not a URL (such as `null` from a sandboxed frame) matches no entry.
 */
export function isOriginAllowed(origin: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const hostname = url.hostname.toLowerCase();
  const port = effectivePort(url);
  return domains.some((entry) => {
    const allowed = splitEntry(entry);
    if (allowed.port !== undefined && allowed.port !== port) return false;
    if (allowed.host.startsWith('*.')) return hostname.endsWith(allowed.host.slice(1)) && hostname.length > allowed.host.length - 1;
    return hostname === allowed.host;
  });
}
