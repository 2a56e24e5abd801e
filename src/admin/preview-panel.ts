// The preview beside the settings: a live <chatbot-widget> that answers with the unsaved settings through
// the custom-settings endpoint, so the owner tries a change before saving it.
import { html, type TemplateResult } from 'lit';
import type { AdminStrings } from '../i18n/admin/index.js';
import type { Theme } from '../themes/tokens.js';
import type { PreviewSettings } from './bot-form-state.js';

/** What the preview shows. */
export interface PreviewPanelProps {
  /** The admin's strings. */
  strings: AdminStrings;
  /** The saved bot to chat with; undefined before the bot exists. */
  botId: string | undefined;
  /** Base address of the service. */
  baseUrl: string;
  /** The session's bearer token. */
  token: string | undefined;
  /** The host's API key. */
  apiKey: string | undefined;
  /** Where the API key goes. */
  apiKeyHeader: 'authorization' | 'chatfly-api-key' | undefined;
  /** The fetch the admin uses, passed on so the preview talks to the same service. */
  fetch: typeof fetch | undefined;
  /** The language of the admin, also used by the preview. */
  lang: string;
  /** The admin's theme, also used by the preview. */
  theme: Theme | undefined;
  /** The unsaved settings to answer with. */
  settings: PreviewSettings;
}

/** Renders the preview. */
export function renderPreviewPanel(props: PreviewPanelProps): TemplateResult {
  const { strings } = props;
  return html`
    <aside class="preview" part="preview" aria-labelledby="preview-title">
      <h3 id="preview-title">${strings.previewTitle}</h3>
      ${props.botId
        ? html`
            <p class="hint">${strings.previewIntro}</p>
            <chatbot-widget
              class="preview-widget"
              mode="inline"
              storage="none"
              bot-id=${props.botId}
              base-url=${props.baseUrl}
              lang=${props.lang}
              .token=${props.token ?? ''}
              .apiKey=${props.apiKey ?? ''}
              .apiKeyHeader=${props.apiKeyHeader ?? 'authorization'}
              .theme=${props.theme ?? 'auto'}
              .fetch=${props.fetch}
              .settings=${props.settings}
            ></chatbot-widget>
          `
        : html`<p class="note">${strings.previewNeedsBot}</p>`}
    </aside>
  `;
}
