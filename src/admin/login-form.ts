// The login form of <bot-admin>: user name and password sent to POST /token.
import { html, nothing, type TemplateResult } from 'lit';
import { ApiError } from '../api/errors.js';
import type { AdminStrings } from '../i18n/admin/index.js';
import { describeError } from './admin-format.js';

/** Which login fields are empty after a submit. */
export interface LoginFieldIssues {
  /** True when the user name is missing. */
  username?: boolean;
  /** True when the password is missing. */
  password?: boolean;
}

/** What the login form shows and where it reports. */
export interface LoginFormProps {
  /** The admin's strings. */
  strings: AdminStrings;
  /** True while the form is being sent. */
  pending: boolean;
  /** Why the last login failed. */
  error: unknown;
  /** True when the previous session ended with a 401. */
  expired: boolean;
  /** Missing fields after the last submit. */
  issues: LoginFieldIssues;
  /** Called with the typed credentials. */
  submit(username: string, password: string): void;
}

function loginErrorText(strings: AdminStrings, error: unknown): string {
  // The service answers a wrong password with 400 or 401 (FastAPI's OAuth2 form) or 403.
  if (error instanceof ApiError && [400, 401, 403].includes(error.status)) return strings.loginFailed;
  return describeError(strings, error);
}

/** Renders the login form. */
export function renderLoginForm(props: LoginFormProps): TemplateResult {
  const { strings, pending, error, expired, issues } = props;
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    props.submit(String(data.get('username') ?? ''), String(data.get('password') ?? ''));
  };
  const field = (name: 'username' | 'password', type: 'text' | 'password', autocomplete: 'username' | 'current-password') => html`
    <div class="field">
      <label for="login-${name}">${strings[name]}</label>
      <input
        id="login-${name}"
        name=${name}
        type=${type}
        part="input"
        autocomplete=${autocomplete}
        required
        aria-invalid=${issues[name] ? 'true' : 'false'}
        aria-describedby=${issues[name] ? `login-${name}-error` : nothing}
      />
      ${issues[name] ? html`<p class="field-error" id="login-${name}-error">${strings.fieldRequired}</p>` : nothing}
    </div>
  `;
  return html`
    <section class="login" part="login" aria-labelledby="login-title">
      <h3 id="login-title">${strings.loginTitle}</h3>
      ${expired ? html`<p class="note warning" role="alert">${strings.sessionExpired}</p>` : nothing}
      <p>${strings.loginIntro}</p>
      <form novalidate @submit=${onSubmit} part="form" aria-busy=${pending ? 'true' : 'false'}>
        ${field('username', 'text', 'username')} ${field('password', 'password', 'current-password')}
        ${error ? html`<p class="note error" role="alert">${loginErrorText(strings, error)}</p>` : nothing}
        <div class="actions">
          <button type="submit" part="button primary-button" class="primary" ?disabled=${pending}>
            ${pending ? strings.signingIn : strings.signIn}
          </button>
        </div>
      </form>
    </section>
  `;
}
