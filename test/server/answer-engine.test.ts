// The answer engine against a real database, on each storage engine: stemming in the bot's language
// (Japanese segmented, French stemmed), typo tolerance through pg_trgm, indexing again when the bot's
// language changes, and four answerable suggestions from a small knowledge base.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { composeExtractiveAnswer } from '../../demo/server/answer/extractive.js';
import { asRetrievedPassages, retrievePassages } from '../../demo/server/answer/retrieval.js';
import { SuggestionChecks, suggestQuestions } from '../../demo/server/answer/suggestions.js';
import type { AnswerSettings } from '../../demo/server/answer/provider.js';
import { extractPage, splitIntoPassages } from '../../demo/server/scrape/extract.js';
import { insertBot } from '../../demo/server/storage/bots.js';
import { openDatabase, type Database } from '../../demo/server/storage/database.js';
import { reindexKnowledge, storePage } from '../../demo/server/storage/knowledge.js';
import { createUser } from '../../demo/server/storage/users.js';
import { dropTestSchemas, htmlPage, testEngines } from './helpers.js';

const BOT = {
  bot_name: 'Bot', case_study: '', is_visibility: true, domain: [], collect_customer_info: {}, rules: [], gpt_model_name: 'm', temperature: 0,
  custom_prompt: '', bot_tone_type: 0, custom_error_message: '', is_enable_citation: false, is_activate: true,
};

function settingsFor(language: string): AnswerSettings {
  return { botName: 'Bot', customPrompt: '', rules: [], temperature: 0, modelName: 'm', toneType: 0, language, citations: false, customErrorMessage: '' };
}

