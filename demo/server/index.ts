// The reference service: `startServer()` listens on 127.0.0.1 (port 0 picks a free port) and returns its
// URL and a `close()`; `createApp()` gives the Hono application to mount elsewhere.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, type ServiceApp } from './app.js';
import type { ServiceOptions } from './config.js';
import { DEFAULT_DEMO_PASSWORD, DEFAULT_DEMO_USERNAME, seedDemo, type DemoAccount } from './seed.js';
import { createUser } from './storage/users.js';

export { createApp } from './app.js';
export type { ServiceApp } from './app.js';
export type { ServiceEnv, ServiceState } from './context.js';
export type { Logger, ServiceOptions } from './config.js';
export { CONSOLE_LOGGER, QUIET_LOGGER } from './config.js';
export type { AnswerProvider, AnswerRequest, AnswerSettings, RetrievedPassage } from './answer/provider.js';
export { createExtractiveProvider } from './answer/extractive.js';
export { createOpenAiProvider, type OpenAiSettings } from './answer/openai.js';
export { ERROR_CODES } from './errors.js';
export type { DemoAccount } from './seed.js';

/** Where and how to run the service. */
export interface StartServerOptions extends ServiceOptions {
  /** The port; 0 (the default) picks a free one. */
  port?: number;
  /** The interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Whether to create the demo account and bot with its knowledge base (default false). */
  seedDemo?: boolean;
  /** The demo login (default `demo`). */
  demoUsername?: string;
  /** The demo password (default `demo-password`). */
  demoPassword?: string;
}

/** A running service. */
export interface RunningServer {
  /** Its base URL, such as `http://127.0.0.1:8787`. */
  url: string;
  /** The demo account, when seeded. */
  demo?: DemoAccount;
  /** Creates a user account (or finds it; the password of an existing one is unchanged); resolves to its id. */
  createUser(username: string, password: string): Promise<{ id: string }>;
  /** The application behind it. */
  service: ServiceApp;
  /** Stops listening, ends open connections and closes the database. */
  close(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '' ) return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts the service and resolves once it listens (and, with seedDemo, once the demo is ready). */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const { port = 0, host = '127.0.0.1', seedDemo: withDemo = false } = options;
  const service = createApp(options);
  let server: ServerType | undefined;
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const started = serve({ fetch: service.app.fetch, port, hostname: host }, () => resolve(started));
      started.once('error', reject);
    });
  } catch (error) {
    await service.close();
    throw error;
  }
  const listening = server;
  const url = `http://${urlHost(host)}:${(listening.address() as AddressInfo).port}`;
  const close = async () => {
    await new Promise<void>((resolve) => {
      listening.close(() => resolve());
      (listening as { closeAllConnections?: () => void }).closeAllConnections?.();
    });
    await service.close();
  };
  let demo: DemoAccount | undefined;
  if (withDemo) {
    try {
      const state = await service.ready();
      // The demo site is served by the service itself: with the demo seeded, its own pages may be read,
      // so a newcomer can add one to a bot from the admin on a machine with no other site to reach.
      const ownHost = new URL(url).host;
      if (!state.options.scrapeAllowedHosts.includes(ownHost)) {
        state.options.scrapeAllowedHosts = [...state.options.scrapeAllowedHosts, ownHost];
      }
      demo = await seedDemo(state, {
        username: options.demoUsername || DEFAULT_DEMO_USERNAME,
        password: options.demoPassword || DEFAULT_DEMO_PASSWORD,
        serviceUrl: url,
      });
    } catch (error) {
      await close();
      throw error;
    }
  }
  return {
    url,
    demo,
    service,
    async createUser(username, password) {
      const { db } = await service.ready();
      const { id } = await createUser(db, username, password);
      return { id };
    },
    close,
  };
}
