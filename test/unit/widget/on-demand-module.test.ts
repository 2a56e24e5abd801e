import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OnDemandModule } from '../../../src/widget/on-demand-module.js';

/** An element stand-in that counts the updates it was asked for. */
function host(): { updates: number; addController(): void; removeController(): void; requestUpdate(): void; updateComplete: Promise<boolean> } {
  return {
    updates: 0,
    addController() {},
    removeController() {},
    requestUpdate() {
      this.updates += 1;
    },
    updateComplete: Promise.resolve(true),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('OnDemandModule', () => {
  it('imports once, however often it is wanted, and asks its element to update when the module is in', async () => {
    const element = host();
    let imports = 0;
    const feature = new OnDemandModule(element, async () => ({ imported: ++imports }));
    feature.want('bot 1');
    feature.want('bot 1');
    assert.equal(feature.module, undefined);
    await settle();
    assert.deepEqual(feature.module, { imported: 1 });
    assert.equal(feature.failed, false);
    assert.equal(element.updates, 1);
    feature.want('bot 2');
    await settle();
    assert.equal(imports, 1);
  });

  it('reports a failed import, and tries again only for a new reason', async () => {
    const element = host();
    let attempts = 0;
    const feature = new OnDemandModule(element, async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { ok: true };
    });
    feature.want('bot 1');
    await settle();
    assert.equal(feature.failed, true);
    assert.equal(feature.module, undefined);
    assert.equal(element.updates, 1);
    feature.want('bot 1');
    await settle();
    assert.equal(attempts, 1);
    feature.want('bot 2');
    assert.equal(feature.failed, false);
    await settle();
    assert.equal(attempts, 2);
    assert.deepEqual(feature.module, { ok: true });
    assert.equal(element.updates, 2);
  });

  it('ignores the failure of an earlier import once a later one was asked for', async () => {
    const element = host();
    const pending: { reject: (error: Error) => void; resolve: (value: string) => void }[] = [];
    const feature = new OnDemandModule(element, () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject })));
    feature.want('first');
    feature.want('second');
    pending[0]!.reject(new Error('offline'));
    await settle();
    assert.equal(feature.failed, false);
    pending[1]!.resolve('module');
    await settle();
    assert.equal(feature.module, 'module');
  });
});
