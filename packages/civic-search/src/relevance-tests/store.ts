import { randomBytes } from 'node:crypto';
import type { OperatorCollection, OperatorStore } from '../operator-state';
import type { RelevanceRun } from './run';
import { LIMITS, sameQuery, type RelevanceTest, type StoredTest } from './test-cases';

/** The operator store's collections of this module, each record under the engine's name. */
export const COLLECTIONS = Object.freeze({
  tests: 'relevance-tests',
  runs: 'relevance-test-runs',
});

/** A change the tests cannot take: the message says why, as the API shows it. */
export class TestListError extends Error {
  override name = 'TestListError';
}

const newId = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

/**
 * An engine's relevance tests and the history of its runs, kept in the operator store beside its search settings
 * (SQLite in the data folder, or the cluster: only the store's interface is used). One query has one test.
 */
export class RelevanceTestStore {
  readonly #tests: OperatorCollection<RelevanceTest>;
  readonly #runs: OperatorCollection<RelevanceRun>;

  constructor(store: OperatorStore) {
    this.#tests = store.collection(COLLECTIONS.tests);
    this.#runs = store.collection(COLLECTIONS.runs);
  }

  /** Every test of the engine, in the order they were made. */
  async list(engine: string): Promise<StoredTest[]> {
    return (await this.#tests.all(engine)).map((record) => ({ id: record.id, ...record.value }));
  }

  async get(engine: string, id: string): Promise<StoredTest | undefined> {
    const record = await this.#tests.get(engine, id);
    return record && { id: record.id, ...record.value };
  }

  /** Adds a test; refused when its query has one already or the engine holds the most it may. */
  async create(engine: string, test: RelevanceTest): Promise<StoredTest> {
    const held = await this.list(engine);
    this.#checkFree(held, test.query);
    if (held.length >= LIMITS.testsPerEngine)
      throw new TestListError(`An engine can have at most ${LIMITS.testsPerEngine} relevance tests`);
    const id = newId('rt');
    await this.#tests.create(engine, id, test);
    return { id, ...test };
  }

  /** Replaces a test; false when there is none with this id. */
  async update(engine: string, id: string, test: RelevanceTest): Promise<boolean> {
    const held = await this.list(engine);
    if (!held.some((other) => other.id === id)) return false;
    this.#checkFree(held, test.query, id);
    await this.#tests.put(engine, id, test);
    return true;
  }

  async delete(engine: string, id: string): Promise<boolean> {
    return this.#tests.delete(engine, id);
  }

  /**
   * Takes a list in (a CSV import): `merge` replaces the expected documents of queries already tested and adds the
   * others; `replace` makes the list exactly this one. Checked whole before anything is written.
   */
  async import(
    engine: string,
    tests: readonly RelevanceTest[],
    mode: 'merge' | 'replace',
  ): Promise<{ added: number; updated: number; removed: number }> {
    const held = await this.list(engine);
    const existing = (test: RelevanceTest) => held.find((other) => sameQuery(other.query, test.query));
    const added = tests.filter((test) => !existing(test));
    const kept = mode === 'replace' ? tests.length : held.length + added.length;
    if (kept > LIMITS.testsPerEngine)
      throw new TestListError(`An engine can have at most ${LIMITS.testsPerEngine} relevance tests; this would make ${kept}`);
    const removed = mode === 'replace' ? held.filter((other) => !tests.some((test) => sameQuery(test.query, other.query))) : [];
    for (const test of tests) {
      const same = existing(test);
      if (same) await this.#tests.put(engine, same.id, test);
      else await this.#tests.create(engine, newId('rt'), test);
    }
    for (const gone of removed) await this.#tests.delete(engine, gone.id);
    return { added: added.length, updated: tests.length - added.length, removed: removed.length };
  }

  /** The engine's runs, newest first. */
  async runs(engine: string): Promise<RelevanceRun[]> {
    return (await this.#runs.all(engine)).map((record) => record.value).reverse();
  }

  async lastRun(engine: string): Promise<RelevanceRun | undefined> {
    const { total } = await this.#runs.list(engine, { limit: 0 });
    if (total === 0) return undefined;
    return (await this.#runs.list(engine, { offset: total - 1, limit: 1 })).records[0]?.value;
  }

  /** Keeps a run in the history; past the history's length, the oldest runs go. */
  async record(engine: string, run: RelevanceRun): Promise<void> {
    await this.#runs.create(engine, newId('run'), run);
    const { total } = await this.#runs.list(engine, { limit: 0 });
    if (total <= LIMITS.runsKept) return;
    const { records } = await this.#runs.list(engine, { limit: total - LIMITS.runsKept });
    for (const record of records) await this.#runs.delete(engine, record.id);
  }

  /** Takes an engine's tests and runs away with it. */
  async forget(engine: string): Promise<void> {
    await Promise.all([this.#tests.deleteScope(engine), this.#runs.deleteScope(engine)]);
  }

  #checkFree(held: readonly StoredTest[], query: string, ownId?: string) {
    const clash = held.find((other) => other.id !== ownId && sameQuery(other.query, query));
    if (clash) throw new TestListError(`The query "${query}" already has a test (${clash.query})`);
  }
}
