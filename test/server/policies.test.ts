// The service's pure rules, without a server: which addresses the scraper refuses, which origins a public
// bot accepts, how pages become passages, and how headings become questions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAllowListed, isForbiddenAddress } from '../../demo/server/scrape/address-policy.js';
import { isOriginAllowed } from '../../demo/server/auth/origins.js';
import { countWords, extractPage, splitIntoPassages } from '../../demo/server/scrape/extract.js';
import { resolveLanguage } from '../../demo/server/answer/language.js';
import { phraseSuggestion } from '../../demo/server/answer/suggestions.js';
import { composeExtractiveAnswer, createExtractiveProvider, wordGroups } from '../../demo/server/answer/extractive.js';
import type { AnswerSettings, RetrievedPassage } from '../../demo/server/answer/provider.js';
import { parseScrapeUrl, ScrapeRefusedError } from '../../demo/server/scrape/safe-fetch.js';
import { BotCache } from '../../demo/server/storage/bot-cache.js';
import type { StoredBot } from '../../demo/server/storage/bots.js';

describe('address policy', () => {
  it('refuses loopback, private, link-local, metadata, CGNAT, multicast and reserved addresses', () => {
    for (const address of [
      '127.0.0.1', '127.255.255.254', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.10', '169.254.169.254',
      '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '192.0.2.1', '198.18.0.1',
      '::1', '::', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd00:ec2::254', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
      '::ffff:169.254.169.254', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1', '2001:db8::1', 'not an address',
      // IPv4-translated spellings (SIIT), of loopback and of a public address alike.
      '::ffff:0:127.0.0.1', '::ffff:0:7f00:1', '0:0:0:0:ffff:0:7f00:1', '::ffff:0:8.8.8.8', '::ffff:0:a9fe:a9fe',
    ]) {
      assert.equal(isForbiddenAddress(address), true, address);
    }
  });

  it('lets public unicast addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8']) {
      assert.equal(isForbiddenAddress(address), false, address);
    }
  });

  it('matches allow-list entries by host and port, or by host alone', () => {
    const list = ['127.0.0.1:4000', 'localhost', '[::1]:5000'];
    assert.equal(isAllowListed(new URL('http://127.0.0.1:4000/x'), list), true);
    assert.equal(isAllowListed(new URL('http://127.0.0.1:4001/x'), list), false);
    assert.equal(isAllowListed(new URL('http://localhost:9/x'), list), true);
    assert.equal(isAllowListed(new URL('http://[::1]:5000/'), list), true);
    assert.equal(isAllowListed(new URL('http://[::1]:5001/'), list), false);
    assert.equal(isAllowListed(new URL('https://127.0.0.1/'), ['127.0.0.1:443']), true);
  });

  it('parses only http and https URLs without credentials, dropping the fragment', () => {
    assert.equal(parseScrapeUrl('https://example.com/a#b').href, 'https://example.com/a');
    for (const url of ['file:///etc/passwd', 'gopher://x', 'data:text/html,hi', 'http://a:b@example.com/', 'not a url']) {
      assert.throws(() => parseScrapeUrl(url), ScrapeRefusedError, url);
    }
  });
});

describe('origins of public bots', () => {
  const domains = ['example.com', '*.example.org', 'localhost:5173', '127.0.0.1', '[::1]'];

  it('accepts exact hosts, wildcard subdomains, ports when given and any port otherwise', () => {
    for (const origin of ['https://example.com', 'http://example.com:8080', 'https://a.example.org', 'https://a.b.example.org', 'http://localhost:5173', 'http://127.0.0.1:9999', 'http://[::1]:3000']) {
      assert.equal(isOriginAllowed(origin, domains), true, origin);
    }
  });

  it('refuses look-alikes, the bare wildcard domain, other ports and opaque origins', () => {
    for (const origin of ['https://example.com.evil.test', 'https://notexample.com', 'https://example.org', 'https://evilexample.org', 'http://localhost:3000', 'null', 'file://', 'chrome-extension://abc']) {
      assert.equal(isOriginAllowed(origin, domains), false, origin);
    }
  });

  it('accepts every origin when the bot lists no domain', () => {
    assert.equal(isOriginAllowed('https://anything.test', []), true);
  });
});

