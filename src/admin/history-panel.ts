// The history panel of <bot-admin>: period and order, the sessions with their first question and message
// count, a transcript, exports, and the leads visitors left.
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { HISTORY_ORDERS, type ChatMessage, type HistoryOrder } from '../api/schemas.js';
import type { AdminStrings } from '../i18n/admin/index.js';
import { renderMarkdown, useMarkdownExtras } from '../ui/markdown/index.js';
import * as markdownExtras from '../widget/on-demand/markdown-extras.js';
import { describeError, type AdminFormat } from './admin-format.js';
import type { HistoryController } from './history-controller.js';
import type { HistorySession } from './history-sessions.js';
import { leadColumns } from './leads.js';
import { formatLocalDay, parseLocalDay } from './local-date.js';

/** What the history panel shows and where it reports. */
export interface HistoryPanelProps {
  /** The admin's strings. */
  strings: AdminStrings;
  /** Formatters for the viewer's locale. */
  format: AdminFormat;
  /** The panel's state. */
  history: HistoryController;
  /** Asks for the history in the chosen period. */
  load(): void;
  /** Opens (or, with undefined, closes) a transcript. */
  select(key: string | undefined): void;
  /** Downloads the records shown. */
  download(format: 'json' | 'csv'): void;
  /** Copies a code block of an answer (its button shows that it did). */
  copyCode(code: string, button: HTMLButtonElement): void;
}

// The history draws whole stored answers at once, so it reads tables and definitions from the start.
useMarkdownExtras(markdownExtras);

/** Renders the history panel. */
export function renderHistoryPanel(props: HistoryPanelProps): TemplateResult {
  const { strings } = props;
  return html`
    <h3 id="history-title">${strings.historyTitle}</h3>
    ${renderFilter(props)} ${renderResults(props)} ${renderLeads(props)}
  `;
}

function renderFilter(props: HistoryPanelProps): TemplateResult {
  const { strings, history } = props;
  const { locale } = props.format;
  const issue = history.filterIssue;
  const issueText = issue ? (issue.code === 'invalid_date' ? strings.invalidDate : strings.endBeforeStart) : '';
  const dateField = (field: 'from' | 'to', label: string) => html`
    <div class="field">
      <label for="history-${field}">${label}</label>
      <input
        id="history-${field}"
        part="input"
        type="text"
        inputmode="numeric"
        autocomplete="off"
        .value=${formatLocalDay(history.filter[field], locale)}
        aria-invalid=${issue?.field === field ? 'true' : 'false'}
        aria-describedby=${issue?.field === field ? 'history-period-hint history-period-error' : 'history-period-hint'}
        @change=${(event: Event) => {
          // A day that cannot be read is kept as typed, and the filter calls it invalid.
          const text = (event.target as HTMLInputElement).value;
          history.setFilter({ [field]: parseLocalDay(text, locale) ?? text });
        }}
      />
    </div>
  `;
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    props.load();
  };
  return html`
    <form class="history-filter" part="form" novalidate @submit=${onSubmit} aria-labelledby="history-period-legend">
      <fieldset>
        <legend id="history-period-legend">${strings.periodLegend}</legend>
        <div class="inline-fields">
          ${dateField('from', strings.dateFrom)} ${dateField('to', strings.dateTo)}
          <div class="field">
            <label for="history-order">${strings.order}</label>
            <select
              id="history-order"
              part="input"
              @change=${(event: Event) => history.setFilter({ order: (event.target as HTMLSelectElement).value as HistoryOrder })}
            >
              ${HISTORY_ORDERS.map(
                (order) => html`<option value=${order} ?selected=${history.filter.order === order}>${strings.orders[order]}</option>`,
              )}
            </select>
          </div>
          <div class="actions">
            <button type="submit" class="primary" part="button primary-button">${strings.showHistory}</button>
          </div>
        </div>
        <p class="hint" id="history-period-hint">${strings.periodHint} ${strings.dateExample(formatLocalDay('2025-12-31', locale))}</p>
        ${issue ? html`<p class="field-error" id="history-period-error">${issueText}</p>` : nothing}
      </fieldset>
    </form>
  `;
}

function renderResults(props: HistoryPanelProps): TemplateResult {
  const { strings, format, history } = props;
  if (history.status === 'failed') {
    return html`
      <div class="note error" role="alert">
        <p>${strings.historyFailed} ${describeError(strings, history.error)}</p>
        <button type="button" part="button" @click=${props.load}>${strings.retry}</button>
      </div>
    `;
  }
  const count = history.sessions.length;
  const summary =
    history.status === 'loading'
      ? strings.loading
      : history.status === 'loaded'
        ? count === 0
          ? strings.noConversations
          : strings.conversationsFound(count, format.number(count))
        : '';
  const canExport = history.status === 'loaded' && history.records.length > 0;
  return html`
    <div class="history-toolbar">
      <p class="summary" role="status">${summary}</p>
      ${canExport
        ? html`<div class="actions">
            <button type="button" part="button" @click=${() => props.download('json')}>${strings.exportJson}</button>
            <button type="button" part="button" @click=${() => props.download('csv')}>${strings.exportCsv}</button>
          </div>`
        : nothing}
    </div>
    ${count > 0
      ? html`<div class="history-layout">
          <ul class="sessions" aria-label=${strings.conversationList}>
            ${history.sessions.map((session) => renderSessionItem(props, session))}
          </ul>
          ${renderTranscript(props)}
        </div>`
      : nothing}
  `;
}

