import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import englishStrings from '../../../src/i18n/en.js';
import { compileLanguagePack } from '../../../src/widget/on-demand/language-pack.js';
import { leadStrings } from '../../../src/widget/on-demand/lead-form.js';

const noDocument = { getElementById: () => null } as unknown as Document;

describe('compileLanguagePack', () => {
  it("fills placeholders and picks plural forms by the language's own rules", () => {
    const portuguese = compileLanguagePack(
      {
        lang: 'pt-br',
        send: 'Enviar',
        greeting: 'Olá! Sou {name}.',
        answered: '{name}: {answer}',
        leadMissing: { one: 'Preencha {count} campo obrigatório.', other: 'Preencha {count} campos obrigatórios.' },
      },
      noDocument,
    );
    assert.equal(portuguese.lang, 'pt-BR');
    assert.equal(portuguese.dir, 'ltr');
    assert.equal(portuguese.send, 'Enviar');
    assert.equal(portuguese.greeting('Ajudante'), 'Olá! Sou Ajudante.');
    assert.equal(portuguese.answered('Ajudante', 'Oi'), 'Ajudante: Oi');
    // The lead form's entries reach the lead form, whose own strings cover only the widget's languages.
    const portugueseLead = leadStrings(portuguese, undefined);
    assert.equal(portugueseLead.leadMissing(1), 'Preencha 1 campo obrigatório.');
    assert.equal(portugueseLead.leadMissing(3), 'Preencha 3 campos obrigatórios.');
    assert.equal(portugueseLead.leadTitle, leadStrings(englishStrings, undefined).leadTitle);
    // Entries the pack leaves out are English.
    assert.equal(portuguese.stop, englishStrings.stop);

    const hebrew = compileLanguagePack(
      { lang: 'he', dir: 'rtl', leadMissing: { one: 'שדה אחד חסר', two: 'שני שדות חסרים', other: '{count} שדות חסרים' } },
      noDocument,
    );
    assert.equal(hebrew.dir, 'rtl');
    assert.deepEqual([1, 2, 5].map((count) => leadStrings(hebrew, undefined).leadMissing(count)), ['שדה אחד חסר', 'שני שדות חסרים', '5 שדות חסרים']);
  });

  it("writes a message's time with the clock of the pack's language", () => {
    const at = new Date(2025, 0, 15, 15, 5);
    for (const lang of ['ko', 'fi', 'pt-BR', 'ar-EG']) {
      const time = compileLanguagePack({ lang }, noDocument).time;
      assert.equal(time?.(at), new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit' }).format(at), lang);
    }
    // A pack cannot bring code for it: the entry is not one of the strings.
    assert.equal(compileLanguagePack({ lang: 'fi', time: '{hours}' }, noDocument).time?.(at), '15.05');
  });

  it('ignores entries of the wrong form and falls back to English for a pack it cannot read', () => {
    const odd = compileLanguagePack({ lang: 'pt', send: { other: 'x' }, title: 42 as unknown as string }, noDocument);
    assert.equal(odd.send, englishStrings.send);
    assert.equal(odd.title, englishStrings.title);
    assert.equal(compileLanguagePack({ lang: 'not a tag!' }, noDocument), englishStrings);
    assert.equal(compileLanguagePack('missing-id', noDocument), englishStrings);
  });
});
