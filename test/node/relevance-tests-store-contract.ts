import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { OperatorCollection, OperatorStore } from '../../packages/civic-search/src/operator-state';
import { BackendUnavailableError } from '../../packages/civic-search/src/search/types';
import { RELEVANCE_TEST_LIMITS, RelevanceTestStore, type RelevanceRun } from '../../packages/civic-search/src/relevance-tests';
import { COLLECTIONS } from '../../packages/civic-search/src/relevance-tests/store';

/**
 * An engine's relevance tests and run history in an operator store, as every store must keep them (SQLite in the
 * data folder, an index of the cluster): `open` gives a new handle on one place, as another process would, and
 * closing it loses nothing.
 */
export interface RelevanceStorePlace {
  open(): Promise<OperatorStore> | OperatorStore;
}

const one = (query: string, document = `page-${query}`) => ({ query, expected: [{ document, grade: 1 }] });
const run = (at: string, ndcg: number): RelevanceRun => ({ at, source: 'cli', against: 'saved', recall: ndcg, ndcg, tests: [] });

/** A handle whose writes of tests fail after `writes` of them: the cluster going away part-way through. */
function failingAfter(store: OperatorStore, writes: number): OperatorStore {
  let left = writes;
  const failing =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (left-- <= 0) throw new BackendUnavailableError('The cluster went away');
      return write(...args);
    };
  return {
    kind: store.kind,
    revisionTtlMs: store.revisionTtlMs,
    revision: () => store.revision(),
    close: () => store.close(),
    collection<T>(name: string): OperatorCollection<T> {
      const inner = store.collection<T>(name);
      if (name !== COLLECTIONS.tests) return inner;
      return {
        get: (...args) => inner.get(...args),
        list: (...args) => inner.list(...args),
        all: (...args) => inner.all(...args),
        put: failing((...args: Parameters<typeof inner.put>) => inner.put(...args)),
        create: failing((...args: Parameters<typeof inner.create>) => inner.create(...args)),
        delete: failing((...args: Parameters<typeof inner.delete>) => inner.delete(...args)),
        deleteScope: failing((...args: Parameters<typeof inner.deleteScope>) => inner.deleteScope(...args)),
      };
    },
  };
}

/**
 * `fullList: false` leaves out the case that fills an engine with 500 tests: a store that writes each record with a
 * round trip of its own takes about a minute for it (the cluster, on a busy two-core machine), and the limit it
 * checks is the same code on every store.
 */
