// The answer evaluation as a gate: the demo site's bot asked every question of test/answer-eval, on each
// storage engine, must do at least as well as the recorded figures and meet the engine's promises.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import { createExtractiveProvider } from '../../demo/server/answer/extractive.js';
import type { Database } from '../../demo/server/storage/database.js';
import { demoKnowledgeBase, evaluate, type EvalFigures, type EvalReport } from '../answer-eval/evaluate.js';
import { dropTestSchemas, testEngines } from './helpers.js';

const recorded = JSON.parse(readFileSync(new URL('../answer-eval/recorded.json', import.meta.url), 'utf8')) as EvalFigures;
const LOWER_IS_BETTER = new Set<keyof EvalFigures>(['wrongWithCitation', 'suggestionRepeats']);

for (const engine of testEngines()) {
  describe(`answer evaluation on the demo site (${engine.name})`, () => {
    let db: Database;
    let report: EvalReport;
    before(async () => {
      const schema = engine.name === 'postgres' ? `answer_eval_${randomBytes(4).toString('hex')}` : undefined;
      const location = engine.name === 'postgres' ? { databaseUrl: process.env['TEST_DATABASE_URL'], databaseSchema: schema } : {};
      const knowledge = await demoKnowledgeBase(location);
      db = knowledge.db;
      report = await evaluate(db, knowledge.botId, createExtractiveProvider());
      if (schema) await db.exec(`drop schema if exists ${schema} cascade`);
    });
    after(async () => {
      await db?.close();
      await dropTestSchemas();
    });

    it('asks at least 60 questions, out-of-scope ones among them', () => {
      assert.ok(report.figures.questions >= 60, `${report.figures.questions} questions`);
      assert.ok(report.figures.outOfScope >= 10);
    });

    it('finds the answering passage in the top three for 95 % of the questions, refuses every out-of-scope one, cites a wrong answer at most 2 % of the time', () => {
      const { figures } = report;
      assert.ok(figures.hitAt3 >= 0.95, `hit@3 ${figures.hitAt3}`);
      assert.equal(figures.refusalRecall, 1, `refused: ${report.outcomes.filter((o) => o.kind === 'out-of-scope' && !o.refused).map((o) => o.question).join(', ')}`);
      assert.ok(figures.wrongWithCitation <= 0.02, `wrong with a citation ${figures.wrongWithCitation}: ${report.outcomes.filter((o) => o.wrongWithCitation).map((o) => o.id).join(', ')}`);
    });

    it('does no worse than the recorded figures', () => {
      for (const [name, value] of Object.entries(recorded) as [keyof EvalFigures, unknown][]) {
        if (typeof value !== 'number') continue;
        const now = report.figures[name];
        if (LOWER_IS_BETTER.has(name)) assert.ok(now <= value, `${name}: ${now} > recorded ${value}`);
        else assert.ok(now >= value, `${name}: ${now} < recorded ${value}`);
      }
    });

    it('never quotes navigation, and suggests questions that are not formulaic', () => {
      for (const outcome of report.outcomes) {
        assert.ok(!outcome.problems.some((problem) => problem.startsWith('says')), `${outcome.id}: ${outcome.problems.join('; ')}`);
        assert.ok(!outcome.suggestionProblems.some((problem) => problem.startsWith('formulaic')), `${outcome.id}: ${outcome.suggestionProblems.join('; ')}`);
      }
    });
  });
}
