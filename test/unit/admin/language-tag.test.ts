import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isLanguageTag } from '../../../src/admin/language-tag.js';

// RFC 5646, Appendix A: every example of a valid tag, then its three examples of invalid ones.
const RFC_5646_VALID = [
  'de', 'fr', 'ja', 'i-enochian',
  'zh-Hant', 'zh-Hans', 'sr-Cyrl', 'sr-Latn',
  'zh-cmn-Hans-CN', 'cmn-Hans-CN', 'zh-yue-HK', 'yue-HK',
  'zh-Hans-CN', 'sr-Latn-RS',
  'sl-rozaj', 'sl-rozaj-biske', 'sl-nedis',
  'de-CH-1901', 'sl-IT-nedis',
  'hy-Latn-IT-arevela',
  'de-DE', 'en-US', 'es-419',
  'de-CH-x-phonebk', 'az-Arab-x-AZE-derbend',
  'x-whatever',
  'qaa-Qaaa-QM-x-southern',
  'de-Qaaa', 'sr-Latn-QM', 'sr-Qaaa-RS',
  'en-US-u-islamcal', 'zh-CN-a-myext-x-private', 'en-a-myext-b-another',
];
const RFC_5646_INVALID = ['de-419-DE', 'a-DE', 'ar-a-aaa-b-bbb-a-ccc'];

describe('isLanguageTag', () => {
  it('accepts every valid tag of RFC 5646 Appendix A, in any case', () => {
    for (const tag of RFC_5646_VALID) {
      assert.equal(isLanguageTag(tag), true, tag);
      assert.equal(isLanguageTag(tag.toUpperCase()), true, tag.toUpperCase());
    }
  });

  it('refuses the invalid tags of RFC 5646 Appendix A and a repeated variant', () => {
    for (const tag of [...RFC_5646_INVALID, 'de-DE-1901-1901']) assert.equal(isLanguageTag(tag), false, tag);
  });

  it('accepts the grandfathered tags and the languages of the widget', () => {
    for (const tag of ['en-GB-oed', 'i-klingon', 'zh-min-nan', 'art-lojban', 'en', 'vi', 'ja', 'fr', 'es', 'de', 'ar', 'pt-BR']) {
      assert.equal(isLanguageTag(tag), true, tag);
    }
  });

  it('refuses words, underscores, blanks and empty subtags', () => {
    // A primary language subtag of 4 to 8 letters is well-formed, but none is registered (RFC 5646 2.2.1).
    for (const text of ['english please', 'English', 'germ', 'deutsch-DE', 'en_US', ' en', 'en ', '', 'en-', '-en', 'en--US', 'e', 'en-US-', 'toolonglanguage', 'x', 'en-x', 'de-1901-']) {
      assert.equal(isLanguageTag(text), false, JSON.stringify(text));
    }
  });

  it('accepts any tag built by the grammar and refuses it once a blank is inside (fast-check)', () => {
    const letters = (min: number, max: number) =>
      fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: min, maxLength: max });
    const digits = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
    const tag = fc
      .record({
        language: letters(2, 3),
        script: fc.option(letters(4, 4), { nil: undefined }),
        region: fc.option(fc.oneof(letters(2, 2), digits(3)), { nil: undefined }),
        variant: fc.option(fc.oneof(letters(5, 8), digits(4)), { nil: undefined }),
      })
      .map(({ language, script, region, variant }) => [language, script, region, variant].filter(Boolean).join('-'));
    fc.assert(
      fc.property(tag, fc.nat(), (text, at) => {
        assert.equal(isLanguageTag(text), true, text);
        const cut = at % (text.length + 1);
        assert.equal(isLanguageTag(`${text.slice(0, cut)} ${text.slice(cut)}`), false);
      }),
      { seed: 5646, numRuns: 500 },
    );
  });
});
