import { expect, waitUntil } from '@open-wc/testing';
import type { BotAdmin } from '../../../src/bot-admin.js';
import {
  alerts,
  button,
  descriptionOf,
  field,
  focused,
  mountAdmin,
  nextEvent,
  press,
  queryByPart,
  queryByRole,
  root,
  settingsForm,
  statuses,
  typeInto,
} from './admin-helpers.js';
import { BASE_URL, BOT_ID, OWNER_ID, fakeJwt, json, serviceWithBot } from './fake-service.js';

const TOKEN = fakeJwt(OWNER_ID);

function serviceWithLogin() {
  return serviceWithBot().on('POST', '/token', (request) => {
    const form = new URLSearchParams(request.body);
    if (form.get('username') === 'demo' && form.get('password') === 'demo-password') {
      return json({ message_code: 0, message: 'OK', data: { access_token: TOKEN, token_type: 'bearer' } });
    }
    return json({ message: 'Incorrect username or password', message_code: 1002 }, 401);
  });
}

/** The login section, or null once signed in. */
const loginSection = (el: BotAdmin) => queryByPart(root(el), 'login');

/** The alerts of the login section. */
const loginAlerts = (el: BotAdmin) => {
  const login = loginSection(el);
  return login ? alerts(login) : [];
};

async function signIn(el: BotAdmin, username: string, password: string) {
  await typeInto(el, field(el, 'User name'), username);
  await typeInto(el, field(el, 'Password'), password);
  button(el, 'Sign in').click();
  await el.updateComplete;
}

