// The CommonMark 0.31.2 spec examples (from the commonmark-spec package, read here, never copied into the
// repository), each read by the widget's parsers and compared as normalised HTML (see markdown-html.ts).
// Raw HTML is never rendered by the widget: where an example's output depends on raw HTML, the expected
// HTML is the spec-faithful micromark's with raw HTML shown as text. The pass count of every section is
// printed and checked against commonmark-rates.json: a section that passes fewer examples than recorded
// fails (a ratchet). To record progress, run with MARKDOWN_RATES=write and commit the file.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { micromark } from 'micromark';
import { markdownHtml, normalHtml } from './markdown-html.js';

interface SpecExample {
  markdown: string;
  html: string;
  section: string;
  number: number;
}

interface SectionRate {
  examples: number;
  passed: number;
}

const require = createRequire(import.meta.url);
const spec = require('commonmark-spec') as { tests: SpecExample[] };
const ratesFile = new URL('./commonmark-rates.json', import.meta.url);

/** The sections whose constructs docs/markdown.md says the widget reads. */
const CLAIMED = new Set([
  'Tabs',
  'Backslash escapes',
  'Entity and numeric character references',
  'Thematic breaks',
  'ATX headings',
  'Setext headings',
  'Fenced code blocks',
  'Link reference definitions',
  'Paragraphs',
  'Block quotes',
  'List items',
  'Lists',
  'Code spans',
  'Emphasis and strong emphasis',
  'Links',
  'Images',
  'Autolinks',
  'Hard line breaks',
  'Soft line breaks',
  'Textual content',
]);

/** The spec writes tabs as arrows. */
const withTabs = (text: string): string => text.replace(/→/g, '\t');

function expectedHtml(example: SpecExample): string {
  const markdown = withTabs(example.markdown);
  const asText = micromark(markdown, { allowDangerousProtocol: true });
  const asHtml = micromark(markdown, { allowDangerousProtocol: true, allowDangerousHtml: true });
  return asText === asHtml ? withTabs(example.html) : asText;
}

function passes(example: SpecExample): boolean {
  try {
    return normalHtml(markdownHtml(withTabs(example.markdown))) === normalHtml(expectedHtml(example));
  } catch {
    return false;
  }
}

describe('CommonMark 0.31.2 spec examples', () => {
  const measured = new Map<string, SectionRate & { failing: number[] }>();
  for (const example of spec.tests) {
    const rate = measured.get(example.section) ?? { examples: 0, passed: 0, failing: [] };
    rate.examples++;
    if (passes(example)) rate.passed++;
    else rate.failing.push(example.number);
    measured.set(example.section, rate);
  }

  it('prints the pass rate of every section', () => {
    const rows = [...measured].map(([section, rate]) => {
      const percent = ((100 * rate.passed) / rate.examples).toFixed(0).padStart(3);
      return `${CLAIMED.has(section) ? '*' : ' '} ${section.padEnd(42)} ${String(rate.passed).padStart(3)}/${String(rate.examples).padEnd(3)} ${percent} %`;
    });
    console.log(`CommonMark 0.31.2 examples passed per section (* claimed):\n${rows.join('\n')}`);
    assert.ok(measured.size > 20);
  });

  it('passes at least the recorded number of examples in every section', () => {
    const rates = Object.fromEntries([...measured].map(([section, { examples, passed }]) => [section, { examples, passed }]));
    if (process.env.MARKDOWN_RATES === 'write') writeFileSync(ratesFile, `${JSON.stringify(rates, null, 2)}\n`);
    const recorded = JSON.parse(readFileSync(ratesFile, 'utf8')) as Record<string, SectionRate>;
    const fallen = Object.entries(recorded)
      .filter(([section, rate]) => (measured.get(section)?.passed ?? 0) < rate.passed)
      .map(([section, rate]) => `${section}: ${measured.get(section)?.passed ?? 0} < ${rate.passed} (failing: ${measured.get(section)?.failing.join(', ')})`);
    assert.deepEqual(fallen, []);
    for (const section of CLAIMED) assert.ok(section in recorded, `${section} has a recorded rate`);
  });
});
