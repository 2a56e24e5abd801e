import { writeFileSync } from 'node:fs';

/**
 * Prints "wtr: N passed, N failed, N skipped" as the very last line (at process exit) and, when
 * WTR_SUMMARY_FILE is set, writes the counts there for scripts/test.mjs.
 * @returns {import('@web/test-runner').Reporter}
 */
export function countReporter() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const walk = (suite) => {
    if (!suite) return;
    for (const test of suite.tests ?? []) {
      if (test.skipped) skipped++;
      else if (test.passed) passed++;
      else failed++;
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  return {
    onTestRunFinished({ sessions }) {
      passed = failed = skipped = 0;
      for (const session of sessions) {
        walk(session.testResults);
        // A file that failed to load (or a browser that did not start) has errors and no tests.
        const empty = !session.testResults?.tests?.length && !session.testResults?.suites?.length;
        if ((session.errors?.length ?? 0) > 0 && empty) failed++;
      }
    },
    stop() {
      process.once('exit', () => {
        process.stdout.write(`wtr: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
        if (process.env.WTR_SUMMARY_FILE) {
          writeFileSync(process.env.WTR_SUMMARY_FILE, JSON.stringify({ passed, failed, skipped }));
        }
      });
    },
  };
}
