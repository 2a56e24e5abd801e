import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { ApiError } from '../../../src/api/index.js';
import type { ChatbotErrorEvent, ChatbotMessageSentEvent, ChatbotSuggestionSelectEvent } from '../../../src/chatbot-widget.js';
import { formatAnswer } from '../../../src/stream/index.js';
import { jsonResponse } from './fake-service.js';
import {
  allByRole,
  answers,
  ask,
  byPart,
  byRole,
  lastAnswerText,
  mountWidget,
  nextEvent,
  part,
  parts,
  queryByRole,
  readEachFrame,
  settled,
} from './widget-helpers.js';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

describe('<chatbot-widget> streaming', () => {
  it('shows text as chunks arrive, marks the answer busy, and offers Stop meanwhile', async () => {
    const { el, service } = await mountWidget();
    const stream = service.queueManual();
    await ask(el, 'Hi');
    stream.push('*Answer:* Hel');
    await waitUntil(() => lastAnswerText(el) === 'Hel', 'first chunk not shown');
    expect(answers(el)[0]!.getAttribute('aria-busy')).to.equal('true');
    expect(part(el, 'stop-button').getAttribute('aria-label')).to.equal('Stop');
    stream.push('lo, **wor');
    await waitUntil(() => lastAnswerText(el) === 'Hello, wor');
    expect(byRole(byPart(part(el, 'bot-message'), 'bubble'), 'strong').textContent).to.equal('wor');
    stream.push('ld**\n\n*Suggest Questions:*\n1. More?\n');
    stream.close();
    await settled(el);
    expect(lastAnswerText(el)).to.equal('Hello, world');
    expect(parts(el, 'suggestion').map((chip) => chip.textContent)).to.deep.equal(['More?']);
    expect(part(el, 'send-button')).to.exist;
  });

  it('shows slow chunks one after another', async () => {
    const { el, service } = await mountWidget();
    service.queueAnswer('one two three four five six seven eight', [], { chunkSize: 6, delayMs: 40 });
    await ask(el, 'count');
    const seen = new Set<string>();
    await waitUntil(() => {
      seen.add(lastAnswerText(el));
      return answers(el)[0]?.getAttribute('aria-busy') === 'false';
    }, 'the slow answer did not finish', { interval: 10, timeout: 5000 });
    expect(seen.size).to.be.greaterThan(3);
    expect(lastAnswerText(el)).to.equal('one two three four five six seven eight');
  });

  it('shows a long burst over several frames, completing once all of it is shown', async () => {
    const { el, service } = await mountWidget();
    const paragraphs = Array.from({ length: 60 }, (_, index) => `Paragraph ${index} ${'word '.repeat(40)}`.trim());
    service.queue({ kind: 'text', body: formatAnswer({ answer: paragraphs.join('\n\n') }), chunkSize: 1 << 20 });
    const stop = readEachFrame(() => {
      const answer = parts(el, 'bot-message')[0];
      return answer ? allByRole(answer, 'paragraph').length : 0;
    });
    const complete = nextEvent(el, 'chatbot-answer-complete');
    await ask(el, 'Everything at once');
    await complete;
    const counts = new Set(stop());
    expect(allByRole(byPart(part(el, 'bot-message'), 'bubble'), 'paragraph')).to.have.length(60);
    // Drawn in slices: several different paragraph counts were seen on the way.
    expect([...counts].filter((count) => count > 0 && count < 60).length).to.be.greaterThan(2);
  });

  it('draws a burst in frames that start small and grow', async () => {
    const { el, service } = await mountWidget();
    const paragraphs = Array.from({ length: 40 }, (_, index) => `Paragraph ${index} ${'word '.repeat(40)}`.trim());
    service.queue({ kind: 'text', body: formatAnswer({ answer: paragraphs.join('\n\n') }), chunkSize: 1 << 20 });
    const drawnLength = () => {
      const answer = parts(el, 'bot-message')[0];
      return answer ? allByRole(byPart(answer, 'bubble'), 'paragraph').reduce((sum, paragraph) => sum + paragraph.textContent!.length, 0) : 0;
    };
    const stop = readEachFrame(drawnLength);
    const complete = nextEvent(el, 'chatbot-answer-complete');
    await ask(el, 'Everything at once');
    await complete;
    const lengths = stop().filter((length, index, all) => length !== (all[index - 1] ?? 0));
    const steps = lengths.map((length, index) => length - (lengths[index - 1] ?? 0));
    // 300 characters at once, then at most 450, 675, 1,012, 1,518 and 2,000 a frame, each cut at a space
    // within the 80 characters after its limit.
    expect(steps[0], `steps ${steps.join(', ')}`).to.be.within(1, 380);
    expect(steps[1], `steps ${steps.join(', ')}`).to.be.at.most(530);
    expect(steps[2], `steps ${steps.join(', ')}`).to.be.at.most(755);
    expect(Math.max(...steps), `steps ${steps.join(', ')}`).to.be.at.most(2080);
    expect(drawnLength()).to.equal(paragraphs.join('').length);
  });

  it('skips the pieces of a long list that are off screen, and draws them again when scrolled to', async () => {
    const { el, service } = await mountWidget();
    const items = Array.from({ length: 600 }, (_, index) => `${index + 1}. Item **${index + 1}** [link](https://example.com/${index + 1})`);
    service.queue({ kind: 'text', body: formatAnswer({ answer: items.join('\n') }), chunkSize: 1 << 20 });
    await ask(el, 'A long list');
    await settled(el);
    const bubble = byPart(part(el, 'bot-message'), 'bubble');
    const lists = [...bubble.querySelectorAll('ol')];
    // Lists of 256 items that continue each other (the Markdown renderer's pieces), the last one still whole.
    expect(lists.map((list) => [list.children.length, list.getAttribute('start')])).to.deep.equal([
      [256, '1'],
      [256, '257'],
      [88, '513'],
    ]);
    const firstItem = lists[0]!.firstElementChild!;
    const lastItem = lists[2]!.lastElementChild!;
    // The thread follows the answer to its end: the first piece is off screen, its items skipped by style,
    // layout and paint; the end of the answer is drawn.
    await nextFrame();
    await nextFrame();
    expect(lastItem.checkVisibility({ contentVisibilityAuto: true })).to.equal(true);
    expect(firstItem.checkVisibility({ contentVisibilityAuto: true })).to.equal(false);
    firstItem.scrollIntoView();
    await waitUntil(() => firstItem.checkVisibility({ contentVisibilityAuto: true }), 'the first piece was not drawn once scrolled to');
    expect(firstItem.textContent).to.equal('Item 1 link');
  });

  it('skips each piece of a long list off screen from its first draw: a piece that fills changes only its end margin', async () => {
    const { el, service } = await mountWidget();
    const items = Array.from({ length: 600 }, (_, index) => `${index + 1}. Item ${index + 1}`);
    service.queue({ kind: 'text', body: formatAnswer({ answer: `${items.join('\n')}\n\nAfter the list.` }), chunkSize: 500, delayMs: 5 });
    // The class of a list is set before the list is in the thread; only the changes of a drawn list are seen.
    const changes: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const list = record.target as Element;
        if (list.localName === 'ol') changes.push(`${list.getAttribute('start') ?? 1}: ${record.oldValue ?? 'none'} → ${list.getAttribute('class') ?? 'none'}`);
      }
    });
    observer.observe(el.shadowRoot!, { subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true });
    await ask(el, 'A long list');
    await settled(el);
    observer.disconnect();
    // The first list becomes a piece once it passes 64 items, while it is short (laid out again, once); the
    // later pieces are pieces from the start, and a finished one only becomes `cut`.
    expect(changes).to.deep.equal(['1: none → piece', '1: piece → piece cut', '257: piece → piece cut']);
    const lists = [...byPart(part(el, 'bot-message'), 'bubble').querySelectorAll('ol')];
    expect(lists.map((list) => getComputedStyle(list).contentVisibility)).to.deep.equal(['auto', 'auto', 'auto']);
    expect(lists.map((list) => getComputedStyle(list).marginBlockEnd === '0px')).to.deep.equal([true, true, false]);
  });

  it('draws a list of up to 64 items as a list of its own, not a piece skipped off screen', async () => {
    const { el, service } = await mountWidget();
    const list = (count: number) => Array.from({ length: count }, (_, index) => `${index + 1}. Item ${index + 1}`).join('\n');
    service.queue({ kind: 'text', body: formatAnswer({ answer: `${list(64)}\n\nBetween.\n\n${list(65)}` }), chunkSize: 1 << 20 });
    await ask(el, 'Two lists');
    await settled(el);
    const lists = [...byPart(part(el, 'bot-message'), 'bubble').querySelectorAll('ol')];
    expect(lists.map((each) => [each.children.length, each.getAttribute('class')])).to.deep.equal([
      [64, null],
      [65, 'piece'],
    ]);
    expect(lists.map((each) => getComputedStyle(each).contentVisibility)).to.deep.equal(['visible', 'auto']);
  });

  it('draws the end of an answer (its actions and suggestions) in a frame after its last text', async () => {
    const { el, service } = await mountWidget();
    // The time of the frame each batch of changes was made in (the document timeline's time is set once a frame).
    const batches: { frame: number; end: boolean; actions: boolean }[] = [];
    const observer = new MutationObserver(() => {
      const answer = parts(el, 'bot-message')[0];
      batches.push({ frame: Number(document.timeline.currentTime), end: answer?.textContent!.includes('END') ?? false, actions: answer?.querySelector('.meta') != null });
    });
    observer.observe(el.shadowRoot!, { subtree: true, childList: true, characterData: true });
    service.queueAnswer(`${'Some words of the answer. '.repeat(200)}END`, ['More?']);
    await ask(el, 'Long');
    await settled(el);
    observer.disconnect();
    const lastText = batches.find((batch) => batch.end)!;
    const ended = batches.find((batch) => batch.actions)!;
    expect(ended.frame).to.be.greaterThan(lastText.frame);
  });

  it('sends the history of earlier turns (answer text only) and one session id', async () => {
    const { el, service } = await mountWidget();
    service.queueAnswer('First **answer**', ['Ignored?']);
    await ask(el, 'First question');
    await settled(el);
    service.queueAnswer('Second answer');
    await ask(el, 'Second question');
    await settled(el);
    const [first, second] = service.streamBodies;
    expect(first!['chat_history']).to.deep.equal([]);
    expect(second!['chat_history']).to.deep.equal([
      { sender_type: 'user', content: 'First question' },
      { sender_type: 'assistant', content: 'First **answer**' },
    ]);
    expect(first!['session_id']).to.be.a('string').and.equal(second!['session_id']);
    expect(first!['session_id']).to.match(/^[0-9a-f-]{36}$/);
  });

  it('sends the type-qa attribute and per-request settings', async () => {
    const { el, service } = await mountWidget({ bot: { temperature: 0.3, gpt_model_name: 'gpt-4', rules: ['Be brief'] } });
    el.typeQa = 'faq';
    el.settings = { temperature: 0.9 };
    await el.updateComplete;
    await ask(el, 'Q');
    await settled(el);
    const request = service.requests.find((entry) => entry.url.pathname.includes('streaming'))!;
    expect(request.url.searchParams.get('type_qa')).to.equal('faq');
    // Only the host's settings are sent; the bot's own apply on the service otherwise.
    expect(service.streamBodies[0]).to.include({ type_qa: 'faq', temperature: 0.9 });
    expect(service.streamBodies[0]).to.not.have.any.keys('gpt_model_name', 'rules', 'custom_prompt', 'is_enable_citation');
  });

  it('sends a suggestion on click and on Enter', async () => {
    const { el, service } = await mountWidget();
    service.queueAnswer('Pick one', ['Alpha?', 'Beta?']);
    service.queueAnswer('Beta it is', ['Gamma?', 'Delta?']);
    service.queueAnswer('Delta it is');
    await ask(el, 'start');
    await settled(el);
    const picked = nextEvent(el, 'chatbot-suggestion-select');
    const sent = nextEvent(el, 'chatbot-message-sent');
    parts<HTMLButtonElement>(el, 'suggestion')[1]!.click();
    expect(((await picked) as ChatbotSuggestionSelectEvent).question).to.equal('Beta?');
    expect(((await sent) as ChatbotMessageSentEvent).message).to.equal('Beta?');
    await settled(el);
    await waitUntil(() => parts(el, 'suggestion').length === 2);
    parts<HTMLButtonElement>(el, 'suggestion')[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    const sentByKey = nextEvent(el, 'chatbot-message-sent');
    await sendKeys({ press: 'Enter' });
    expect(((await sentByKey) as ChatbotMessageSentEvent).message).to.equal('Delta?');
    await settled(el);
    expect(service.streamBodies.map((body) => body['message'])).to.deep.equal(['start', 'Beta?', 'Delta?']);
  });

  it('does not send a suggestion whose select event was cancelled', async () => {
    const { el, service } = await mountWidget();
    service.queueAnswer('Pick', ['Nope?']);
    await ask(el, 'start');
    await settled(el);
    el.addEventListener('chatbot-suggestion-select', (event) => event.preventDefault(), { once: true });
    parts<HTMLButtonElement>(el, 'suggestion')[0]!.click();
    await el.updateComplete;
    expect(service.streamBodies).to.have.length(1);
  });

  it('keeps the partial answer when stopped, then retries it', async () => {
    const { el, service } = await mountWidget();
    const stream = service.queueManual();
    await ask(el, 'Tell me a story');
    stream.push('*Answer:* Once upon a time');
    await waitUntil(() => lastAnswerText(el) === 'Once upon a time');
    part<HTMLButtonElement>(el, 'stop-button').click();
    await el.updateComplete;
    expect(lastAnswerText(el)).to.equal('Once upon a time');
    expect(answers(el)[0]!.getAttribute('aria-busy')).to.equal('false');
    expect(answers(el)[0]!.textContent).to.contain('Stopped.');
    stream.push(' there was more');
    await nextFrame();
    expect(lastAnswerText(el)).to.equal('Once upon a time');
    service.queueAnswer('A complete story.');
    byRole<HTMLButtonElement>(answers(el)[0]!, 'button', { name: 'Retry' }).click();
    await settled(el);
    expect(answers(el)).to.have.length(1);
    expect(lastAnswerText(el)).to.equal('A complete story.');
    expect(service.streamBodies[1]).to.include({ message: 'Tell me a story' });
    expect(service.streamBodies[1]!['chat_history']).to.deep.equal([]);
  });
});

