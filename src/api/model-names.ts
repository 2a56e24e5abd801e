// Language model names, in a module of their own that needs no zod (the schemas re-export them).

/** Documented language model names (the field is a free string: older records hold display names). */
export const GPT_MODEL_NAMES = ['gpt-3.5-turbo', 'gpt-3.5-turbo-16k', 'gpt-4'] as const;
/** A documented language model name. */
export type GptModelName = (typeof GPT_MODEL_NAMES)[number];
/** The model the service uses when a bot names none. */
export const DEFAULT_GPT_MODEL_NAME: GptModelName = 'gpt-3.5-turbo-16k';
