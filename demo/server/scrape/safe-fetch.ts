// Fetches one web page for the scraper without letting a URL reach inside the network: http(s) only, every
// address the host name resolves to checked at connection time (so DNS rebinding cannot slip between check
// and connect), redirects followed by hand and checked again, a byte cap and a deadline.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isAllowListed, isForbiddenAddress, urlHost } from './address-policy.js';

/** The reasons a page is refused; each comes with a sentence saying why. */
export const SCRAPE_REFUSALS = [
  'invalid_url',
  'scheme',
  'credentials',
  'private_address',
  'dns',
  'connection',
  'timeout',
  'too_large',
  'http_status',
  'content_type',
  'redirects',
] as const;
/** One refusal reason. */
export type ScrapeRefusal = (typeof SCRAPE_REFUSALS)[number];

/** A page the scraper will not or cannot read. */
export class ScrapeRefusedError extends Error {
  /** Why. */
  readonly reason: ScrapeRefusal;
  /** The URL concerned. */
  readonly url: string;

  /** Creates the error with its reason, URL and sentence. */
  constructor(reason: ScrapeRefusal, url: string, message: string) {
    super(message);
    this.name = 'ScrapeRefusedError';
    this.reason = reason;
    this.url = url;
  }
}

/** The limits of one fetch. */
export interface FetchPolicy {
  /** `host:port` or `host` entries that may be reached although private. */
  allowedHosts: readonly string[];
  /** Deadline for the whole page (all redirects, headers and body), in milliseconds. */
  timeoutMs: number;
  /** Largest body read, in bytes. */
  maxBytes: number;
  /** Most redirects followed (default 5). */
  maxRedirects?: number;
}

/** A page read. */
export interface FetchedPage {
  /** The URL asked for. */
  requestedUrl: string;
  /** The URL that answered, after redirects. */
  url: string;
  /** The media type, lower case, without parameters. */
  mediaType: string;
  /** The decoded body. */
  body: string;
}

const ACCEPTED_MEDIA_TYPES = new Set(['text/html', 'application/xhtml+xml', 'text/plain']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'chatbot-reference-service/0.1 (+knowledge-base scraper)';

/** Parses a URL the scraper may try: http or https, no credentials; anything else is refused. */
export function parseScrapeUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ScrapeRefusedError('invalid_url', text, `"${text}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ScrapeRefusedError('scheme', text, `Only http and https URLs can be scraped, not ${url.protocol} URLs.`);
  }
  if (url.username || url.password) {
    throw new ScrapeRefusedError('credentials', text, 'URLs with a user name or password are not scraped.');
  }
  url.hash = '';
  return url;
}

// The message names the host as given, never the address it resolved to: DNS answers of internal names are
// not the caller's to learn.
function privateRefusal(url: URL): ScrapeRefusedError {
  return new ScrapeRefusedError(
    'private_address',
    url.href,
    `${urlHost(url)} is not a public address: private, loopback, link-local or reserved addresses are not scraped.`,
  );
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

// A `lookup` for http.request that refuses forbidden addresses, so the check applies to the very address
// the socket connects to.
function guardedLookup(url: URL, allowListed: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true, family: Number(options.family) || 0 }, (error, addresses) => {
      if (error) {
        callback(error, '');
        return;
      }
      if (!allowListed) {
        const bad = addresses.find((entry) => isForbiddenAddress(entry.address));
        if (bad) {
          callback(Object.assign(privateRefusal(url), { code: 'EFORBIDDENADDRESS' }), '');
          return;
        }
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function describeNetworkError(url: URL, error: NodeJS.ErrnoException): ScrapeRefusedError {
  if (error instanceof ScrapeRefusedError) return error;
  const host = urlHost(url);
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' || error.code === 'EAI_NODATA') {
    return new ScrapeRefusedError('dns', url.href, `The host name ${host} could not be resolved.`);
  }
  return new ScrapeRefusedError('connection', url.href, `Could not read ${url.href}: ${error.code ?? error.message}.`);
}

function requestOnce(url: URL, policy: FetchPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  const allowListed = isAllowListed(url, policy.allowedHosts);
  const host = urlHost(url);
  if (isIP(host) && !allowListed && isForbiddenAddress(host)) return Promise.reject(privateRefusal(url));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: 'GET',
      signal,
      lookup: guardedLookup(url, allowListed) as never,
      headers: {
        'user-agent': USER_AGENT,
        accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.5',
        'accept-encoding': 'identity',
      },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

async function readBody(response: IncomingMessage, url: URL, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new ScrapeRefusedError('too_large', url.href, `The page at ${url.href} is larger than ${maxBytes} bytes.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new ScrapeRefusedError('too_large', url.href, `The page at ${url.href} is larger than ${maxBytes} bytes.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * Fetches a page under the policy, or throws a ScrapeRefusedError saying why not. An abort of `signal` (the
 * client went away) rejects with the signal's reason.
 */
export async function fetchPage(address: string, policy: FetchPolicy, signal?: AbortSignal): Promise<FetchedPage> {
  const requested = parseScrapeUrl(address);
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const maxRedirects = policy.maxRedirects ?? 5;
  let url = requested;
  try {
    for (let hop = 0; ; hop++) {
      const response = await requestOnce(url, policy, combined);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location) throw new ScrapeRefusedError('http_status', url.href, `${url.href} answered HTTP ${status} without a Location.`);
        if (hop >= maxRedirects) throw new ScrapeRefusedError('redirects', url.href, `${requested.href} redirects more than ${maxRedirects} times.`);
        let next: URL;
        try {
          next = parseScrapeUrl(new URL(location, url).href);
        } catch (error) {
          if (error instanceof ScrapeRefusedError) {
            throw new ScrapeRefusedError(error.reason, error.url, `${url.href} redirects to a URL that is refused: ${error.message}`);
          }
          throw error;
        }
        url = next;
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new ScrapeRefusedError('http_status', url.href, `${url.href} answered HTTP ${status}.`);
      }
      const contentType = String(response.headers['content-type'] ?? 'text/html');
      const mediaType = contentType.split(';')[0]!.trim().toLowerCase() || 'text/html';
      if (!ACCEPTED_MEDIA_TYPES.has(mediaType)) {
        response.destroy();
        throw new ScrapeRefusedError('content_type', url.href, `${url.href} is not a web page (its content type is ${mediaType}).`);
      }
      const body = await readBody(response, url, policy.maxBytes);
      return { requestedUrl: requested.href, url: url.href, mediaType, body: decode(body, contentType) };
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (deadline.aborted) {
      throw new ScrapeRefusedError('timeout', url.href, `${url.href} did not answer within ${policy.timeoutMs / 1000} s.`);
    }
    if (error instanceof ScrapeRefusedError) throw error;
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof ScrapeRefusedError) throw cause;
    throw describeNetworkError(url, error as NodeJS.ErrnoException);
  }
}
