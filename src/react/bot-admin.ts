// `<bot-admin>` as a React component (react is an optional peer dependency), made like the widget's in
// ./chatbot-widget.ts. Importing this module registers <bot-admin> (and <chatbot-widget>, its preview).
import { createComponent } from '@lit/react';
import * as React from 'react';
import { BotAdmin as BotAdminElement } from '../admin/bot-admin.component.js';
import type { BotAdminEventMap } from '../admin/events.js';
import '../bot-admin.js';
import { eventProps } from './event-props.js';

export type { EventProps } from './event-props.js';

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

/** The props of the `BotAdmin` React component. */
export type BotAdminProps = React.ComponentProps<typeof BotAdmin>;