describe('page extraction', () => {
  const page = `<!doctype html><html><head><title>Title tag</title><style>p{}</style><script>var x = "hidden";</script></head>
    <body><nav><a href="/a">A</a> <a href="/b#frag">B</a> <a href="mailto:x@y.z">mail</a> <a href="/file.pdf">pdf</a> <a href="https://other.test/">other</a></nav>
    <main><article><h1>Main heading</h1>
    <p>First paragraph with enough words to be taken as the main content of the page by the reader view of the extractor.</p>
    <h2>Install</h2><ul><li>Step one <strong>bold</strong></li><li>Step two<ul><li>Nested step</li></ul></li></ul>
    <h2>Table</h2><table><tr><th>Plan</th><th>Price</th></tr><tr><td>Free</td><td>0</td></tr></table>
    <p>Another paragraph that keeps going so that the article is long enough for the reader to keep it whole and intact.</p>
    </article></main><footer>Copyright footer</footer></body></html>`;

  it('keeps the main text as headings, paragraphs, list items and table rows, without scripts or styles', () => {
    const extracted = extractPage(page, 'text/html', 'https://site.test/docs/');
    assert.equal(extracted.title, 'Main heading');
    const texts = extracted.blocks.map((block) => block.text);
    assert.ok(texts.includes('Install'));
    assert.ok(texts.includes('- Step one bold'));
    assert.ok(texts.includes('- Step two'));
    assert.ok(texts.includes('- Nested step'));
    assert.ok(texts.includes('Plan | Price'));
    assert.ok(texts.includes('Free | 0'));
    assert.ok(!texts.join(' ').includes('hidden'));
    assert.ok(!texts.join(' ').includes('p{}'));
    assert.deepEqual(extracted.links, ['https://site.test/a', 'https://site.test/b', 'https://other.test/']);
    assert.equal(extracted.wordCount, extracted.blocks.reduce((sum, block) => sum + countWords(block.text), 0));
  });

  it('cuts passages at headings, keeps list items together and the heading with each passage', () => {
    const passages = splitIntoPassages(extractPage(page, 'text/html', 'https://site.test/docs/'));
    const install = passages.find((passage) => passage.heading === 'Install');
    assert.equal(install?.content, '- Step one bold\n- Step two\n- Nested step');
    assert.ok(passages.some((passage) => passage.heading === 'Main heading' && passage.content.startsWith('First paragraph')));
  });

  it('cuts a long paragraph at sentence ends', () => {
    const sentence = 'This sentence has exactly ten words in it, you see. ';
    const passages = splitIntoPassages(extractPage(`<p>${sentence.repeat(60)}</p>`, 'text/html', 'https://site.test/'));
    assert.ok(passages.length >= 3);
    for (const passage of passages) {
      assert.ok(countWords(passage.content) <= 200);
      assert.ok(passage.content.endsWith('see.'));
    }
  });

  it('leaves navigation out: menus, footers, link lists, "Next:" and "See also:" lines, pointer sentences and closing pointers', () => {
    const html = `<!doctype html><html><head><title>Guide</title></head><body>
      <div class="site-menu"><a href="/a">Home</a> <a href="/b">Docs</a></div>
      <main><article><h1>Guide</h1>
      <p>The loader draws the bubble at once and downloads the rest only when the visitor shows interest in it.
        Read the full list on the <a href="/features">features page</a>. The <a href="/embed">embedding guide</a> shows both ways.</p>
      <ul><li><a href="/one">One</a></li><li><a href="/two">Two</a></li></ul>
      <p>Next: <a href="/embed">embed the widget</a> or <a href="/theme">theme it</a>.</p>
      <h2>Colours</h2>
      <p>Set the accent colour on the element, on the root, or in a media query of your own style sheet, as you like.</p>
      <p>See also: <a href="/theme">theming</a>.</p>
      <p>Questions about plans are answered in the <a href="/faq">FAQ</a>.</p>
      <aside>Related posts you may like</aside>
      </article></main>
      <div role="contentinfo">Copyright notice</div><footer>Footer links</footer></body></html>`;
    const texts = extractPage(html, 'text/html', 'https://site.test/guide').blocks.map((block) => block.text);
    assert.deepEqual(texts, [
      'The loader draws the bubble at once and downloads the rest only when the visitor shows interest in it. The embedding guide shows both ways.',
      'Colours',
      'Set the accent colour on the element, on the root, or in a media query of your own style sheet, as you like.',
    ]);
  });

  it('reads plain text and survives empty or broken HTML', () => {
    assert.equal(extractPage('One.\n\nTwo words.', 'text/plain', 'https://site.test/notes.txt').blocks.length, 2);
    assert.deepEqual(extractPage('', 'text/html', 'https://site.test/').blocks, []);
    assert.ok(extractPage('<p>unclosed <b>tags <i>here', 'text/html', 'https://site.test/').wordCount >= 3);
  });
});

