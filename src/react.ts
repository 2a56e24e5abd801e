// React wrappers of both elements (react is an optional peer dependency). Props are set as element
// properties; each event of an element is an `on…` prop named after the event (`chatbot-answer-complete` →
// `onChatbotAnswerComplete`) and typed with the event's class. Importing this module registers both tags.
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { BotAdmin as BotAdminElement } from './admin/bot-admin.component.js';
import type { BotAdminEventMap } from './admin/events.js';
import './bot-admin.js';
import './chatbot-widget.js';
import { ChatbotWidget as ChatbotWidgetElement } from './widget/chatbot-widget.component.js';
import type { ChatbotWidgetEventMap } from './widget/events.js';

/** `chatbot-answer-complete` → `ChatbotAnswerComplete`. */
type PascalCase<Name extends string> = Name extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${PascalCase<Tail>}`
  : Capitalize<Name>;

/** The `on…` prop of every event in an element's event map, typed with the event's class. */
export type EventProps<EventMap> = {
  [Name in keyof EventMap & string as `on${PascalCase<Name>}`]: EventName<EventMap[Name] & Event>;
};

// A record rather than a list, so the compiler insists on every event of the map and no other.
function eventProps<EventMap>(names: Record<keyof EventMap & string, true>): EventProps<EventMap> {
  const props: Record<string, string> = {};
  for (const name of Object.keys(names)) {
    const pascal = name.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
    props[`on${pascal}`] = name;
  }
  return props as EventProps<EventMap>;
}

/**
 * `<chatbot-widget>` as a React component: `<ChatbotWidget botId="…" baseUrl="…" onChatbotAnswerComplete={…} />`.
 * A ref gives the element itself, with its `open()`, `close()`, `toggle()`, `send(text)` and `reset()` methods.
 */
export const ChatbotWidget = createComponent({
  react: React,
  tagName: 'chatbot-widget',
  elementClass: ChatbotWidgetElement,
  displayName: 'ChatbotWidget',
  events: eventProps<ChatbotWidgetEventMap>({
    'chatbot-open': true,
    'chatbot-close': true,
    'chatbot-message-sent': true,
    'chatbot-answer-complete': true,
    'chatbot-suggestion-select': true,
    'chatbot-error': true,
    'chatbot-lead-submit': true,
    'chatbot-feedback': true,
  }),
});

/** `<bot-admin>` as a React component: `<BotAdmin baseUrl="…" botId="…" onBotAdminSaved={…} />`. */
export const BotAdmin = createComponent({
  react: React,
  tagName: 'bot-admin',
  elementClass: BotAdminElement,
  displayName: 'BotAdmin',
  events: eventProps<BotAdminEventMap>({
    'bot-admin-login': true,
    'bot-admin-logout': true,
    'bot-admin-saved': true,
    'bot-admin-source-added': true,
    'bot-admin-source-removed': true,
    'bot-admin-error': true,
  }),
});

/** The props of the `ChatbotWidget` React component. */
export type ChatbotWidgetProps = React.ComponentProps<typeof ChatbotWidget>;
/** The props of the `BotAdmin` React component. */
export type BotAdminProps = React.ComponentProps<typeof BotAdmin>;
