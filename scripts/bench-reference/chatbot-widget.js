// The reference widgets' script-tag loader: what the widget's loader does in inline mode, and nothing else
// (the element with the script's data-* attributes, in its target, and the app imported from beside it).
(() => {
  const script = document.currentScript;
  const element = document.createElement('chatbot-widget');
  for (const [key, value] of Object.entries(script.dataset)) {
    if (key !== 'target') element.setAttribute(key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), value);
  }
  document.querySelector(script.dataset.target).append(element);
  void import(new URL('chatbot-widget-app.js', script.src).href);
})();
