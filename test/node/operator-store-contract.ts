/**
 * What every operator store keeps, run against each implementation: SQLite in the data folder
 * (operator-state.test.ts) and an index of a live OpenSearch cluster (operator-state-cluster.test.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { cachedView, SERVICE_SCOPE, type OperatorStore } from '../../packages/civic-search/src/operator-state';

/** Where a test's records live: each `open()` is one more handle on that same place, as another process would hold. */
export interface StorePlace {
  open(): Promise<OperatorStore>;
}

/** A busy two-core machine's own delay on top of a store's time to live. */
const SLACK_MS = 2_000;

/** Reads `view` until it answers `expected`; fails when it still does not after `withinMs`. */
async function readsWithin<V>(view: { read(): Promise<V> }, expected: V, withinMs: number): Promise<void> {
  const started = performance.now();
  for (;;) {
    const value = await view.read();
    if (isDeepStrictEqual(value, expected)) return;
    if (performance.now() - started > withinMs) assert.deepEqual(value, expected, `not seen within ${withinMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function operatorStoreContract(name: string, fresh: () => Promise<StorePlace>, options: { skip?: string | boolean } = {}): void {
  describe(`operator store contract (${name})`, { skip: options.skip }, () => {
    it('keeps records per collection and scope, listed in the order first written, and paged', async () => {
      const place = await fresh();
      const store = await place.open();
      const curations = store.collection<{ queries: string[] }>('curations');
      await curations.put('council', 'cur-1', { queries: ['rates'] });
      await curations.put('council', 'cur-2', { queries: ['bins'] });
      await curations.put('library', 'cur-1', { queries: ['loans'] });
      await curations.put('council', 'cur-3', { queries: ['parking'] });
      // Replacing a value keeps the record's place in the order.
      await curations.put('council', 'cur-1', { queries: ['rates', 'pay rates'] });
      await store.collection('synonym-sets').put('council', 'cur-1', { synonyms: ['a', 'b'] });

      const all = await curations.all('council');
      assert.deepEqual(
        all.map(({ id }) => id),
        ['cur-1', 'cur-2', 'cur-3'],
      );
      assert.deepEqual(all[0].value, { queries: ['rates', 'pay rates'] });
      const second = await curations.list('council', { offset: 1, limit: 1 });
      assert.equal(second.total, 3);
      assert.deepEqual(
        second.records.map(({ id }) => id),
        ['cur-2'],
      );
      assert.deepEqual((await curations.get('library', 'cur-1'))?.value, { queries: ['loans'] });
      assert.equal(await curations.get('library', 'cur-2'), undefined);
      await store.close();
    });

    it('creates only when the id is free, deletes one record or a whole scope, and says when nothing was there', async () => {
      const place = await fresh();
      const store = await place.open();
      const keys = store.collection<{ name: string }>('credentials');
      assert.equal(await keys.create(SERVICE_SCOPE, 'search-key', { name: 'search-key' }), true);
      assert.equal(await keys.create(SERVICE_SCOPE, 'search-key', { name: 'other' }), false);
      assert.equal((await keys.get(SERVICE_SCOPE, 'search-key'))?.value.name, 'search-key');
      assert.equal(await keys.delete(SERVICE_SCOPE, 'search-key'), true);
      assert.equal(await keys.delete(SERVICE_SCOPE, 'search-key'), false);

      const settings = store.collection<object>('search-settings');
      await settings.put('council', 'a', {});
      await settings.put('council', 'b', {});
      await settings.put('library', 'a', {});
      assert.equal(await settings.deleteScope('council'), 2);
      assert.equal(await settings.deleteScope('council'), 0);
      assert.equal((await settings.all('library')).length, 1);
      await store.close();
    });

    it('moves its revision on every change and only then, so caches in this process or another see it', async () => {
      const place = await fresh();
      const writer = await place.open();
      const reader = await place.open();
      const sets = writer.collection<string[]>('synonym-sets');
      let loads = 0;
      const view = cachedView(reader, async () => {
        loads += 1;
        return (await reader.collection<string[]>('synonym-sets').all('council')).map(({ value }) => value);
      });
      // A change reaches the other handle's cache within the revision's time to live (at once for SQLite).
      const seen = (expected: string[][]) => readsWithin(view, expected, reader.revisionTtlMs + SLACK_MS);
      assert.deepEqual(await view.read(), []);
      await sets.put('council', 's1', ['rubbish', 'refuse']);
      await seen([['rubbish', 'refuse']]);
      assert.deepEqual(await view.read(), [['rubbish', 'refuse']]);
      assert.equal(loads, 2, 'a read with no change in between is served from the cache');
      const before = await writer.revision();
      assert.equal(await sets.delete('council', 'missing'), false);
      assert.equal(await sets.create('council', 's1', ['other']), false);
      assert.equal(await writer.revision(), before, 'a change that changed nothing leaves the revision');
      await sets.delete('council', 's1');
      await seen([]);
      await writer.close();
      await reader.close();
    });
  });
}
