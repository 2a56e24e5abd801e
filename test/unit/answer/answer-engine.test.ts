// The answer engine's pure parts, without a database: reading a bot's language, words and sentences,
// reading a question (concepts, variants, synonyms, idioms, follow-ups), ranking passages, composing an
// extractive answer, phrasing suggestions and the fixed sentences.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { composeExtractiveAnswer } from '../../../demo/server/answer/extractive.js';
import { resolveLanguage } from '../../../demo/server/answer/language.js';
import { fixedSentences, notFoundAnswer, smallTalkReply, sourcesLine } from '../../../demo/server/answer/messages.js';
import type { AnswerSettings, RetrievedPassage } from '../../../demo/server/answer/provider.js';
import { conceptMatch, readQuestion, searchTermsOf, termsOf, MAX_SEARCH_TERMS } from '../../../demo/server/answer/query.js';
import { editDistance, rankPassages } from '../../../demo/server/answer/retrieval.js';
import { baseOfGerund } from '../../../demo/server/answer/suggestions.js';
import { searchableText, sentencesOf, wordsOf } from '../../../demo/server/answer/text.js';
import type { FoundPassage } from '../../../demo/server/storage/knowledge.js';

const english = resolveLanguage('en');

describe("a bot's language", () => {
  it('reads codes, locales and names, in English or in the language itself', () => {
    for (const [given, code, config] of [
      ['en', 'en', 'english'], ['en-GB', 'en', 'english'], ['French', 'fr', 'french'], ['fr_CA', 'fr', 'french'], ['Deutsch', 'de', 'german'],
      ['español', 'es', 'spanish'], ['ar', 'ar', 'arabic'], ['日本語', 'ja', 'simple'], ['vi', 'vi', 'simple'], ['', 'en', 'english'],
      ['Klingon', 'und', 'simple'],
    ] as const) {
      const language = resolveLanguage(given);
      assert.deepEqual([language.code, language.searchConfig], [code, config], given);
    }
  });

  it('stems with Snowball, so that forms of a word meet', () => {
    assert.equal(english.stem('colours'), english.stem('colour'));
    assert.equal(english.stem('theming'), english.stem('themes'));
    assert.equal(resolveLanguage('fr').stem('couleurs'), resolveLanguage('fr').stem('couleur'));
    assert.equal(resolveLanguage('de').stem('Farben'.toLowerCase()), resolveLanguage('de').stem('farbe'));
  });
});

describe('words and sentences', () => {
  it('segments Japanese into words and leaves spaced scripts to a pattern', () => {
    assert.deepEqual(wordsOf('ウィジェットの色を変更する'), ['ウィジェット', 'の', '色', 'を', '変更', 'する']);
    assert.deepEqual(wordsOf("Set the visitor's colour, e-mail 2x."), ['set', 'the', "visitor's", 'colour', 'e', 'mail', '2x']);
    assert.equal(searchableText('色を変更'), '色 を 変更');
    assert.equal(searchableText('Plain text.'), 'Plain text.');
  });

  it('splits sentences at their ends, not at dots inside addresses, numbers or abbreviations', () => {
    assert.deepEqual(sentencesOf('Add it on example.com today. Set 0.02em, e.g. the header. Done!', english), [
      'Add it on example.com today.',
      'Set 0.02em, e.g. the header.',
      'Done!',
    ]);
    assert.deepEqual(sentencesOf('色を変えます。テーマも変えます。', resolveLanguage('ja')), ['色を変えます。', 'テーマも変えます。']);
  });
});

