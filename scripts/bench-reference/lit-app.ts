// The bare-Lit reference: the same panel as plain-app.js, as a LitElement drawn by its render() (templates
// prepared at run time, as Lit does by default). The CSS is put in at build time.
import { LitElement, html, nothing, unsafeCSS } from 'lit';

declare const REFERENCE_CSS: string;

interface Loaded {
  bot: { bot_name: string };
  setting: { display_name?: string; initial_message?: string };
}

class ReferenceWidget extends LitElement {
  static override styles = unsafeCSS(REFERENCE_CSS);
  static override properties = { loaded: { state: true } };
  declare loaded?: Loaded;

  override connectedCallback(): void {
    super.connectedCallback();
    const query = `?bot_id=${encodeURIComponent(this.getAttribute('bot-id')!)}`;
    const base = this.getAttribute('base-url')!;
    const json = (path: string) => fetch(base + path + query).then((response) => response.json());
    void Promise.all([json('/api/bot/information'), json('/api/bot/bot-widget-setting')]).then(([bot, setting]) => (this.loaded = { bot, setting }));
  }

  override render() {
    if (!this.loaded) return nothing;
    const { bot, setting } = this.loaded;
    const name = setting.display_name || bot.bot_name;
    return html`<div class="panel" role="region" aria-labelledby="title">
      <div class="header"><span class="avatar" aria-hidden="true">${name.charAt(0).toUpperCase()}</span><h2 id="title">${name}</h2></div>
      <div class="thread" role="region" tabindex="0" aria-label="Conversation">
        <p class="greeting" dir="auto">${setting.initial_message || `Hi! I'm ${name}. How can I help you today?`}</p>
      </div>
      <div class="bottom">
        <form>
          <textarea rows="1" dir="auto" aria-label="Message" placeholder="Ask a question…"></textarea>
          <button type="button" aria-label="Voice input"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 5a3 3 0 016 0v6a3 3 0 01-6 0zM5 11h2a5 5 0 0010 0h2a7 7 0 01-6 7v3h-2v-3a7 7 0 01-6-7z" /></svg></button>
          <button type="submit" class="send" aria-label="Send" ?disabled=${true}><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" /></svg></button>
        </form>
        <p class="disclaimer">Answers are generated automatically and may contain mistakes.</p>
      </div>
    </div>`;
  }
}
customElements.define('chatbot-widget', ReferenceWidget);
