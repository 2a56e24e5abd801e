// The knowledge-base panel of <bot-admin>: add an address with streamed progress, list the entries with
// their word counts and the total, remove an entry.
import { html, nothing, type TemplateResult } from 'lit';
import { SCRAPE_TYPE_NAMES, type ScrapeType } from '../api/schemas.js';
import type { AdminStrings } from '../i18n/admin/index.js';
import { describeError, type AdminFormat } from './admin-format.js';
import { checkSourceUrl, type ScrapeRun, type SourcesController, type SourceUrlIssue } from './sources-controller.js';

/** The order the scrape modes are offered in: the narrow one first. */
const SCRAPE_TYPE_CHOICES: readonly ScrapeType[] = [2, 1];

/** What the knowledge-base panel shows and where it reports. */
export interface SourcesPanelProps {
  /** The admin's strings. */
  strings: AdminStrings;
  /** Formatters for the viewer's locale. */
  format: AdminFormat;
  /** The panel's state. */
  sources: SourcesController;
  /** The address typed so far. */
  url: string;
  /** The scrape mode chosen. */
  scrapeType: ScrapeType;
  /** Why the typed address cannot be read, after the owner tried. */
  urlIssue: SourceUrlIssue | undefined;
  /** Called as the address is typed. */
  setUrl(url: string): void;
  /** Called when the mode is chosen. */
  setScrapeType(type: ScrapeType): void;
  /** Starts reading the typed address. */
  add(): void;
  /** Stops reading. */
  stop(): void;
  /** Lists the entries again after a failure. */
  retryList(): void;
  /** Asks to remove an entry. */
  remove(url: string): void;
}

/** Renders the knowledge-base panel. */
export function renderSourcesPanel(props: SourcesPanelProps): TemplateResult {
  const { strings } = props;
  return html`
    <h3 id="sources-title">${strings.sourcesTitle}</h3>
    ${renderAddForm(props)} ${renderRun(props)} ${renderList(props)}
  `;
}

function renderAddForm(props: SourcesPanelProps): TemplateResult {
  const { strings, sources } = props;
  const running = sources.run?.status === 'running';
  const issueText = props.urlIssue === 'required' ? strings.urlRequired : props.urlIssue === 'invalid_url' ? strings.urlInvalid : '';
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    props.add();
  };
  return html`
    <form class="add-source" part="form" novalidate @submit=${onSubmit} aria-labelledby="add-source-legend">
      <fieldset>
        <legend id="add-source-legend">${strings.addSourceLegend}</legend>
        <div class="field">
          <label for="source-url">${strings.sourceUrl}</label>
          <input
            id="source-url"
            part="input"
            type="url"
            inputmode="url"
            autocomplete="url"
            .value=${props.url}
            aria-invalid=${props.urlIssue ? 'true' : 'false'}
            aria-describedby=${props.urlIssue ? 'source-url-hint source-url-error' : 'source-url-hint'}
            @input=${(event: Event) => props.setUrl((event.target as HTMLInputElement).value)}
          />
          <p class="hint" id="source-url-hint">${strings.sourceUrlHint}</p>
          ${props.urlIssue ? html`<p class="field-error" id="source-url-error">${issueText}</p>` : nothing}
        </div>
        <fieldset class="choices">
          <legend>${strings.scrapeTypeLegend}</legend>
          ${SCRAPE_TYPE_CHOICES.map(
            (type) => html`
              <div class="check">
                <input
                  type="radio"
                  name="scrape-type"
                  id="scrape-type-${type}"
                  value=${String(type)}
                  .checked=${props.scrapeType === type}
                  @change=${() => props.setScrapeType(type)}
                />
                <label for="scrape-type-${type}">${strings.scrapeTypes[SCRAPE_TYPE_NAMES[type]]}</label>
              </div>
            `,
          )}
        </fieldset>
      </fieldset>
      <div class="actions">
        ${running
          ? html`<button type="button" part="button" @click=${props.stop}>${strings.stopAdding}</button>`
          : html`<button type="submit" class="primary" part="button primary-button">${strings.addSource}</button>`}
      </div>
    </form>
  `;
}

