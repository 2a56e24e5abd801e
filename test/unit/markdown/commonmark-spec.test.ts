// The CommonMark 0.31.2 spec examples (from the commonmark-spec package, read here, never copied into the
// repository), each read by the widget's parsers and compared as normalised HTML (see markdown-html.ts).
// Raw HTML is never rendered by the widget: where an example's output depends on raw HTML, the expected
// HTML is the spec-faithful micromark's with raw HTML shown as text. The widget also reads GFM's autolink
// literals (`https://…` in plain text is a link), which CommonMark does not have: the few examples whose
// output that extension changes are judged by micromark's output with it (listed when the test runs), every
// other example as before. The pass count of every section is printed and checked against
// commonmark-rates.json: a section that passes fewer examples than recorded fails (a ratchet). To record
// progress, run with MARKDOWN_RATES=write and commit the file.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { micromark, type Options } from 'micromark';
import { gfmAutolinkLiteral, gfmAutolinkLiteralHtml } from 'micromark-extension-gfm-autolink-literal';
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

const GFM_AUTOLINK_LITERALS: Options = { extensions: [gfmAutolinkLiteral()], htmlExtensions: [gfmAutolinkLiteralHtml()] };

/** Whether GFM's autolink literal extension changes the example's output (then it is judged with it). */
function changedByAutolinkLiterals(example: SpecExample): boolean {
  const markdown = withTabs(example.markdown);
  const options: Options = { allowDangerousProtocol: true, allowDangerousHtml: true };
  return micromark(markdown, options) !== micromark(markdown, { ...options, ...GFM_AUTOLINK_LITERALS });
}

function expectedHtml(example: SpecExample, gfm: boolean): string {
  const markdown = withTabs(example.markdown);
  const extensions = gfm ? GFM_AUTOLINK_LITERALS : {};
  const asText = micromark(markdown, { allowDangerousProtocol: true, ...extensions });
  const asHtml = micromark(markdown, { allowDangerousProtocol: true, allowDangerousHtml: true, ...extensions });
  return asText === asHtml && !gfm ? withTabs(example.html) : asText;
}

function passes(example: SpecExample, gfm: boolean): boolean {
  try {
    return normalHtml(markdownHtml(withTabs(example.markdown))) === normalHtml(expectedHtml(example, gfm));
  } catch {
    return false;
  }
}

describe('CommonMark 0.31.2 spec examples', () => {
  const measured = new Map<string, SectionRate & { failing: number[] }>();
  /** Examples judged with GFM's autolink literals, and how they fare by CommonMark alone. */
  const judgedByGfm: { example: SpecExample; passes: boolean; passesStrict: boolean }[] = [];
  for (const example of spec.tests) {
    const rate = measured.get(example.section) ?? { examples: 0, passed: 0, failing: [] };
    const gfm = changedByAutolinkLiterals(example);
    const passed = passes(example, gfm);
    if (gfm) judgedByGfm.push({ example, passes: passed, passesStrict: passes(example, false) });
    rate.examples++;
    if (passed) rate.passed++;
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

  it('judges only the examples that GFM autolink literals change by GFM, and prints them', () => {
    const lines = judgedByGfm.map(({ example, passes: passed, passesStrict }) => `  ${example.number} (${example.section}) ${JSON.stringify(example.markdown)}: ${passed ? 'passes' : 'fails'} (by CommonMark alone: ${passesStrict ? 'passes' : 'fails'})`);
    console.log(`${judgedByGfm.length} examples judged with GFM autolink literals:\n${lines.join('\n')}`);
    // Each of them has a bare URL or e-mail address, which only the extension links.
    assert.ok(judgedByGfm.length > 0);
    for (const { example } of judgedByGfm) assert.match(example.markdown, /https?:\/\/|www\.|@/);
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
