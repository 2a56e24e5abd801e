// A fake fetch for the client tests: records every request and answers with real Response objects.

/** One request the client made, with its body read as text. */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

/** Answers one request; may throw to simulate a network failure. */
export type Responder = (request: RecordedRequest) => Response | Promise<Response>;

/** A fetch that hands each request to the next responder in order (the last one answers the rest). */
export function fakeFetch(...responders: Responder[]): { fetch: typeof fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url: new URL(String(input)),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    if (request.signal?.aborted) throw new DOMException('This operation was aborted', 'AbortError');
    const responder = responders[Math.min(requests.length - 1, responders.length - 1)]!;
    return responder(request);
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A text response. */
export function text(body: string, status = 200, contentType = 'text/plain; charset=utf-8'): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

/** A body stream that delivers the given chunks one per read, then closes (or fails with `failWith`). */
export function chunkedStream(chunks: (string | Uint8Array)[], failWith?: unknown): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) {
        const chunk = chunks[index++]!;
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      } else if (failWith !== undefined) {
        controller.error(failWith);
      } else {
        controller.close();
      }
    },
  });
}

/** A streamed response made of the given chunks. */
export function streamed(
  chunks: (string | Uint8Array)[],
  contentType = 'application/json',
  failWith?: unknown,
): Response {
  return new Response(chunkedStream(chunks, failWith), { status: 200, headers: { 'content-type': contentType } });
}

/** A body that delivers the given chunks, then stays open until cancelled; `cancelled` tells when it was. */
export function hangingStream(chunks: string[]): { stream: ReadableStream<Uint8Array>; cancelled: Promise<unknown> } {
  const encoder = new TextEncoder();
  let onCancel!: (reason: unknown) => void;
  const cancelled = new Promise((resolve) => (onCancel = resolve));
  let index = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(encoder.encode(chunks[index++]!));
      else return new Promise<void>(() => undefined);
    },
    cancel(reason) {
      onCancel(reason);
    },
  });
  return { stream, cancelled };
}

/** Collects every value of an async iterable. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const values: T[] = [];
  for await (const value of iterable) values.push(value);
  return values;
}
