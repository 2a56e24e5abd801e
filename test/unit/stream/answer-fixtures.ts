/** A realistic answer body and what a reader must get from it. */
export interface AnswerFixture {
  name: string;
  body: string;
  /** The answer text exactly as the merged text deltas must spell it. */
  answer: string;
  /** The suggested questions, or undefined when the body has no suggestions marker (no event at all). */
  questions: string[] | undefined;
}

const DOCUMENTED_QUESTIONS = [
  'What services do you offer?',
  'How do I reset my password?',
  'Where is your office located?',
  'Can I talk to a human?',
];

const CODE_ANSWER = [
  'Use `fetch` with a reader:',
  '',
  '```ts',
  'const res = await fetch(url);',
  'for (const line of text.split("\\n")) {',
  '  // *Answer:* and **bold** stay inside code',
  '  console.log({ "a": 1 });',
  '}',
  '```',
  '',
  '| Option | Default |',
  '| ------ | ------- |',
  '| `timeout` | 30 s |',
  '',
  '1. First step',
  '2. Second step',
  '   - nested *item*',
].join('\n');

export const ANSWER_FIXTURES: AnswerFixture[] = [
  {
    name: 'the documented body',
    body: `*Answer:* Hello! How can I assist you today?\n\n*Suggest Questions:*\n${DOCUMENTED_QUESTIONS.map((q, i) => `${i + 1}. ${q}`).join('\n')}`,
    answer: 'Hello! How can I assist you today?',
    questions: DOCUMENTED_QUESTIONS,
  },
  {
    name: 'bold markers and parenthesised numbers',
    body: '**Answer:** Our plans start at **$9/month**.\n\n**Suggested Questions:**\n1) Is there a free trial?\n2) Can I pay yearly?',
    answer: 'Our plans start at **$9/month**.',
    questions: ['Is there a free trial?', 'Can I pay yearly?'],
  },
  {
    name: 'plain markers with dash bullets',
    body: 'Answer: Yes, exports are CSV.\nSuggested questions:\n- How do I export?\n- Which columns are included?',
    answer: 'Yes, exports are CSV.',
    questions: ['How do I export?', 'Which columns are included?'],
  },
  {
    name: 'emphasis closed before the colon',
    body: '*Answer*: It depends on the plan.\n\n*Suggested Questions*:\n* What plans exist?\n* How do I upgrade?',
    answer: 'It depends on the plan.',
    questions: ['What plans exist?', 'How do I upgrade?'],
  },
  {
    name: 'bold closed before the colon with spaces and round bullets',
    body: '**Answer** : Ok.\n\n**Suggested Questions** :\n\u2022 First?\n\u2022 Second?',
    answer: 'Ok.',
    questions: ['First?', 'Second?'],
  },
  {
    name: 'upper case markers',
    body: 'ANSWER: WE ARE OPEN 9-5.\n\nSUGGESTED QUESTIONS:\n1. ARE YOU OPEN ON SUNDAY?',
    answer: 'WE ARE OPEN 9-5.',
    questions: ['ARE YOU OPEN ON SUNDAY?'],
  },
  {
    name: 'mixed case with spaces inside the emphasis',
    body: '** answer :** Fine.\n\n* suggest   questions: *\n1. One?',
    answer: 'Fine.',
    questions: ['One?'],
  },
  {
    name: 'markdown headings as markers, bare suggestions line',
    body: '### Answer:\nThe **limit** is 10 MB.\n\n### Suggested Questions\n1. Can I raise it?\n2. What happens above it?',
    answer: 'The **limit** is 10 MB.',
    questions: ['Can I raise it?', 'What happens above it?'],
  },
  {
    name: 'bold bare suggestions line with CRLF',
    body: '*Answer:* Done.\r\n\r\n**Suggested Questions**\r\n1. Next?\r\n',
    answer: 'Done.',
    questions: ['Next?'],
  },
  {
    name: 'full-width colon',
    body: '*Answer\uff1a* \u662f\u7684\u3002\n\n*Suggested Questions\uff1a*\n1. \u4e3a\u4ec0\u4e48\uff1f',
    answer: '\u662f\u7684\u3002',
    questions: ['\u4e3a\u4ec0\u4e48\uff1f'],
  },
  {
    name: 'no answer marker, suggestions present',
    body: 'Sure \u2014 here is how it works.\n\nSuggested Questions:\n- Does it cost extra?',
    answer: 'Sure \u2014 here is how it works.',
    questions: ['Does it cost extra?'],
  },
  {
    name: 'no markers at all',
    body: '# Title\n\nSome *markdown* text.\n\n- a\n- b\n',
    answer: '# Title\n\nSome *markdown* text.\n\n- a\n- b',
    questions: undefined,
  },
  {
    name: 'suggestions marker only',
    body: '*Suggest Questions:*\n1. Only questions?',
    answer: '',
    questions: ['Only questions?'],
  },
  { name: 'answer marker only', body: '*Answer:*', answer: '', questions: undefined },
  { name: 'bold answer marker only, unfinished', body: '**Answer:*', answer: '', questions: undefined },
  { name: 'empty body', body: '', answer: '', questions: undefined },
  { name: 'whitespace only', body: ' \n\t\r\n ', answer: '', questions: undefined },
  {
    name: 'suggestions marker with an empty list',
    body: '*Answer:* Nothing more to add.\n\n*Suggest Questions:*\n\n',
    answer: 'Nothing more to add.',
    questions: [],
  },
  {
    name: 'suggestions marker at the very end',
    body: '*Answer:* Bye.\n\n**Suggested Questions**',
    answer: 'Bye.',
    questions: [],
  },
  {
    name: 'mentions suggested questions mid-line and in prose lines',
    body:
      '*Answer:* Click one of the suggested questions: they appear below.\n' +
      'Suggested questions are generated for you.\n' +
      '* Suggested questions help visitors.\n' +
      '**Suggestion:** keep it short.\n' +
      'Suggest questions to your team.',
    answer:
      'Click one of the suggested questions: they appear below.\n' +
      'Suggested questions are generated for you.\n' +
      '* Suggested questions help visitors.\n' +
      '**Suggestion:** keep it short.\n' +
      'Suggest questions to your team.',
    questions: undefined,
  },
  {
    name: 'a marker indented past the marker limit stays in the answer',
    body: `Intro\n${' '.repeat(70)}Suggested Questions: not a marker\nEnd`,
    answer: `Intro\n${' '.repeat(70)}Suggested Questions: not a marker\nEnd`,
    questions: undefined,
  },
  {
    name: 'words that start like the answer marker',
    body: 'Answers vary by plan.\nAnswer: not a marker here.',
    answer: 'Answers vary by plan.\nAnswer: not a marker here.',
    questions: undefined,
  },
  {
    name: 'answer the question, not a marker',
    body: 'Answer the form below: it takes a minute.',
    answer: 'Answer the form below: it takes a minute.',
    questions: undefined,
  },
  {
    name: 'CRLF throughout, hard line breaks kept',
    body: '*Answer:* Line one  \r\nline two\r\n\r\n- item\r\n\r\n*Suggest Questions:*\r\n1. Why?\r\n2. How?\r\n',
    answer: 'Line one  \nline two\n\n- item',
    questions: ['Why?', 'How?'],
  },
  {
    name: 'trailing prose after the list',
    body: '*Answer:* See below.\n\n*Suggest Questions:*\n1. A?\n2. B?\n\nLet me know if you need anything else!\n3. C?',
    answer: 'See below.',
    questions: ['A?', 'B?'],
  },
  {
    name: 'intro line and question lines before the list',
    body: '*Answer:* Ok.\n\n*Suggest Questions:*\nHere are some questions you might ask:\nIs it free?\n1. How fast is it?\n- Is it safe?',
    answer: 'Ok.',
    questions: ['Is it free?', 'How fast is it?', 'Is it safe?'],
  },
  {
    name: 'unnumbered questions only',
    body: '*Answer:* Ok.\n\n*Suggest Questions:*\n*What is it?*\n"How does it work?"\nThanks.',
    answer: 'Ok.',
    questions: ['What is it?', 'How does it work?'],
  },
  {
    name: 'quoted, emphasised, duplicate and empty questions',
    body:
      '*Answer:* Ok.\n\n*Suggest Questions:*\n' +
      '1. "What is it?"\n2. **How does it work?**\n3. What is it?\n4.\n5. `Why?`\n6. \u201cWho?\u201d\n7. ***Where?***\n8. **9. Nested?**',
    answer: 'Ok.',
    questions: ['What is it?', 'How does it work?', 'Why?', 'Who?', 'Where?', '9. Nested?'],
  },
  {
    name: 'whole emphasised list items',
    body: '*Answer:* Ok.\n\n*Suggest Questions:*\n**1. Bold item?**\n**2. Another?**',
    answer: 'Ok.',
    questions: ['Bold item?', 'Another?'],
  },
  {
    name: 'questions on the marker line',
    body: '*Answer:* Ok.\n*Suggest Questions:* 1. Same line?\n2. Next line?',
    answer: 'Ok.',
    questions: ['Same line?', 'Next line?'],
  },
  {
    name: 'leading whitespace, blank lines, a tab after the marker',
    body: '\n\n  *Answer:*\t\n\n   Indented start.   \n\n\n*Suggest Questions:*\n   1.   Spaced?   \n\n   2. Blank lines between?\n',
    answer: 'Indented start.',
    questions: ['Spaced?', 'Blank lines between?'],
  },
  {
    name: 'byte order mark before the marker',
    body: '\ufeff*Answer:* Hi.',
    answer: 'Hi.',
    questions: undefined,
  },
  {
    name: 'code fences, tables and lists',
    body: `*Answer:* ${CODE_ANSWER}\n\n*Suggest Questions:*\n1. How do I cancel a request?`,
    answer: CODE_ANSWER,
    questions: ['How do I cancel a request?'],
  },
  {
    name: 'emoji, CJK, Arabic and combining marks',
    body:
      '*Answer:* \ud83d\udc4b\ud83c\udffd Hello! \u4f60\u597d\uff0c\u4e16\u754c\u3002 \u0645\u0631\u062d\u0628\u0627 \u0628\u0643\u0645 \ud83c\uddef\ud83c\uddf5 cafe\u0301 \ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67\n\n' +
      '*Suggest Questions:*\n1. \u65e5\u672c\u8a9e\u3067\u8a71\u305b\u307e\u3059\u304b\uff1f\n2. \u0647\u0644 \u062a\u062a\u062d\u062f\u062b \u0627\u0644\u0639\u0631\u0628\u064a\u0629\u061f\n3. \ud83d\ude80 Launch?',
    answer:
      '\ud83d\udc4b\ud83c\udffd Hello! \u4f60\u597d\uff0c\u4e16\u754c\u3002 \u0645\u0631\u062d\u0628\u0627 \u0628\u0643\u0645 \ud83c\uddef\ud83c\uddf5 cafe\u0301 \ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67',
    questions: [
      '\u65e5\u672c\u8a9e\u3067\u8a71\u305b\u307e\u3059\u304b\uff1f',
      '\u0647\u0644 \u062a\u062a\u062d\u062f\u062b \u0627\u0644\u0639\u0631\u0628\u064a\u0629\u061f',
      '\ud83d\ude80 Launch?',
    ],
  },
  {
    name: 'non-breaking and ideographic spaces are trimmed like String.trim',
    body: '*Answer:*\u00a0\u3000Wide space.\u00a0\n\n*Suggest Questions:*\n1.\u00a0Nbsp?',
    answer: 'Wide space.',
    questions: ['Nbsp?'],
  },
  {
    name: 'markers padded with no-break spaces, French style',
    body: '*Answer\u00a0:* Bonjour.\n\n**Suggest\u00a0Questions\u202f:**\n1. Quoi\u00a0?',
    answer: 'Bonjour.',
    questions: ['Quoi\u00a0?'],
  },
  {
    name: 'markers padded with other Unicode spaces',
    body: '\u2003*\u2009Answer\u3000:*\u2007Text.\n\u205f**Suggested\u2000Questions:**\u00a0\n- Q?',
    answer: 'Text.',
    questions: ['Q?'],
  },
  {
    name: 'lone CR line ends',
    body: '*Answer:*\rOne\rTwo\r\r*Suggest Questions:*\r1. First?\r2. Second?',
    answer: 'One\nTwo',
    questions: ['First?', 'Second?'],
  },
  {
    name: 'mixed CR, CRLF and Unicode line separators',
    body: '**Answer:**\r\nA\rB\u2028C\u2029D\u0085\r\n**Suggest Questions:**\u20281. Q?',
    answer: 'A\nB\nC\nD',
    questions: ['Q?'],
  },
  {
    name: 'a second answer marker is text',
    body: '*Answer:* *Answer:* twice',
    answer: '*Answer:* twice',
    questions: undefined,
  },
  {
    name: 'a long multi-paragraph answer',
    body:
      '**Answer:**\n\n' +
      Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} talks about *topic ${i + 1}* and ends here.`).join('\n\n') +
      '\n\n**Suggested Questions:**\n1. More?',
    answer: Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} talks about *topic ${i + 1}* and ends here.`).join('\n\n'),
    questions: ['More?'],
  },
];