describe('reading a question', () => {
  const terms = (text: string) => termsOf(text, english);

  it('keeps the meaningful words, each with its spelling variants and synonyms', () => {
    const { concepts } = readQuestion('How do I change the colors of the widget?', [], english);
    assert.deepEqual(concepts.map((concept) => concept.word), ['change', 'colors', 'widget']);
    const colors = concepts[1]!;
    assert.equal(conceptMatch(colors, terms('Set your brand colour.')), 1, 'colour is a spelling of color');
    const change = concepts[0]!;
    assert.ok(conceptMatch(change, terms('Customise the look.')) > 0, 'customise stands for change');
  });

  it('reads synonyms, phrases, abbreviations and idioms', () => {
    const price = readQuestion('How much does it cost?', [], english).concepts[0]!;
    assert.ok(conceptMatch(price, terms('Is the widget free?')) > 0);
    const dark = readQuestion('Is there a dark mode?', [], english).concepts;
    assert.ok(dark.some((concept) => conceptMatch(concept, terms('Dark theme')) > 0 && concept.word === 'mode'), 'dark mode is a dark theme');
    const csp = readQuestion('Does it work with a strict CSP?', [], english).concepts.find((concept) => concept.word === 'csp')!;
    assert.ok(conceptMatch(csp, terms('a strict Content Security Policy')) > 0);
    const makeUp = readQuestion('Will the bot make things up?', [], english).concepts.find((concept) => concept.word === 'make')!;
    assert.ok(conceptMatch(makeUp, terms('the bot says so instead of guessing')) > 0);
    const part = readQuestion('Which part of the page is read?', [], english).concepts.find((concept) => concept.word === 'part')!;
    assert.ok(part.weight < 1, '"part of" is vague');
  });

  it('carries the previous question into a follow-up that refers back, and not into a question that stands alone', () => {
    const history = [
      { sender_type: 'user' as const, content: 'Is there a dark mode?' },
      { sender_type: 'assistant' as const, content: 'The theme attribute takes light, dark or auto.' },
    ];
    const standalone = readQuestion('What can the widget do?', history, english);
    assert.equal(standalone.followUp, false);
    assert.ok(standalone.concepts.every((concept) => concept.origin === 'question'));
    for (const question of ['How do I turn it on?', 'And in the admin?', 'Why not?', 'What about fonts?']) {
      const followUp = readQuestion(question, history, english);
      assert.equal(followUp.followUp, true, question);
      assert.ok(followUp.concepts.some((concept) => concept.origin === 'history' && concept.word === 'dark'), question);
    }
  });

  it('tells yes-or-no questions and questions about amounts', () => {
    assert.equal(readQuestion('Is the widget free?', [], english).yesNo, true);
    assert.equal(readQuestion('What does it cost?', [], english).yesNo, false);
    assert.equal(readQuestion('How many messages does a bot get?', [], english).asksAmount, true);
  });

  it('gives the full-text search at most a few dozen terms, every concept first', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{3,10}$/), { minLength: 1, maxLength: 80 }), (words) => {
        const focus = readQuestion(words.join(' '), [], english);
        const searched = searchTermsOf(focus);
        assert.ok(searched.length <= MAX_SEARCH_TERMS);
        const ownWords = focus.concepts.map((concept) => concept.word).slice(0, MAX_SEARCH_TERMS);
        for (const word of ownWords) assert.ok(searched.includes(word));
      }),
      { seed: 13, numRuns: 200 },
    );
  });
});