describe('questions and answers without a model', () => {
  it('turns headings into grammatical questions, shaped by the passage', () => {
    const english = resolveLanguage('en');
    const ask = (heading: string, content = '', opensPage = false) => phraseSuggestion({ heading, content, opensPage }, english);
    assert.equal(ask('Is the widget free?'), 'Is the widget free?');
    assert.equal(ask('How to embed with a script tag'), 'How do I embed with a script tag?');
    assert.equal(ask('Styling parts', 'Style them from your page with ::part().'), 'How do I style parts?');
    assert.equal(ask('Streaming answers', 'Answers appear word by word.'), 'How do streaming answers work?');
    assert.equal(ask('Embedding the widget', 'There are three ways to put the widget on a page.', true), 'How do I embed the widget?');
    assert.equal(ask('Dark theme', 'The theme attribute takes light, dark or auto.'), 'How does the dark theme work?');
    assert.equal(ask('Safe Markdown', 'Answers are rendered as Markdown.'), 'How does safe Markdown work?');
    assert.equal(ask('Fonts and sizes', 'Set the type.'), 'What about fonts and sizes?');
    assert.equal(ask('Privacy and your data', 'Nothing is sent to us.'), 'What about privacy and my data?');
    assert.equal(ask('Theming', 'The widget reads its look from CSS custom properties.', true), 'How does theming work?');
    assert.equal(ask('The knowledge base', 'A bot answers from its knowledge base.', true), 'What is the knowledge base?');
    assert.equal(ask('Features', 'The widget is built to be small.', true), 'What are the features?');
    assert.equal(ask('Pricing', 'Plans start at nothing.'), 'How does pricing work?');
    assert.equal(ask('API keys', 'Keys are made in the admin.'), 'How do API keys work?');
    assert.equal(phraseSuggestion({ heading: 'Couleurs', content: '', opensPage: false }, resolveLanguage('fr')), 'Et pour couleurs ?');
  });

  const settings: AnswerSettings = {
    botName: 'Bot', customPrompt: '', rules: [], temperature: 0, modelName: 'm', toneType: 0, language: '', citations: false, customErrorMessage: '',
  };
  const passages: RetrievedPassage[] = [
    { url: 'https://s.test/care', title: 'Care', heading: 'Watering', content: 'Water the fern twice a week. Ferns like shade.\n\n- Use rain water\n- Never let the pot dry out', rank: 1 },
    { url: 'https://s.test/soil', title: 'Soil', heading: 'Soil for ferns', content: 'Ferns need watering less in winter. Repot in spring.', rank: 0.5 },
  ];

  it('answers with sentences and the list of the best passage, word for word', () => {
    const answer = composeExtractiveAnswer({ question: 'How often should I water my fern?', history: [], passages, settings });
    assert.ok(answer.startsWith('Water the fern twice a week.'), answer);
    assert.ok(answer.includes('- Use rain water\n- Never let the pot dry out'));
    for (const line of answer.split('\n').filter(Boolean)) {
      const text = line.replace(/^- /, '');
      assert.ok(passages.some((passage) => passage.content.includes(text.split('. ')[0]!)), line);
    }
  });

  it('cites the pages it used when asked, and says plainly when there is nothing', () => {
    const answer = composeExtractiveAnswer({ question: 'Water my fern?', history: [], passages, settings: { ...settings, citations: true } });
    assert.match(answer, /Sources: \[Care\]\(https:\/\/s\.test\/care\)/);
    assert.equal(composeExtractiveAnswer({ question: 'x', history: [], passages: [], settings }), 'I could not find this in the knowledge base.');
  });

  it('stops streaming as soon as its signal aborts, even in a pause', async () => {
    const provider = createExtractiveProvider({ delayMs: 200 });
    const controller = new AbortController();
    const pieces: string[] = [];
    let abortedAt = 0;
    setTimeout(() => {
      abortedAt = Date.now();
      controller.abort();
    }, 50);
    for await (const piece of provider.answer({ question: 'How often should I water my fern?', history: [], passages, settings, signal: controller.signal })) {
      pieces.push(piece);
    }
    assert.equal(pieces.length, 1, 'only the piece before the first pause');
    assert.ok(abortedAt > 0 && Date.now() - abortedAt < 150, 'the 200 ms pause was cut short by the abort');
  });

  it('streams in word groups that add up to the text', () => {
    const text = 'One two three four five six seven.\n\n- eight';
    const groups = wordGroups(text);
    assert.equal(groups.join(''), text);
    assert.ok(groups.length >= 3);
  });
});

describe('the visitor bot cache', () => {
  const bot = (id: string) => ({ id, bot_name: id }) as StoredBot;

  it('keeps entries for their time to live only, and forgets on demand', async () => {
    const cache = new BotCache(40);
    cache.set(bot('a'));
    assert.equal(cache.get('a')?.bot_name, 'a');
    cache.forget('a');
    assert.equal(cache.get('a'), undefined);
    cache.set(bot('b'));
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.equal(cache.get('b'), undefined);
  });

  it('holds nothing with a time to live of 0, and drops the oldest entry when full', () => {
    const off = new BotCache(0);
    off.set(bot('a'));
    assert.equal(off.get('a'), undefined);
    const small = new BotCache(10_000, 2);
    small.set(bot('a'));
    small.set(bot('b'));
    small.set(bot('c'));
    assert.equal(small.get('a'), undefined);
    assert.equal(small.get('c')?.bot_name, 'c');
  });
});