describe('<bot-admin> sign-in', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('shows the login form without credentials and is accessible', async () => {
    const { el } = await mountAdmin({ token: null });
    expect(queryByRole(root(el), 'region', { name: 'Sign in' })).to.equal(loginSection(el));
    expect(field(el, 'User name').getAttribute('autocomplete')).to.equal('username');
    expect(field(el, 'Password').type).to.equal('password');
    expect(queryByRole(root(el), 'tablist')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('names empty fields, focuses the first and sends nothing', async () => {
    const { el, service } = await mountAdmin({ service: serviceWithLogin(), token: null });
    button(el, 'Sign in').click();
    await waitUntil(() => focused(el) === field(el, 'User name'));
    expect(field(el, 'User name').getAttribute('aria-invalid')).to.equal('true');
    expect(field(el, 'Password').getAttribute('aria-invalid')).to.equal('true');
    expect(descriptionOf(field(el, 'User name'))).to.equal('Please fill in this field.');
    expect(service.sent('POST', '/token')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('signs in with the login form, keeps the token in memory only and loads the bot', async () => {
    const { el, service } = await mountAdmin({ service: serviceWithLogin(), token: null });
    const login = nextEvent(el, 'bot-admin-login');
    await signIn(el, 'demo', 'demo-password');
    expect((await login).userId).to.equal(OWNER_ID);
    await waitUntil(() => settingsForm(el) !== null);
    const [tokenRequest] = service.sent('POST', '/token');
    expect(tokenRequest!.headers['content-type']).to.equal('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest!.body))).to.include({ username: 'demo', grant_type: 'password', scope: '' });
    const info = service.sent('GET', '/api/bot/information').at(-1)!;
    expect(info.headers['authorization']).to.equal(`Bearer ${TOKEN}`);
    expect(info.url.searchParams.get('bot_id')).to.equal(BOT_ID);
    expect(sessionStorage.length + localStorage.length).to.equal(0);
    await waitUntil(() => focused(el) === queryByRole(root(el), 'tab', { name: 'Settings' }));
  });

  it('says when the user name or password is wrong and fires bot-admin-error', async () => {
    const { el } = await mountAdmin({ service: serviceWithLogin(), token: null });
    const error = nextEvent(el, 'bot-admin-error');
    await signIn(el, 'demo', 'wrong');
    expect((await error).operation).to.equal('login');
    await waitUntil(() => loginAlerts(el).length > 0);
    expect(loginAlerts(el)).to.deep.equal(['The user name or password is not right.']);
    expect(field(el, 'User name').value).to.equal('demo');
    await expect(el).to.be.accessible();
  });

  it('says when the service cannot be reached', async () => {
    const service = serviceWithBot().on('POST', '/token', () => Promise.reject(new TypeError('Failed to fetch')));
    const { el } = await mountAdmin({ service, token: null });
    await signIn(el, 'demo', 'demo-password');
    await waitUntil(() => loginAlerts(el).length > 0);
    expect(loginAlerts(el)).to.deep.equal(['Could not reach the service. Check the connection and try again.']);
  });

  it('keeps the token across page loads only with persist-session', async () => {
    const first = await mountAdmin({ service: serviceWithLogin(), token: null, persistSession: '' });
    await signIn(first.el, 'demo', 'demo-password');
    await waitUntil(() => settingsForm(first.el) !== null);
    expect(sessionStorage.getItem(`bot-admin-session:${BASE_URL}`)).to.equal(TOKEN);
    first.el.remove();
    const second = await mountAdmin({ service: serviceWithLogin(), token: null, persistSession: 'session' });
    expect(loginSection(second.el)).to.equal(null);
    expect(second.service.sent('GET', '/api/bot/information').at(-1)!.headers['authorization']).to.equal(`Bearer ${TOKEN}`);
  });

  it('does not restore a stored token that has expired', async () => {
    sessionStorage.setItem(`bot-admin-session:${BASE_URL}`, fakeJwt(OWNER_ID, 1000));
    const { el, service } = await mountAdmin({ service: serviceWithLogin(), token: null, persistSession: 'session' });
    expect(loginAlerts(el)).to.deep.equal(['Your session has expired. Please sign in again.']);
    expect(service.sent('GET', '/api/bot/information')).to.have.length(0);
    expect(sessionStorage.getItem(`bot-admin-session:${BASE_URL}`)).to.equal(null);
  });

  it('ends the session on a 401 and asks to sign in again', async () => {
    const service = serviceWithLogin();
    const { el } = await mountAdmin({ service, token: null, persistSession: 'local' });
    await signIn(el, 'demo', 'demo-password');
    await waitUntil(() => settingsForm(el) !== null);
    expect(localStorage.getItem(`bot-admin-session:${BASE_URL}`)).to.equal(TOKEN);
    service.on('PUT', '/api/bot', () => json({ message: 'Could not validate credentials', message_code: 1002 }, 401));
    await typeInto(el, field(el, 'Bot name'), 'Helpdesk 2');
    const logout = nextEvent(el, 'bot-admin-logout');
    button(el, 'Save changes').click();
    expect((await logout).reason).to.equal('expired');
    await el.updateComplete;
    expect(loginAlerts(el)).to.deep.equal(['Your session has expired. Please sign in again.']);
    expect(localStorage.getItem(`bot-admin-session:${BASE_URL}`)).to.equal(null);
    await expect(el).to.be.accessible();

    // Signing in again brings back the form with what was typed.
    service.on('PUT', '/api/bot', (request) => json({ ...JSON.parse(request.body), updated_at: '2024-02-01T00:00:00' }));
    await signIn(el, 'demo', 'demo-password');
    await waitUntil(() => settingsForm(el) !== null);
    expect(field(el, 'Bot name').value).to.equal('Helpdesk 2');
  });

  it('treats a refused host token as an expired session', async () => {
    const service = serviceWithBot().on('GET', '/api/bot/information', () => json({ message: 'Token expired', message_code: 1002 }, 401));
    const { el } = await mountAdmin({ service, waitForForm: false });
    await waitUntil(() => loginSection(el) !== null);
    expect(loginAlerts(el)).to.deep.equal(['Your session has expired. Please sign in again.']);
  });

  it('signs out on request', async () => {
    const { el } = await mountAdmin();
    const logout = nextEvent(el, 'bot-admin-logout');
    await press(el, 'Sign out');
    expect((await logout).reason).to.equal('user');
    await el.updateComplete;
    expect(loginSection(el)).to.not.equal(null);
    expect(statuses(root(el))).to.deep.equal(['You are signed out.']);
  });

  it('uses an API key given by the host page', async () => {
    const service = serviceWithBot();
    const { el } = await mountAdmin({ service, token: null });
    el.apiKey = 'key-123';
    await waitUntil(() => settingsForm(el) !== null);
    expect(service.sent('GET', '/api/bot/information').at(-1)!.headers['authorization']).to.equal('Bearer key-123');
  });
});
