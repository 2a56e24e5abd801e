// The script-tag entry (dist/chatbot-widget.js):
//   <script src=".../chatbot-widget.js" data-bot-id="…" data-base-url="…" async></script>
// mounts a launcher at once and loads the rest of the widget on intent. Its only global is
// window.ChatbotWidget = { element, load }.
import { mountWidget } from './widget/loader.js';

const script = document.currentScript;
if (script instanceof HTMLScriptElement) {
  const mount = () => (window.ChatbotWidget = mountWidget(script));
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount, { once: true });
} else {
  console.error('chatbot-widget: load chatbot-widget.js with a classic <script> tag (not type="module").');
}