describe('edit distance', () => {
  it('counts a swap of adjacent letters as one edit', () => {
    assert.equal(editDistance('mdoe', 'mode'), 1);
    assert.equal(editDistance('chnage', 'change'), 1);
    assert.equal(editDistance('colurs', 'colours'), 1);
    assert.equal(editDistance('', 'abc'), 3);
  });

  it('is a distance: zero only for equal words, symmetric, at most the longer length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const distance = editDistance(a, b);
        assert.equal(distance, editDistance(b, a));
        assert.equal(distance === 0, a === b);
        assert.ok(distance <= Math.max(a.length, b.length));
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

function found(heading: string, content: string, title = 'Site', rank = 0.1): FoundPassage {
  return { id: heading, url: `https://site.test/${encodeURIComponent(heading)}`, title, heading, content, position: 1, rank };
}

describe('ranking passages', () => {
  const passages = [
    found('Is the widget free?', 'Yes. It is open source under the MIT licence; hosting is your own cost.'),
    found('How to embed with a script tag', 'Add the loader script; it costs almost nothing on page load.'),
    found('Dark theme', 'The theme attribute takes light, dark or auto.'),
  ];

  it('ranks the passage whose heading asks the question first, and covers rare words more than common ones', () => {
    const ranked = rankPassages(readQuestion('How much does it cost?', [], english), passages, 10, english);
    assert.equal(ranked[0]!.heading, 'Is the widget free?');
    const dark = rankPassages(readQuestion('Is there a dark mode?', [], english), passages, 10, english);
    assert.equal(dark[0]!.heading, 'Dark theme');
    assert.ok(dark[0]!.coverage > 0.8);
  });

  it('lets a clear new topic win over the previous question', () => {
    const history = [{ sender_type: 'user' as const, content: 'Is there a dark mode?' }];
    const ranked = rankPassages(readQuestion('And how do I embed it with a script tag?', history, english), passages, 10, english);
    assert.equal(ranked[0]!.heading, 'How to embed with a script tag');
  });

  it('discounts a compound whose words lie far apart ("phone number" in a list of fields)', () => {
    const lead = [found('Lead form', 'A bot asks for details after a number of questions. The fields are name, e-mail, phone and company.')];
    const [scattered] = rankPassages(readQuestion('What is your phone number?', [], english), lead, 10, english);
    const [together] = rankPassages(readQuestion('Which fields does the lead form have?', [], english), lead, 10, english);
    assert.ok(scattered!.coverage <= 0.5, `coverage ${scattered!.coverage}`);
    assert.ok(together!.coverage > 0.9);
  });
});

const settings: AnswerSettings = {
  botName: 'Bot', customPrompt: '', rules: [], temperature: 0, modelName: 'm', toneType: 0, language: 'en', citations: true, customErrorMessage: '',
};
function passage(heading: string, content: string, url = 'https://site.test/faq'): RetrievedPassage {
  return { url, title: 'FAQ', heading, content, rank: 1 };
}

describe('composing an extractive answer', () => {
  it('quotes the passage whose heading is the question from its start, keeping "Yes." for a yes-or-no question only', () => {
    const free = passage('Is the widget free?', 'Yes. The widget is open source under the MIT licence. Hosting is your own cost.');
    const yes = composeExtractiveAnswer({ question: 'Is the widget free?', history: [], passages: [free], settings });
    assert.ok(yes.startsWith('Yes. The widget is open source under the MIT licence. Hosting is your own cost.'), yes);
    const cost = composeExtractiveAnswer({ question: 'How much does the widget cost?', history: [], passages: [free], settings });
    assert.ok(cost.startsWith('The widget is open source'), cost);
  });

  it('quotes only the sentences about the question, in the page order, and links its sources', () => {
    const care = passage(
      'Garden care',
      'Roses need sun. Water roses deeply once a week. Tulips are planted in autumn. Prune roses in late winter.',
      'https://site.test/care',
    );
    const answer = composeExtractiveAnswer({ question: 'How do I look after roses?', history: [], passages: [care], settings });
    assert.equal(answer, 'Roses need sun. Water roses deeply once a week. Prune roses in late winter.\n\nSources: [FAQ](https://site.test/care)');
  });

  it('adds a supporting passage only for what the first one left out', () => {
    const first = passage('Fonts and sizes', 'Set --chatbot-font-family to change the font.', 'https://site.test/theming');
    const repeat = passage('Typography', 'The font is set with --chatbot-font-family.', 'https://site.test/other');
    const extra = passage('Dark theme', 'The dark theme follows the system.', 'https://site.test/dark');
    const answer = composeExtractiveAnswer({ question: 'How do I change the font and the dark theme?', history: [], passages: [first, repeat, extra], settings });
    assert.ok(answer.includes('The dark theme follows the system.'), answer);
    assert.ok(!answer.includes('The font is set with'), answer);
  });

  it('says it could not find the answer, in the bot\'s language or with its own message, and answers small talk', () => {
    assert.equal(composeExtractiveAnswer({ question: 'Capital of Mongolia?', history: [], passages: [], settings }), 'I could not find this in the knowledge base.');
    assert.equal(composeExtractiveAnswer({ question: 'Hauptstadt?', history: [], passages: [], settings: { ...settings, language: 'de' } }), 'Dazu habe ich in der Wissensdatenbank nichts gefunden.');
    assert.equal(composeExtractiveAnswer({ question: 'x', history: [], passages: [], settings: { ...settings, customErrorMessage: 'Ask our team.' } }), 'Ask our team.');
    assert.equal(composeExtractiveAnswer({ question: 'Hello!', history: [], passages: [], settings }), fixedSentences('en').greeting);
    assert.equal(composeExtractiveAnswer({ question: 'Merci beaucoup', history: [], passages: [], settings: { ...settings, language: 'fr' } }), 'Avec plaisir !');
  });
});

describe('fixed sentences', () => {
  it('exist for en, vi, ja, fr, es, de and ar, each its own', () => {
    const codes = ['en', 'vi', 'ja', 'fr', 'es', 'de', 'ar'];
    const notFound = new Set(codes.map((code) => fixedSentences(code).notFound));
    assert.equal(notFound.size, codes.length);
    assert.equal(fixedSentences('pt').notFound, fixedSentences('en').notFound, 'other languages fall back to English');
    assert.equal(notFoundAnswer({ customErrorMessage: '  ', language: 'ja' }), fixedSentences('ja').notFound);
    assert.equal(sourcesLine('fr', ['[a](https://a.test)']), 'Sources : [a](https://a.test)');
    assert.equal(smallTalkReply('How do I embed it?', 'en'), undefined);
    assert.equal(smallTalkReply('thank you', 'en'), fixedSentences('en').thanks);
  });
});

describe('suggestion phrasing', () => {
  it('finds the base form of an -ing word', () => {
    for (const [gerund, base] of [['styling', 'style'], ['embedding', 'embed'], ['theming', 'theme'], ['streaming', 'stream'], ['using', 'use'], ['adding', 'add'], ['creating', 'create'], ['opening', 'open']] as const) {
      assert.equal(baseOfGerund(gerund), base, gerund);
    }
    assert.equal(baseOfGerund('string'), undefined);
    assert.equal(baseOfGerund('thing'), undefined);
  });
});