function runMessage(strings: AdminStrings, format: AdminFormat, run: ScrapeRun): string {
  const percent = format.percent(run.progress);
  const words = format.number(run.words);
  const page = run.page || run.url;
  switch (run.status) {
    case 'running':
      return run.reports === 0 ? strings.runStarting(run.url) : strings.runProgress(page, percent, run.words, words);
    case 'done':
      return strings.runDone(run.url, run.words, words);
    case 'incomplete':
      return strings.runIncomplete(page, percent, run.words, words);
    case 'dropped':
      return strings.runDropped(page, percent, run.words, words);
    case 'stopped':
      return strings.runStopped(percent);
    case 'refused':
      return strings.runRefused(run.url, describeReason(strings, run.error));
    case 'failed':
      return strings.runFailed(run.url, describeError(strings, run.error));
    default: {
      const unreachable: never = run.status;
      return String(unreachable);
    }
  }
}

// The service says why it refused an address (unreachable, not allowed): its own words are the reason.
function describeReason(strings: AdminStrings, error: unknown): string {
  const text = describeError(strings, error);
  return error instanceof Error && error.message ? error.message : text;
}

function renderRun(props: SourcesPanelProps): TemplateResult | typeof nothing {
  const { strings, format } = props;
  const run = props.sources.run;
  if (!run) return nothing;
  const message = runMessage(strings, format, run);
  const trouble = run.status === 'dropped' || run.status === 'refused' || run.status === 'failed' || run.status === 'incomplete';
  return html`
    <div class="run ${trouble ? 'trouble' : ''}" part="progress">
      <progress
        max="1"
        .value=${run.progress}
        aria-label=${strings.progressLabel}
        aria-valuetext=${format.percent(run.progress)}
      ></progress>
      ${trouble
        ? html`<p class="note error" role="alert">${message}</p>`
        : html`<p class="note" role="status">${message}</p>`}
    </div>
  `;
}

function renderList(props: SourcesPanelProps): TemplateResult {
  const { strings, format, sources } = props;
  if (sources.listStatus === 'failed') {
    return html`
      <div class="note error" role="alert">
        <p>${strings.listFailed} ${describeError(strings, sources.listError)}</p>
        <button type="button" part="button" @click=${props.retryList}>${strings.retry}</button>
      </div>
    `;
  }
  if (sources.listStatus === 'loading' && sources.sources.length === 0) {
    return html`<p class="note" role="status">${strings.loading}</p>`;
  }
  const removal = sources.removeError
    ? html`<p class="note error" role="alert">
        ${sources.removeUnsupported
          ? strings.removeUnsupported
          : strings.removeFailed(sources.removeError.url, describeError(strings, sources.removeError.error))}
      </p>`
    : nothing;
  const announcement = html`<p class="visually-hidden" role="status">
    ${sources.lastRemoved ? strings.removed(sources.lastRemoved) : ''}
  </p>`;
  if (sources.sources.length === 0) {
    return html`${removal}${announcement}<p class="empty">${strings.noSources}</p>`;
  }
  const total = sources.totalWords;
  const canRemove = !sources.removeUnsupported;
  return html`
    ${removal}${announcement}
    <p class="summary">
      ${strings.sourcesSummary(sources.sources.length, format.number(sources.sources.length), total, format.number(total))}
    </p>
    <div class="table-scroll">
      <table part="table">
        <caption>
          ${strings.sourcesCaption}
        </caption>
        <thead>
          <tr>
            <th scope="col">${strings.columnAddress}</th>
            <th scope="col" class="number">${strings.columnWords}</th>
            ${canRemove ? html`<th scope="col"><span class="visually-hidden">${strings.columnActions}</span></th>` : nothing}
          </tr>
        </thead>
        <tbody>
          ${sources.sources.map(
            (source) => html`
              <tr>
                <th scope="row" class="url" dir="auto">
                  ${checkSourceUrl(source.url).ok
                    ? html`<a href=${source.url} target="_blank" rel="noopener noreferrer">${source.url}</a>`
                    : source.url}
                </th>
                <td class="number">${format.number(source.num_token)}</td>
                ${canRemove
                  ? html`<td>
                      <button
                        type="button"
                        part="button"
                        aria-label=${strings.removeSource(source.url)}
                        ?disabled=${sources.removing.has(source.url)}
                        @click=${() => props.remove(source.url)}
                      >
                        ${strings.remove}
                      </button>
                    </td>`
                  : nothing}
              </tr>
            `,
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">${strings.total}</th>
            <td class="number">${format.number(total)}</td>
            ${canRemove ? html`<td></td>` : nothing}
          </tr>
        </tfoot>
      </table>
    </div>
  `;
}
