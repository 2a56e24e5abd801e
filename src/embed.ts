// The script-tag entry (dist/chatbot-widget.js):
//   <script src=".../chatbot-widget.js" data-bot-id="…" data-base-url="…" async></script>
// mounts a launcher at once and loads the rest of the widget on intent. Its only global is
// window.ChatbotWidget = { element, load }.
// Publishes the modules the app takes from the loader instead of bundling them again
// (scripts/shared-with-loader.mjs); it runs before the app can be imported.
import 'virtual:shared-with-loader';
import { mountWidget } from './widget/loader.js';

const script = document.currentScript;
if (script instanceof HTMLScriptElement) {
  const mount = () => (window.ChatbotWidget = mountWidget(script));
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount, { once: true });
} else {
  console.error('chatbot-widget: load chatbot-widget.js with a classic <script> tag (not type="module").');
}
