import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { languageTag } from '../../../src/i18n/languages.js';

describe('languageTag', () => {
  it('reads tags in either separator and known names', () => {
    assert.equal(languageTag('pt_BR'), 'pt-BR');
    assert.equal(languageTag('he'), 'he');
    assert.equal(languageTag('en-US'), 'en-US');
    assert.equal(languageTag('PT-br'), 'PT-br');
    assert.equal(languageTag('zh-Hant-TW'), 'zh-Hant-TW');
    // Examples of RFC 5646 (BCP 47): a region of digits, a variant.
    assert.equal(languageTag('es-419'), 'es-419');
    assert.equal(languageTag('de-CH-1901'), 'de-CH-1901');
    assert.equal(languageTag('English'), 'en');
    assert.equal(languageTag(' Tiếng Việt '), 'vi');
  });

  it('says nothing for names it does not know, blanks and malformed tags', () => {
    assert.equal(languageTag('Korean'), undefined);
    assert.equal(languageTag('Klingonese'), undefined);
    assert.equal(languageTag(''), undefined);
    assert.equal(languageTag(null), undefined);
    assert.equal(languageTag('en--US'), undefined);
    assert.equal(languageTag('e1'), undefined);
    assert.equal(languageTag('ſv'), undefined);
    assert.equal(languageTag('en-abcdefghi'), undefined);
    assert.equal(languageTag('en\u0000'), undefined);
    assert.equal(languageTag('a'.repeat(100_000)), undefined);
  });
});
