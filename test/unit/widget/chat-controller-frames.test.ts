// The chat controller's frame pacing, driven without a browser: a fake element, the controller's two requests
// answered in memory, and a clock, its timers and animation frames run by hand at 60 Hz.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ChatController, type ChatControllerCallbacks } from '../../../src/widget/chat-controller.js';

const FRAME_MS = 1000 / 60;
const frames = new Map<number, FrameRequestCallback>();
const timers = new Map<number, { due: number; callback: () => void }>();
let nextId = 1;
let clock = 1000;
/** Animation frames that ran a callback of the controller. */
let framesRun = 0;
const saved: Record<string, unknown> = {};

before(() => {
  for (const name of ['window', 'document', 'requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout', 'performance']) {
    saved[name] = Reflect.get(globalThis, name);
  }
  const fakes = {
    window: { addEventListener() {}, removeEventListener() {} },
    document: { visibilityState: 'visible' },
    requestAnimationFrame: (callback: FrameRequestCallback) => {
      frames.set(nextId, callback);
      return nextId++;
    },
    cancelAnimationFrame: (id: number) => frames.delete(id),
    setTimeout: (callback: () => void, delay = 0) => {
      timers.set(nextId, { due: clock + Math.max(0, delay), callback });
      return nextId++;
    },
    clearTimeout: (id: number) => timers.delete(id),
    performance: { now: () => clock },
  };
  for (const [name, value] of Object.entries(fakes)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
});

after(() => {
  for (const [name, value] of Object.entries(saved)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
});

/** Moves the clock to `now`, firing the timers due by then in order. */
function advance(now: number): void {
  for (;;) {
    const [id, timer] = [...timers].sort(([, a], [, b]) => a.due - b.due)[0] ?? [];
    if (id === undefined || timer!.due > now) break;
    timers.delete(id);
    clock = Math.max(clock, timer!.due);
    timer!.callback();
  }
  clock = now;
}

/** Moves the clock to this frame's time, then runs the animation frame callbacks requested so far. */
function runFrame(now: number): void {
  advance(now);
  const due = [...frames.values()];
  frames.clear();
  if (due.length) framesRun += 1;
  for (const callback of due) callback(now);
}

/** Lets the streamed bytes travel through the client's readers. */
const settle = async () => {
  for (let round = 0; round < 5; round++) await new Promise((resolve) => setImmediate(resolve));
};

/** An element stand-in: connected, an event target, counting the updates it was asked for. */
class FakeElement extends EventTarget {
  isConnected = true;
  updates = 0;
  controllers: { hostConnected?(): void }[] = [];
  addController(controller: { hostConnected?(): void }): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  requestUpdate(): void {
    this.updates += 1;
  }
  readonly updateComplete = Promise.resolve(true);
}

/** A controller with a ready bot whose answers are bodies the test writes into. */
async function readyChat(callbacks?: ChatControllerCallbacks): Promise<{ chat: ChatController; body: () => ReadableStreamDefaultController<Uint8Array> | undefined }> {
  let body: ReadableStreamDefaultController<Uint8Array> | undefined;
  const fetchInMemory = (async (url: string) => {
    if (url.includes('/api/bot/information')) {
      return new Response(JSON.stringify({ bot_name: 'Bot', is_activate: true, num_message_left: null }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (body = controller) }), {
      headers: { 'content-type': 'text/plain' },
    });
  }) as unknown as typeof fetch;
  const element = new FakeElement();
  const chat = new ChatController(element as unknown as HTMLElement & FakeElement, callbacks);
  element.controllers.forEach((controller) => controller.hostConnected?.());
  chat.configure({ botId: 'bot', baseUrl: 'https://service.test', storage: 'none', fetch: fetchInMemory });
  await settle();
  assert.equal(chat.status, 'ready');
  return { chat, body: () => body };
}

describe('ChatController frames', () => {
  it('renders an answer streamed a token per frame at most every fourth frame, and all of it in the end', async () => {
    const { chat, body: bodyOf } = await readyChat();
    const encoder = new TextEncoder();
    assert.equal(chat.send('Count to forty'), true);
    await settle();
    const body = bodyOf();
    assert.ok(body, 'the answer was requested');

    const answerText = () => chat.conversation.messages.at(-1)!.text;
    const words = Array.from({ length: 40 }, (_, index) => `word${index} `);
    let now = clock;
    let renders = 0;
    framesRun = 0;
    for (const word of words) {
      body.enqueue(encoder.encode(word));
      await settle();
      const shown = answerText();
      runFrame((now += FRAME_MS));
      if (answerText() !== shown) renders += 1;
    }
    body.close();
    for (let frame = 0; frame < 10 && chat.busy; frame++) {
      await settle();
      runFrame((now += FRAME_MS));
    }
    await settle();
    assert.equal(chat.busy, false);
    assert.equal(chat.conversation.messages.at(-1)!.text, words.join('').trim());
    // One render every fourth frame at most (the first words go out at once, outside any frame).
    assert.ok(renders <= words.length / 4 + 1, `${renders} renders in ${words.length} frames`);
    assert.ok(renders >= words.length / 5, `${renders} renders in ${words.length} frames: the answer must keep moving`);
    // Between renders the controller waits with a timer, not frame after frame: a frame that draws nothing
    // still costs its lifecycle. The frames it asks for are the renders, the quiet one after the first words
    // and the one that draws the answer's end.
    assert.ok(framesRun <= renders + 3, `${framesRun} frames asked for, for ${renders} renders`);
  });

  it('draws the first words at once, then waits for what the element asks it to before drawing more', async () => {
    let arrived!: () => void;
    const extras = new Promise<void>((resolve) => (arrived = resolve));
    const seen: string[] = [];
    const { chat, body } = await readyChat({ onAnswerText: (text) => (seen.push(text), extras) });
    assert.equal(chat.send('A table?'), true);
    await settle();
    const text = `${'word '.repeat(200)}\n\n| a | b |\n|---|---|\n| 1 | 2 |`;
    body()!.enqueue(new TextEncoder().encode(text));
    await settle();
    assert.equal(seen.join(''), text.trim(), 'the element is told of the text before it is drawn');
    const answerText = () => chat.conversation.messages.at(-1)!.text;
    const first = answerText();
    assert.ok(first.length > 0 && first.length <= 380, `${first.length} characters drawn at once`);
    let now = clock;
    for (let frame = 0; frame < 6; frame++) {
      runFrame((now += FRAME_MS));
      await settle();
    }
    assert.equal(answerText(), first, 'nothing more is drawn while the element waits');
    arrived();
    body()!.close();
    for (let frame = 0; frame < 20 && chat.busy; frame++) {
      await settle();
      runFrame((now += FRAME_MS));
    }
    await settle();
    assert.equal(chat.busy, false);
    assert.equal(answerText(), text.trim());
  });

  it('draws the rest after 500 ms when what the element waits for never comes', async () => {
    const { chat, body } = await readyChat({ onAnswerText: () => new Promise<void>(() => undefined) });
    assert.equal(chat.send('A table?'), true);
    await settle();
    const text = `${'word '.repeat(200)}| a | b |`;
    body()!.enqueue(new TextEncoder().encode(text));
    body()!.close();
    await settle();
    const answerText = () => chat.conversation.messages.at(-1)!.text;
    const first = answerText();
    let now = clock;
    runFrame((now += FRAME_MS));
    await settle();
    assert.equal(answerText(), first, 'held at first');
    advance((now += 550));
    for (let frame = 0; frame < 20 && chat.busy; frame++) {
      await settle();
      runFrame((now += FRAME_MS));
    }
    await settle();
    assert.equal(chat.busy, false, 'the answer completed');
    assert.equal(answerText(), text.trim());
  });

  it('never cuts a character in two where it shows a burst in slices', async () => {
    const { chat, body } = await readyChat();
    assert.equal(chat.send('Smile a lot'), true);
    await settle();
    // One letter, then characters of two UTF-16 units each: the first slice's limit falls after a first half.
    const text = `a${'\u{1f600}'.repeat(1500)}`;
    body()!.enqueue(new TextEncoder().encode(text));
    await settle();
    const shown = chat.conversation.messages.at(-1)!.text;
    assert.ok(shown.length > 0 && shown.length < text.length, `${shown.length} of ${text.length} shown at once`);
    assert.ok(text.startsWith(shown));
    assert.doesNotMatch(shown, /[\ud800-\udbff]$/, 'the slice ends inside a character');
    body()!.close();
    let now = clock;
    for (let frame = 0; frame < 20 && chat.busy; frame++) {
      await settle();
      runFrame((now += FRAME_MS));
    }
    await settle();
    assert.equal(chat.conversation.messages.at(-1)!.text, text);
  });
});
