import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteOperatorStore, type OperatorStore } from '../../packages/civic-search/src/operator-state';
import { RELEVANCE_TEST_LIMITS, RelevanceTestStore, type RelevanceRun } from '../../packages/civic-search/src/relevance-tests';

/**
 * An engine's relevance tests and run history in the operator store. The store is used only through its interface,
 * so what holds here on SQLite holds on the cluster's implementation (which passes the same store contract).
 */

let dir: string;
let store: OperatorStore;
let tests: RelevanceTestStore;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'relevance-tests-store-'));
  store = openSqliteOperatorStore(join(dir, 'operator.db'));
  tests = new RelevanceTestStore(store);
});
after(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const one = (query: string, document = `page-${query}`) => ({ query, expected: [{ document, grade: 1 }] });
const run = (at: string, ndcg: number): RelevanceRun => ({ at, source: 'cli', against: 'saved', recall: ndcg, ndcg, tests: [] });

describe('the tests of an engine', () => {
  it('are kept in the order they were made, each engine its own, and survive reopening the store', async () => {
    const rates = await tests.create('site', one('rates'));
    await tests.create('site', one('bins'));
    await tests.create('other', one('rates'));
    assert.match(rates.id, /^rt-[0-9a-f]{24}$/);
    await store.close();
    store = openSqliteOperatorStore(join(dir, 'operator.db'));
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
    const merged = await tests.import('site', [one('rates', 'page-new-rates'), one('dogs')], 'merge');
    assert.deepEqual(merged, { added: 1, updated: 1, removed: 0 });
    assert.deepEqual(
      (await tests.list('site')).map((test) => [test.query, test.expected[0]!.document]),
      [
        ['rates', 'page-new-rates'],
        ['dogs', 'page-dogs'],
      ],
    );
    const replaced = await tests.import('site', [one('dogs', 'page-dog-registration'), one('parks')], 'replace');
    assert.deepEqual(replaced, { added: 1, updated: 1, removed: 1 });
    assert.deepEqual(
      (await tests.list('site')).map((test) => test.query),
      ['dogs', 'parks'],
    );
  });

  it(`hold at most ${RELEVANCE_TEST_LIMITS.testsPerEngine} tests an engine, and refuse an import past that whole`, async () => {
    const many = Array.from({ length: RELEVANCE_TEST_LIMITS.testsPerEngine + 1 }, (_, index) => one(`query ${index}`));
    await assert.rejects(tests.import('full', many, 'merge'), /at most 500 relevance tests; this would make 501/);
    assert.equal((await tests.list('full')).length, 0, 'nothing of a refused import is kept');
    await tests.import('full', many.slice(0, -1), 'replace');
    await assert.rejects(tests.create('full', one('one more')), /at most 500/);
  });
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

  it('goes with its engine, with the tests', async () => {
    await tests.create('history', one('rates'));
    await tests.forget('history');
    assert.deepEqual(await tests.runs('history'), []);
    assert.deepEqual(await tests.list('history'), []);
    assert.equal((await tests.list('site')).length, 2, 'other engines keep theirs');
  });
});
