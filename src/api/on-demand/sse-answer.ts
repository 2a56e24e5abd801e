// The reader of answers streamed as server-sent events, a chunk of its own: see streamAnswer.
import { AnswerParser, type AnswerEvent } from '../../stream/answer-parser.js';
import { SseErrorEvent } from '../../stream/errors.js';
import { readSseAnswerChunks } from '../../stream/sse.js';
import { ApiError } from '../errors.js';
import { parseJsonOrText } from '../transport.js';

// The body as a stream again, so that the SSE reader sees the client's NetworkError and AbortError.
function toStream(chunks: AsyncGenerator<Uint8Array, void>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const result = await chunks.next();
      if (result.done) controller.close();
      else controller.enqueue(result.value);
    },
    async cancel() {
      await chunks.return();
    },
  });
}

/** An event-stream answer: each message's text goes through the same answer parser as a raw body. */
export async function* sseAnswerEvents(response: Response, chunks: AsyncGenerator<Uint8Array, void>): AsyncGenerator<AnswerEvent> {
  const parser = new AnswerParser();
  try {
    for await (const text of readSseAnswerChunks(toStream(chunks))) yield* parser.push(text);
  } catch (error) {
    if (error instanceof SseErrorEvent) throw new ApiError(response.status, parseJsonOrText(error.data) ?? error.message);
    throw error;
  }
  yield* parser.end();
}
