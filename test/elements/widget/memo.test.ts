import { expect, fixture, html } from '@open-wc/testing';
import { render } from 'lit';
import { memo } from '../../../src/ui/memo.js';

describe('memo (the guard on finished messages and Markdown blocks)', () => {
  it('draws again only when a dependency is another object, and leaves the part alone otherwise', async () => {
    const el = await fixture<HTMLElement>(html`<div></div>`);
    const message = { text: 'first' };
    const pack = { you: 'You' };
    const drawn: string[] = [];
    const draw = (deps: unknown[], text: string) =>
      render(
        html`<p>${memo(deps, () => {
          drawn.push(text);
          return text;
        })}</p>`,
        el,
      );

    draw([message, pack], 'one');
    const paragraph = el.querySelector('p')!;
    const node = paragraph.lastChild;
    expect(paragraph.textContent).to.equal('one');

    draw([message, pack], 'two');
    expect(drawn, 'the same dependencies are not drawn again').to.deep.equal(['one']);
    expect(paragraph.textContent).to.equal('one');
    expect(paragraph.lastChild).to.equal(node);

    draw([message, { ...pack }], 'three');
    expect(drawn, 'an equal but other object is a change').to.deep.equal(['one', 'three']);
    expect(paragraph.textContent).to.equal('three');

    draw([{ ...message }, pack], 'four');
    expect(drawn).to.deep.equal(['one', 'three', 'four']);

    draw([{ ...message }, pack], 'five');
    expect(drawn, 'a new message object is a change').to.deep.equal(['one', 'three', 'four', 'five']);
  });

  it('draws again when the list of dependencies grows or shrinks, even if the first ones are the same', async () => {
    const el = await fixture<HTMLElement>(html`<div></div>`);
    const message = {};
    const drawn: string[] = [];
    const draw = (deps: unknown[], text: string) =>
      render(
        memo(deps, () => {
          drawn.push(text);
          return text;
        }),
        el,
      );

    draw([message], 'short');
    draw([message, undefined], 'longer');
    draw([message], 'short again');
    draw([message], 'unchanged');
    expect(drawn).to.deep.equal(['short', 'longer', 'short again']);
    expect(el.textContent).to.equal('short again');
  });

  it('draws in a part of its own each time it is used in another place', async () => {
    const el = await fixture<HTMLElement>(html`<div></div>`);
    const deps = [{}];
    let draws = 0;
    const item = () =>
      memo(deps, () => {
        draws += 1;
        return html`<span>${draws}</span>`;
      });
    const list = (count: number) => render(html`${Array.from({ length: count }, item)}`, el);
    list(1);
    list(2);
    expect(draws, 'the first part keeps its drawing; the new one draws').to.equal(2);
    expect([...el.querySelectorAll('span')].map((span) => span.textContent)).to.deep.equal(['1', '2']);
  });
});