for (const engine of testEngines()) {
  describe(`the answer engine on a database (${engine.name})`, () => {
    let db: Database;
    let userId: string;
    const schema = engine.name === 'postgres' ? `engine_${randomBytes(4).toString('hex')}` : undefined;
    before(async () => {
      db = await openDatabase(schema ? { databaseUrl: process.env['TEST_DATABASE_URL'], databaseSchema: schema } : {});
      userId = (await createUser(db, `engine-${randomBytes(3).toString('hex')}`, 'a long password')).id;
    });
    after(async () => {
      if (schema) await db?.exec(`drop schema if exists ${schema} cascade`);
      await db?.close();
      await dropTestSchemas();
    });

    async function botWith(language: string, pages: Record<string, Record<string, string>>): Promise<string> {
      const bot = await insertBot(db, userId, { ...BOT, bot_language: language }, 100);
      for (const [title, sections] of Object.entries(pages)) {
        const url = `https://site.test/${encodeURIComponent(title)}`;
        const page = extractPage(htmlPage(title, sections), 'text/html', url);
        await storePage(db, bot.id, { url, title: page.title, wordCount: page.wordCount, passages: splitIntoPassages(page) });
      }
      return bot.id;
    }

    async function answer(botId: string, language: string, question: string): Promise<{ answer: string; heading: string | undefined }> {
      const { relevant, focus } = await retrievePassages(db, botId, question, [], { language });
      const text = composeExtractiveAnswer({ question, history: [], passages: asRetrievedPassages(relevant), settings: settingsFor(language), focus });
      return { answer: text, heading: relevant[0]?.heading };
    }

    it('answers Japanese questions from Japanese pages, words found by a segmenter', async () => {
      const botId = await botWith('ja', {
        ウィジェットの設定: {
          色の変更: 'アクセントカラーは --chatbot-accent で設定します。送信ボタンと吹き出しの色が変わります。',
          ダークテーマ: 'theme 属性に dark を指定すると、ダークテーマで表示されます。',
          料金: 'ウィジェットは無料で、MIT ライセンスで公開されています。',
        },
      });
      const colour = await answer(botId, 'ja', 'ウィジェットの色を変更するにはどうすればいいですか？');
      assert.equal(colour.heading, '色の変更');
      assert.match(colour.answer, /--chatbot-accent/);
      const missing = await answer(botId, 'ja', '東京の天気は？');
      assert.equal(missing.answer, 'ナレッジベースにこの情報は見つかりませんでした。');
    });

    it('stems French questions and pages with the French configuration, and refuses in French', async () => {
      const botId = await botWith('fr', {
        Personnalisation: {
          'Les couleurs': 'Vous changez la couleur principale avec la propriété --chatbot-accent, sur l’élément ou sur :root.',
          'Le thème sombre': 'L’attribut theme accepte light, dark ou auto, qui suit les préférences du système.',
        },
      });
      const colour = await answer(botId, 'fr', 'Comment changer les couleurs du widget ?');
      assert.equal(colour.heading, 'Les couleurs');
      const dark = await answer(botId, 'fr', 'Y a-t-il un theme sombre ?');
      assert.equal(dark.heading, 'Le thème sombre', 'a missing accent still finds the word');
      assert.equal((await answer(botId, 'fr', 'Quelle est la capitale de la Mongolie ?')).answer, "Je n'ai pas trouvé cette information dans la base de connaissances.");
    });

    it('corrects typos to words the knowledge base has, through pg_trgm and swapped letters, but not names', async () => {
      const botId = await botWith('en', {
        Help: {
          'Privacy and your data': 'Your conversations are kept in the database of the service you run.',
          'Launcher or inline mode?': 'In inline mode the chat fills the box you place it in.',
          'Parts you can style': 'Style the header and the panel parts from your own style sheet.',
        },
      });
      assert.equal((await answer(botId, 'en', 'privcy of my data?')).heading, 'Privacy and your data');
      assert.equal((await answer(botId, 'en', 'what is inline mdoe')).heading, 'Launcher or inline mode?');
      const { focus } = await retrievePassages(db, botId, 'What is the weather in Paris?', [], { language: 'en' });
      assert.equal(focus.concepts.find((concept) => concept.word === 'paris')?.corrected, undefined, 'a name is never corrected ("parts")');
    });

    it('indexes the passages again when the bot changes language, once', async () => {
      const botId = await botWith('en', { Colours: { 'How to change colours': 'Set the accent colour on the element.' } });
      await db.query('update bots set bot_language = $2 where id = $1', [botId, 'fr']);
      assert.ok((await reindexKnowledge(db, botId)) > 0);
      assert.equal(await reindexKnowledge(db, botId), 0);
      const [row] = await db.query<{ search_config: string }>('select distinct search_config from passages where bot_id = $1', [botId]);
      assert.equal(row?.search_config, 'french');
    });

    it('suggests four questions a four-page knowledge base answers, none the one just asked or answered', async () => {
      const botId = await botWith('en', {
        Garden: { 'Opening hours': 'The garden centre is open from nine until six, every day but Sunday.', 'Parking': 'Parking is free for customers behind the shop.' },
        Roses: { 'How do I prune roses?': 'Prune roses in late winter, just above an outward-facing bud.', 'Feeding roses': 'Feed roses with rose fertiliser in spring.' },
        Tools: { 'Which tools can I hire?': 'You can hire lawn mowers and hedge trimmers by the day.', 'Tool deposit': 'Every hired tool needs a refundable deposit of fifty pounds.' },
        Delivery: { 'Delivery of plants': 'Plants are delivered within three working days.', 'Delivery costs': 'Delivery costs five pounds, free above fifty pounds.' },
      });
      const question = 'How do I prune roses?';
      const retrieval = await retrievePassages(db, botId, question, [], { language: 'en' });
      const suggestions = await suggestQuestions(db, botId, { question, history: [], answered: retrieval.relevant, candidates: retrieval.candidates, language: retrieval.language, checks: new SuggestionChecks() });
      assert.equal(suggestions.length, 4, suggestions.join(' | '));
      assert.ok(!suggestions.includes(question));
      for (const suggestion of suggestions) {
        const { relevant } = await retrievePassages(db, botId, suggestion, [], { language: 'en' });
        assert.ok(relevant.length > 0, `"${suggestion}" is answered`);
        assert.notEqual(relevant[0]!.heading, 'How do I prune roses?', `"${suggestion}" does not repeat the answer`);
        assert.ok(!/What can you tell me about/.test(suggestion), suggestion);
      }
    });
  });
}
