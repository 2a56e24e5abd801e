// `<chatbot-widget>` as a React component (react is an optional peer dependency). Props are set as element
// properties; each event is an `on…` prop named after it (`chatbot-answer-complete` → `onChatbotAnswerComplete`)
// and typed with the event's class. Importing this module registers <chatbot-widget> only: no admin, no zod.
import { createComponent } from '@lit/react';
import * as React from 'react';
import '../chatbot-widget.js';
import { ChatbotWidget as ChatbotWidgetElement } from '../widget/chatbot-widget.component.js';
import type { ChatbotWidgetEventMap } from '../widget/events.js';
import { eventProps } from './event-props.js';

export type { EventProps } from './event-props.js';

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

/** The props of the `ChatbotWidget` React component. */
export type ChatbotWidgetProps = React.ComponentProps<typeof ChatbotWidget>;