function sessionDate(format: AdminFormat, strings: AdminStrings, session: HistorySession): string {
  return session.startedAt ? format.dateTime(session.startedAt) : strings.unknown;
}

function renderSessionItem(props: HistoryPanelProps, session: HistorySession): TemplateResult {
  const { strings, format, history } = props;
  const selected = history.selectedKey === session.key;
  return html`
    <li>
      <button
        type="button"
        part="session"
        class="session"
        id="session-${session.key}"
        aria-current=${selected ? 'true' : 'false'}
        @click=${() => props.select(selected ? undefined : session.key)}
      >
        <span class="question" dir="auto">${session.firstQuestion || strings.noQuestion}</span>
        <span class="meta">
          ${sessionDate(format, strings, session)} · ${strings.messageCount(session.messageCount, format.number(session.messageCount))}
        </span>
      </button>
    </li>
  `;
}

function renderTranscript(props: HistoryPanelProps): TemplateResult | typeof nothing {
  const { strings, format, history } = props;
  const session = history.selected;
  if (!session) return nothing;
  return html`
    <section class="transcript" part="transcript" aria-labelledby="transcript-title">
      <div class="transcript-header">
        <h4 id="transcript-title" tabindex="-1">${strings.transcriptTitle(sessionDate(format, strings, session))}</h4>
        <button type="button" part="button" @click=${() => props.select(undefined)}>${strings.closeTranscript}</button>
      </div>
      <ol>
        ${session.messages.map(
          (message) => html`
            <li class="message ${message.sender_type === 'user' ? 'from-user' : 'from-bot'}">
              <span class="sender">
                ${message.sender_type === 'user'
                  ? strings.senderUser
                  : message.sender_type === 'assistant'
                    ? strings.senderAssistant
                    : message.sender_type}
              </span>
              ${renderContent(props, message)}
              ${message.cut_off ? html`<p class="cut-off">${strings.answerCutOff}</p>` : nothing}
            </li>
          `,
        )}
      </ol>
    </section>
  `;
}

// Answers are Markdown, shown with the widget's own Markdown view (its links, code and tables, and only its safe
// links); what visitors typed stays plain text, as in the widget.
function renderContent(props: HistoryPanelProps, message: ChatMessage): unknown {
  if (message.sender_type !== 'assistant') return html`<p dir="auto">${message.content}</p>`;
  const { strings } = props;
  return guard(
    [message.content, strings],
    () => html`<div class="markdown" dir="auto">${renderMarkdown(message.content, { copyCodeLabel: strings.copyCode, onCopyCode: props.copyCode })}</div>`,
  );
}

function renderLeads(props: HistoryPanelProps): TemplateResult | typeof nothing {
  const { strings, format, history } = props;
  const status = history.leadsStatus;
  if (status === 'hidden' || status === 'idle') return nothing;
  let body: TemplateResult;
  if (status === 'loading') body = html`<p class="note" role="status">${strings.loading}</p>`;
  else if (status === 'failed') {
    body = html`<p class="note error" role="alert">${strings.leadsFailed} ${describeError(strings, history.leadsError)}</p>`;
  } else if (history.leads.length === 0) body = html`<p class="empty">${strings.noLeads}</p>`;
  else {
    const columns = leadColumns(history.leads);
    const label = (column: string) =>
      column in strings.leadColumns ? strings.leadColumns[column as keyof AdminStrings['leadColumns']] : column;
    const cell = (column: string, value: string | undefined) =>
      column === 'created_at' ? (format.serviceTimestamp(value) ?? value ?? '') : (value ?? '');
    body = html`
      <div class="table-scroll">
        <table part="table">
          <caption class="visually-hidden">
            ${strings.leadsTitle}
          </caption>
          <thead>
            <tr>
              ${columns.map((column) => html`<th scope="col">${label(column)}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${history.leads.map((lead) => html`<tr>${columns.map((column) => html`<td dir="auto">${cell(column, lead[column])}</td>`)}</tr>`)}
          </tbody>
        </table>
      </div>
    `;
  }
  return html`
    <section class="leads" aria-labelledby="leads-title">
      <h4 id="leads-title">${strings.leadsTitle}</h4>
      ${body}
    </section>
  `;
}
