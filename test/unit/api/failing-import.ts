// Makes every later import of a module whose path ends with `suffix` fail, as a chunk does that cannot be fetched
// (the visitor went offline after the page loaded). Call it before importing the code under test.
import { register } from 'node:module';

/** Registers a module hook under which importing a path ending with `suffix` throws. */
export function failImportsOf(suffix: string): void {
  register(
    `data:text/javascript,${encodeURIComponent(`export async function resolve(specifier, context, next) {
      if (specifier.endsWith(${JSON.stringify(suffix)})) throw new Error('Failed to fetch dynamically imported module');
      return next(specifier, context);
    }`)}`,
  );
}
