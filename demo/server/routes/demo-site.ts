// GET /demo-site/...: the small website about the widget that the demo bot's knowledge base is read from.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Hono } from 'hono';
import type { ServiceEnv } from '../context.js';
import { ServiceError } from '../errors.js';

/** The folder of the demo site's pages. */
export const DEMO_SITE_DIR = fileURLToPath(new URL('../demo-site/', import.meta.url));

/** The path the demo site is served under. */
export const DEMO_SITE_PATH = '/demo-site/';

/** Registers the demo site's pages (read once, at start). */
export function registerDemoSiteRoutes(app: Hono<ServiceEnv>): void {
  const pages = new Map(
    readdirSync(DEMO_SITE_DIR)
      .filter((name) => name.endsWith('.html'))
      .map((name) => [name, readFileSync(join(DEMO_SITE_DIR, name), 'utf8')] as const),
  );
  const serve = (c: Context, name: string) => {
    const page = pages.get(name);
    if (page === undefined) throw new ServiceError('notFound', `The demo site has no page ${name}.`);
    return c.body(page, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
  };
  app.get('/demo-site', (c) => serve(c, 'index.html'));
  app.get('/demo-site/', (c) => serve(c, 'index.html'));
  app.get('/demo-site/:page', (c) => serve(c, c.req.param('page')));
}
