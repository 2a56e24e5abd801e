// `npm run eval:answers`: asks the demo site's bot every question of test/answer-eval/questions.json and
// prints retrieval hit@1/hit@3, answer accuracy, wrong answers with a citation, refusal precision/recall
// and suggestion answerability, then each question that went wrong.
//   npm run eval:answers                     the built-in extractive provider, embedded PostgreSQL
//   npm run eval:answers -- --provider openai   the OpenAI-compatible provider (OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL)
//   npm run eval:answers -- --json           the whole report as JSON
//   DATABASE_URL=postgres://… npm run eval:answers   on a PostgreSQL server (in a schema of its own, dropped after)
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createExtractiveProvider } from '../demo/server/answer/extractive.js';
import { createOpenAiProvider, openAiSettingsFromEnv } from '../demo/server/answer/openai.js';
import { demoKnowledgeBase, evaluate } from '../test/answer-eval/evaluate.js';

const { values } = parseArgs({ options: { provider: { type: 'string', default: 'extractive' }, json: { type: 'boolean', default: false } } });

let provider;
if (values.provider === 'openai') {
  const settings = openAiSettingsFromEnv(process.env);
  if (!settings) {
    console.error('Set OPENAI_BASE_URL (and OPENAI_API_KEY, OPENAI_MODEL as the endpoint needs) to evaluate the OpenAI-compatible provider.');
    process.exit(2);
  }
  provider = createOpenAiProvider(settings);
} else if (values.provider === 'extractive') {
  provider = createExtractiveProvider();
} else {
  console.error(`Unknown provider "${values.provider}": use extractive or openai.`);
  process.exit(2);
}

const databaseUrl = process.env['DATABASE_URL'];
const schema = databaseUrl ? `answer_eval_${randomBytes(4).toString('hex')}` : undefined;
const started = performance.now();
const { db, botId } = await demoKnowledgeBase({ databaseUrl, databaseSchema: schema });
try {
  const report = await evaluate(db, botId, provider);
  if (values.json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    const f = report.figures;
    const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
    console.log(`Answer evaluation: ${provider.name}, ${databaseUrl ? 'PostgreSQL' : 'embedded PostgreSQL (PGlite)'}`);
    console.log(`${f.questions} questions: ${f.inScope} in scope, ${f.outOfScope} out of scope\n`);
    console.log(`retrieval hit@1             ${percent(f.hitAt1)}`);
    console.log(`retrieval hit@3             ${percent(f.hitAt3)}`);
    console.log(`answer accuracy             ${percent(f.answerAccuracy)}`);
    console.log(`wrong with a citation       ${percent(f.wrongWithCitation)}`);
    console.log(`refusal precision           ${percent(f.refusalPrecision)}`);
    console.log(`refusal recall              ${percent(f.refusalRecall)}`);
    console.log(`suggestion answerability    ${percent(f.suggestionAnswerability)}`);
    console.log(`suggestions repeating       ${percent(f.suggestionRepeats)}`);
    console.log(`suggestions per answer      ${f.suggestionsPerAnswer}`);
    const wrong = report.outcomes.filter(
      (outcome) => !outcome.correct || (outcome.kind !== 'out-of-scope' && outcome.rank !== 1) || outcome.suggestionProblems.length > 0,
    );
    if (wrong.length > 0) console.log('\nQuestions that went wrong, or whose passage was not ranked first:');
    for (const outcome of wrong) {
      console.log(`\n- ${outcome.id} "${outcome.question}" (rank ${outcome.rank || 'none'}) ${[...outcome.problems, ...outcome.suggestionProblems].join('; ')}`);
      console.log(`  ${outcome.answer.replace(/\n+/g, ' ⏎ ').slice(0, 400)}`);
    }
    console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  if (schema) await db.exec(`drop schema if exists ${schema} cascade`);
  await db.close();
}
