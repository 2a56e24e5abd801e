// The dependency-free reference: the widget's inline panel drawn with the DOM's own API, once the bot's
// information and widget settings have come (as the widget draws it). The CSS is put in at build time.
const sheet = new CSSStyleSheet();
sheet.replaceSync(REFERENCE_CSS);
const template = document.createElement('template');
template.innerHTML =
  '<div class="panel" role="region" aria-labelledby="title"><div class="header"><span class="avatar" aria-hidden="true"></span><h2 id="title"></h2></div>' +
  '<div class="thread" role="region" tabindex="0" aria-label="Conversation"><p class="greeting" dir="auto"></p></div>' +
  '<div class="bottom"><form><textarea rows="1" dir="auto" aria-label="Message" placeholder="Ask a question…"></textarea>' +
  '<button type="button" aria-label="Voice input"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 5a3 3 0 016 0v6a3 3 0 01-6 0zM5 11h2a5 5 0 0010 0h2a7 7 0 01-6 7v3h-2v-3a7 7 0 01-6-7z"/></svg></button>' +
  '<button type="submit" class="send" aria-label="Send" disabled><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z"/></svg></button></form>' +
  '<p class="disclaimer">Answers are generated automatically and may contain mistakes.</p></div></div>';

customElements.define(
  'chatbot-widget',
  class extends HTMLElement {
    connectedCallback() {
      const root = this.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = [sheet];
      const query = `?bot_id=${encodeURIComponent(this.getAttribute('bot-id'))}`;
      const base = this.getAttribute('base-url');
      const json = (path) => fetch(base + path + query).then((response) => response.json());
      void Promise.all([json('/api/bot/information'), json('/api/bot/bot-widget-setting')]).then(([bot, setting]) => {
        const panel = template.content.cloneNode(true);
        const name = setting.display_name || bot.bot_name;
        panel.querySelector('.avatar').textContent = name.charAt(0).toUpperCase();
        panel.querySelector('h2').textContent = name;
        panel.querySelector('.greeting').textContent = setting.initial_message || `Hi! I'm ${name}. How can I help you today?`;
        root.append(panel);
      });
    }
  },
);
