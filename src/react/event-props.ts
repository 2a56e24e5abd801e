// The `on…` props of an element's React component, one per event of its event map, typed with the event's class.
import type { EventName } from '@lit/react';

/** `chatbot-answer-complete` → `ChatbotAnswerComplete`. */
type PascalCase<Name extends string> = Name extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${PascalCase<Tail>}`
  : Capitalize<Name>;

/** The `on…` prop of every event in an element's event map, typed with the event's class. */
export type EventProps<EventMap> = {
  [Name in keyof EventMap & string as `on${PascalCase<Name>}`]: EventName<EventMap[Name] & Event>;
};

/**
 * The events option of `createComponent` for an event map. It takes a record rather than a list, so the
 * compiler insists on every event of the map and no other.
 */
export function eventProps<EventMap>(names: Record<keyof EventMap & string, true>): EventProps<EventMap> {
  const props: Record<string, string> = {};
  for (const name of Object.keys(names)) {
    const pascal = name.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
    props[`on${pascal}`] = name;
  }
  return props as EventProps<EventMap>;
}