describe('<chatbot-widget> failures', () => {
  it('keeps a failed answer with Retry and the generic message', async () => {
    const { el, service } = await mountWidget();
    service.queue({ kind: 'response', response: () => jsonResponse({ message: 'Internal error' }, 500) });
    const failed = nextEvent(el, 'chatbot-error');
    await ask(el, 'Hello?');
    const error = (await failed) as ChatbotErrorEvent;
    expect(error).to.include({ operation: 'answer', kind: 'service' });
    expect(error.error.name).to.equal('ApiError');
    await settled(el);
    const note = part(el, 'error');
    expect(note.textContent).to.contain('Something went wrong. Please try again.');
    service.queueAnswer('Now it works');
    byRole<HTMLButtonElement>(note, 'button', { name: 'Retry' }).click();
    await settled(el);
    expect(lastAnswerText(el)).to.equal('Now it works');
    expect(parts(el, 'error')).to.have.length(0);
  });

  it('explains too many messages (429), keeps the question, and asks again with Retry', async () => {
    const { el, service } = await mountWidget();
    service.queue({
      kind: 'response',
      response: () =>
        new Response(JSON.stringify({ message: 'Too many messages: wait a moment before sending another.', message_code: 1009 }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '42' },
        }),
    });
    const failed = nextEvent(el, 'chatbot-error');
    await ask(el, 'Is the shop open on Sunday?');
    const error = (await failed) as ChatbotErrorEvent;
    expect(error).to.include({ operation: 'answer', kind: 'rate-limited' });
    expect((error.error as ApiError).retryAfterSeconds).to.equal(42);
    await settled(el);
    const note = part(el, 'error');
    expect(note.textContent).to.contain('This assistant cannot answer any more messages right now. Please come back later.');
    expect(parts(el, 'user-message').map((message) => message.textContent)).to.satisfy((texts: string[]) =>
      texts.some((text) => text.includes('Is the shop open on Sunday?')),
    );
    service.queueAnswer('Yes, from ten to four.');
    byRole<HTMLButtonElement>(note, 'button', { name: 'Retry' }).click();
    await settled(el);
    expect(lastAnswerText(el)).to.equal('Yes, from ten to four.');
    expect(service.streamBodies[1]).to.include({ message: 'Is the shop open on Sunday?' });
  });

  it("shows the bot's custom error message on failure", async () => {
    const { el, service } = await mountWidget({ bot: { custom_error_message: 'Our assistant is resting, email us.' } });
    service.queue({ kind: 'network' });
    await ask(el, 'Hello?');
    await settled(el);
    expect(part(el, 'error').textContent).to.contain('Our assistant is resting, email us.');
  });

  it('keeps the text of an answer cut off mid-stream, with Retry', async () => {
    const { el, service } = await mountWidget();
    const stream = service.queueManual();
    const failed = nextEvent(el, 'chatbot-error');
    await ask(el, 'Long answer please');
    stream.push('*Answer:* The first half');
    await waitUntil(() => lastAnswerText(el) === 'The first half');
    stream.fail();
    expect(((await failed) as ChatbotErrorEvent).kind).to.equal('network');
    await settled(el);
    expect(lastAnswerText(el)).to.equal('The first half');
    expect(part(el, 'error').textContent).to.contain('The answer did not arrive completely.');
    expect(queryByRole(part(el, 'error'), 'button', { name: 'Retry' })).to.exist;
  });

  it('explains a network failure', async () => {
    const { el, service } = await mountWidget();
    service.queue({ kind: 'network' });
    await ask(el, 'Hello?');
    await settled(el);
    expect(part(el, 'error').textContent).to.contain('Could not reach the service');
  });

  it('treats an empty stream as a failed answer', async () => {
    const { el, service } = await mountWidget();
    service.queue({ kind: 'text', body: '' });
    const failed = nextEvent(el, 'chatbot-error');
    await ask(el, 'Hello?');
    expect(((await failed) as ChatbotErrorEvent).kind).to.equal('empty');
    await settled(el);
    expect(part(el, 'error').textContent).to.contain('No answer came back.');
  });

  it('treats a stream of only markers as a failed answer', async () => {
    const { el, service } = await mountWidget();
    service.queue({ kind: 'text', body: '*Answer:* \n\n*Suggest Questions:*\n' });
    await ask(el, 'Hello?');
    await settled(el);
    expect(part(el, 'error').textContent).to.contain('No answer came back.');
  });

  it('reports a malformed body (an error object with status 200) as a failure', async () => {
    const { el, service } = await mountWidget();
    service.queue({ kind: 'response', response: () => jsonResponse({ detail: 'Model overloaded' }) });
    const failed = nextEvent(el, 'chatbot-error');
    await ask(el, 'Hello?');
    const error = (await failed) as ChatbotErrorEvent;
    expect(error.operation).to.equal('answer');
    await settled(el);
    expect(queryByRole(part(el, 'error'), 'button', { name: 'Retry' })).to.exist;
  });

  it('shows a body that is not valid UTF-8 with replacement characters rather than failing', async () => {
    const { el, service } = await mountWidget();
    service.queue({
      kind: 'response',
      response: () => new Response(new Uint8Array([...new TextEncoder().encode('*Answer:* ok '), 0xff, 0xfe]), { status: 200 }),
    });
    await ask(el, 'Hello?');
    await settled(el);
    expect(lastAnswerText(el)).to.equal('ok \ufffd\ufffd');
  });

  it('explains an answer refused because no messages are left', async () => {
    const { el, service } = await mountWidget();
    service.queue({ kind: 'response', response: () => jsonResponse({ message: 'No messages left', message_code: 1004 }, 402) });
    const failed = nextEvent(el, 'chatbot-error');
    await ask(el, 'Hello?');
    expect(((await failed) as ChatbotErrorEvent).kind).to.equal('no-messages');
    await settled(el);
    expect(part(el, 'error').textContent).to.contain('cannot answer any more messages');
  });

  it('answers over server-sent events too', async () => {
    const { el, service } = await mountWidget();
    const body = formatAnswer({ answer: 'Via SSE', suggestions: ['Next?'] })
      .split(/(?<=\n)/)
      .map((line) => `data: ${JSON.stringify(line)}\n\n`)
      .join('');
    service.queue({ kind: 'response', response: () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }) });
    await ask(el, 'Hello?');
    await settled(el);
    expect(lastAnswerText(el)).to.contain('Via SSE');
  });
});
