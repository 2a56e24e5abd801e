// Registers <chatbot-widget> (once: a second copy of the bundle on the same page is harmless) and types it
// and its events for TypeScript users.
import { ChatbotWidget } from './widget/chatbot-widget.component.js';
import type { ChatbotWidgetEventMap } from './widget/events.js';

export { ChatbotWidget } from './widget/chatbot-widget.component.js';
export * from './widget/events.js';

if (!customElements.get('chatbot-widget')) customElements.define('chatbot-widget', ChatbotWidget);

declare global {
  interface HTMLElementTagNameMap {
    'chatbot-widget': ChatbotWidget;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends ChatbotWidgetEventMap {}
}
