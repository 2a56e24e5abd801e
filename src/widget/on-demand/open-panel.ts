// What the launcher's open panel watches on the page, loaded with import() the first time a panel opens (an
// inline widget never needs it): focus moving to the page, and the visual viewport of a phone.
import type { ChatbotWidget } from '../chatbot-widget.component.js';

interface PageListeners {
  focus: (event: FocusEvent) => void;
  viewport: () => void;
}

const watching = new WeakMap<ChatbotWidget, PageListeners>();

/** Starts (`on`) or stops watching the page for a widget's open launcher panel; starting twice is one start. */
export function watchPage(host: ChatbotWidget, on: boolean): void {
  const viewport = window.visualViewport;
  const listeners = watching.get(host);
  if (listeners && !on) {
    watching.delete(host);
    document.removeEventListener('focusin', listeners.focus);
    viewport?.removeEventListener('resize', listeners.viewport);
    viewport?.removeEventListener('scroll', listeners.viewport);
    host.style.removeProperty('--_viewport-height');
    host.style.removeProperty('--_viewport-top');
  }
  if (listeners || !on) return;
  const added: PageListeners = {
    // The open panel never hides the page's focused element (WCAG 2.4.11): when focus moves to an element of
    // the page it covers, it closes, as Escape would; elsewhere on the page it stays open beside it.
    focus: ({ target }) => {
      const panel = host.renderRoot.querySelector('dialog')!.getBoundingClientRect();
      const page = (target as Element).getBoundingClientRect();
      if (target !== host && page.left < panel.right && panel.left < page.right && page.top < panel.bottom && panel.top < page.bottom) host.close();
    },
    // Keeps the full-screen panel on phones inside the visual viewport, so the message field stays above the
    // on-screen keyboard (CSSOM custom properties: allowed under a strict style-src).
    viewport: () => {
      host.style.setProperty('--_viewport-height', `${viewport!.height}px`);
      host.style.setProperty('--_viewport-top', `${viewport!.offsetTop}px`);
      // The panel is modal below 480 px only.
      host.requestUpdate();
    },
  };
  watching.set(host, added);
  document.addEventListener('focusin', added.focus);
  if (viewport) {
    viewport.addEventListener('resize', added.viewport);
    viewport.addEventListener('scroll', added.viewport);
    added.viewport();
  }
}