export function relevanceTestStoreContract(name: string, place: () => Promise<RelevanceStorePlace>, { fullList = true } = {}): void {
  describe(`relevance tests in ${name}`, () => {
    let where: RelevanceStorePlace;
    let store: OperatorStore;
    let tests: RelevanceTestStore;
    before(async () => {
      where = await place();
      store = await where.open();
      tests = new RelevanceTestStore(store);
    });
    after(() => store.close());

    describe('the tests of an engine', () => {
      it('are kept in the order they were made, each engine its own, and survive reopening the store', async () => {
        const rates = await tests.create('site', one('rates'));
        await tests.create('site', one('bins'));
        await tests.create('other', one('rates'));
        assert.match(rates.id, /^rt-[0-9a-f]{24}$/);
        await store.close();
        store = await where.open();
        tests = new RelevanceTestStore(store);
        assert.deepEqual(
          (await tests.list('site')).map((test) => test.query),
          ['rates', 'bins'],
        );
        assert.deepEqual(await tests.get('site', rates.id), { id: rates.id, ...one('rates') });
        assert.equal((await tests.list('other')).length, 1);
      });

      it('have one test a query, compared as curations compare queries, on create and on update', async () => {
        await assert.rejects(tests.create('site', one('  RATES! ')), /The query " {2}RATES! " already has a test \(rates\)/);
        const [rates, bins] = await tests.list('site');
        await assert.rejects(tests.update('site', bins!.id, one('Rates')), /already has a test/);
        assert.equal(await tests.update('site', rates!.id, one('Rates', 'page-pay-rates')), true, 'a test may keep its own query');
        assert.equal((await tests.get('site', rates!.id))!.expected[0]!.document, 'page-pay-rates');
        assert.equal(await tests.update('site', 'rt-none', one('x')), false);
        assert.equal(await tests.delete('site', bins!.id), true);
        assert.equal(await tests.delete('site', bins!.id), false);
      });

      it('take a list in: merge updates the queries it has and adds the rest, replace makes the list exactly it', async () => {
        const [rates] = await tests.list('site');
        const merged = await tests.import('site', [one('rates', 'page-new-rates'), one('dogs')], 'merge');
        assert.deepEqual(merged, { added: 1, updated: 1, removed: 0 });
        assert.deepEqual(
          (await tests.list('site')).map((test) => [test.query, test.expected[0]!.document]),
          [
            ['rates', 'page-new-rates'],
            ['dogs', 'page-dogs'],
          ],
        );
        assert.equal((await tests.list('site'))[0]!.id, rates!.id, 'a test updated keeps its id, so runs still compare it');
        const [, dogs] = await tests.list('site');
        const replaced = await tests.import('site', [one('dogs', 'page-dog-registration'), one('parks')], 'replace');
        assert.deepEqual(replaced, { added: 1, updated: 1, removed: 1 });
        assert.deepEqual(
          (await tests.list('site')).map((test) => test.query),
          ['dogs', 'parks'],
        );
        assert.equal((await tests.get('site', dogs!.id))?.expected[0]?.document, 'page-dog-registration');
        assert.equal(await tests.get('site', rates!.id), undefined, 'a test the list left out is gone');
        const parks = (await tests.list('site'))[1]!;
        assert.equal(await tests.update('site', parks.id, one('parks', 'page-parks')), true, 'an imported test edits like any other');
        assert.equal(await tests.delete('site', parks.id), true);
        assert.deepEqual(
          (await tests.list('site')).map((test) => test.query),
          ['dogs'],
        );
        await tests.create('site', one('parks'));
      });

      it('take an import all or nothing: one failing part-way leaves the list as it was for every reader, and the next clears what it wrote', async () => {
        const before = await tests.list('site');
        const failing = new RelevanceTestStore(failingAfter(store, 3));
        await assert.rejects(
          failing.import('site', [one('dogs', 'page-dogs-new'), one('rates'), one('bins'), one('libraries'), one('pools')], 'replace'),
          BackendUnavailableError,
        );
        assert.deepEqual(await tests.list('site'), before, 'this handle sees the list as it was');
        const other = await where.open();
        try {
          assert.deepEqual(await new RelevanceTestStore(other).list('site'), before, 'so does another process');
        } finally {
          await other.close();
        }
        const pointer = async () =>
          (await store.collection<{ live: string; leftover: string[] }>(COLLECTIONS.lists).get('site', 'list'))!.value;
        const [unfinished] = (await pointer()).leftover;
        assert.ok(unfinished, 'the failed import’s list is named as left over');
        assert.equal(
          (await store.collection(COLLECTIONS.tests).all(unfinished)).length,
          3,
          'it wrote three tests there, and no reader saw them',
        );
        await tests.import('site', [one('dogs', 'page-dogs-new')], 'merge');
        assert.deepEqual((await pointer()).leftover, [], 'the next import deleted every list that is not live');
        assert.equal((await store.collection(COLLECTIONS.tests).all(unfinished)).length, 0);
        assert.deepEqual(
          (await tests.list('site')).map((test) => [test.query, test.expected[0]!.document]),
          [
            ['dogs', 'page-dogs-new'],
            ['parks', 'page-parks'],
          ],
        );
      });

      it(
        `hold at most ${RELEVANCE_TEST_LIMITS.testsPerEngine} tests an engine, and refuse an import past that whole`,
        { skip: !fullList && 'writing 500 tests takes a minute here' },
        async () => {
          const many = Array.from({ length: RELEVANCE_TEST_LIMITS.testsPerEngine + 1 }, (_, index) => one(`query ${index}`));
          await assert.rejects(tests.import('full', many, 'merge'), /at most 500 relevance tests; this would make 501/);
          assert.equal((await tests.list('full')).length, 0, 'nothing of a refused import is kept');
          await tests.import('full', many.slice(0, -1), 'replace');
          await assert.rejects(tests.create('full', one('one more')), /at most 500/);
        },
      );
    });

    describe('the history of runs', () => {
      it(`keeps the newest ${RELEVANCE_TEST_LIMITS.runsKept}, newest first, with their dates`, async () => {
        assert.equal(await tests.lastRun('history'), undefined);
        for (let index = 0; index < RELEVANCE_TEST_LIMITS.runsKept + 3; index++) {
          await tests.record('history', run(new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString(), index / 100));
        }
        const runs = await tests.runs('history');
        assert.equal(runs.length, RELEVANCE_TEST_LIMITS.runsKept);
        assert.equal(runs[0]!.at, '2026-11-01T00:52:00.000Z');
        assert.equal(runs.at(-1)!.at, '2026-11-01T00:03:00.000Z', 'the three oldest went');
        assert.equal((await tests.lastRun('history'))!.ndcg, 0.52);
      });

      it('goes with its engine, with the tests, imported ones included', async () => {
        await tests.create('history', one('rates'));
        await tests.import('history', [one('bins')], 'merge');
        await tests.forget('history');
        assert.deepEqual(await tests.runs('history'), []);
        assert.deepEqual(await tests.list('history'), []);
        await tests.create('history', one('parks'));
        assert.deepEqual(
          (await tests.list('history')).map((test) => test.query),
          ['parks'],
          'an engine of the same name starts empty',
        );
        assert.equal((await tests.list('site')).length, 2, 'other engines keep theirs');
      });
    });
  });
}
