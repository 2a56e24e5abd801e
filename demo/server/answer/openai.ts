// The provider for any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp server): one streamed
// chat completion per answer, grounded in the retrieved passages, honouring the bot's prompt, rules,
// temperature, model, tone and language.
import { SseMessageParser } from '../../../src/stream/sse.js';
import { BOT_TONE_NAMES, type BotToneType } from '../../../src/api/schemas.js';
import { notFoundAnswer } from './messages.js';
import type { AnswerProvider, AnswerRequest } from './provider.js';

/** Where the OpenAI-compatible endpoint is and how to call it. */
export interface OpenAiSettings {
  /** Base URL up to the API version (`https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`). */
  baseUrl: string;
  /** The bearer key ('' for endpoints without one, such as a local Ollama). */
  apiKey: string;
  /** A model that replaces every bot's gpt_model_name (for endpoints that serve other model names). */
  model?: string;
  /** The fetch to use (defaults to the global one). */
  fetch?: typeof fetch;
}

/** Reads OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL; undefined when neither a base URL nor a key is set. */
export function openAiSettingsFromEnv(env: NodeJS.ProcessEnv): OpenAiSettings | undefined {
  const baseUrl = env['OPENAI_BASE_URL']?.trim();
  const apiKey = env['OPENAI_API_KEY']?.trim() ?? '';
  if (!baseUrl && !apiKey) return undefined;
  return { baseUrl: baseUrl || 'https://api.openai.com/v1', apiKey, model: env['OPENAI_MODEL']?.trim() || undefined };
}

const TONE_INSTRUCTIONS: Record<(typeof BOT_TONE_NAMES)[BotToneType], string> = {
  unspecified: '',
  professional: 'Use a professional tone.',
  humorous: 'Use a light, humorous tone, without making anything up.',
  empathetic: 'Use a warm, empathetic tone.',
  normal: 'Use a normal, conversational tone.',
  academic: 'Use a precise, academic tone.',
};

/** The chat messages sent for one answer: system prompt with the passages, the earlier turns, the question. */
export function buildChatMessages(request: AnswerRequest): { role: 'system' | 'user' | 'assistant'; content: string }[] {
  const { settings, passages } = request;
  const tone = TONE_INSTRUCTIONS[BOT_TONE_NAMES[settings.toneType as BotToneType] ?? 'unspecified'];
  const fallback = notFoundAnswer(settings);
  const system = [
    settings.customPrompt.trim() ||
      `You are ${settings.botName || 'an assistant'} on a website. Answer the visitor's question using only the knowledge-base passages below.`,
    `If the passages do not contain the answer, reply exactly: ${fallback}`,
    'Answer in Markdown. Do not add a heading, a preamble or follow-up questions.',
    tone,
    settings.language ? `Answer in the language with code "${settings.language}".` : 'Answer in the language of the question.',
    settings.citations ? 'After the answer, list the sources you used as Markdown links on one line starting with "Sources:".' : 'Do not list sources.',
    ...(settings.rules.length > 0 ? ['Follow these rules:', ...settings.rules.map((rule) => `- ${rule}`)] : []),
    '',
    'Knowledge-base passages:',
    ...(passages.length > 0
      ? passages.map((passage, index) => `[${index + 1}] ${passage.title} — ${passage.heading} (${passage.url})\n${passage.content}`)
      : ['(none found)']),
  ]
    .filter((line) => line !== undefined)
    .join('\n');
  return [
    { role: 'system', content: system },
    ...request.history
      .filter((message) => message.content.trim() !== '')
      .map((message) => ({ role: message.sender_type === 'assistant' ? ('assistant' as const) : ('user' as const), content: message.content })),
    { role: 'user', content: request.question },
  ];
}

/** A failure of the model endpoint. */
export class AnswerProviderError extends Error {
  /** Creates the error with a message safe to show (no key, no body beyond a short excerpt). */
  constructor(message: string) {
    super(message);
    this.name = 'AnswerProviderError';
  }
}

/** Creates the OpenAI-compatible provider. */
export function createOpenAiProvider(settings: OpenAiSettings): AnswerProvider {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    name: `OpenAI-compatible (${settings.baseUrl}${settings.model ? `, model ${settings.model}` : ''})`,
    async *answer(request) {
      const fetchImpl = settings.fetch ?? globalThis.fetch;
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        signal: request.signal,
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: settings.model ?? request.settings.modelName,
          temperature: request.settings.temperature,
          stream: true,
          messages: buildChatMessages(request),
        }),
      });
      if (!response.ok || !response.body) {
        const excerpt = (await response.text().catch(() => '')).slice(0, 200);
        throw new AnswerProviderError(`The model endpoint answered HTTP ${response.status}${excerpt ? `: ${excerpt}` : ''}`);
      }
      const parser = new SseMessageParser();
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          const messages = done ? [...parser.push(decoder.decode()), ...parser.end()] : parser.push(decoder.decode(value, { stream: true }));
          for (const message of messages) {
            const data = message.data.trim();
            if (data === '[DONE]') return;
            if (!data) continue;
            let chunk: { choices?: { delta?: { content?: unknown } }[]; error?: { message?: unknown } };
            try {
              chunk = JSON.parse(data) as typeof chunk;
            } catch {
              throw new AnswerProviderError('The model endpoint sent an event that is not JSON.');
            }
            if (chunk.error) throw new AnswerProviderError(`The model endpoint failed: ${String(chunk.error.message ?? 'unknown error')}`);
            const content = chunk.choices?.[0]?.delta?.content;
            if (typeof content === 'string' && content) yield content;
          }
          if (done) return;
        }
      } finally {
        await reader.cancel().catch(() => undefined);
      }
    },
  };
}
