// Registers <bot-admin> (and <chatbot-widget>, which its preview uses); the tag is defined once even when
// the module is loaded twice.
import { BotAdmin } from './admin/bot-admin.component.js';
import type { BotAdminEventMap } from './admin/events.js';
import './chatbot-widget.js';

export { BotAdmin } from './admin/bot-admin.component.js';
export type { AdminPanel } from './admin/bot-admin.component.js';
export * from './admin/events.js';

if (!customElements.get('bot-admin')) customElements.define('bot-admin', BotAdmin);

declare global {
  interface HTMLElementTagNameMap {
    'bot-admin': BotAdmin;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends BotAdminEventMap {}
}
