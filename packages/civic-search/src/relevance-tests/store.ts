import { randomBytes } from 'node:crypto';
import type { OperatorCollection, OperatorStore } from '../operator-state';
import type { RelevanceRun } from './run';
import { LIMITS, sameQuery, type RelevanceTest, type StoredTest } from './test-cases';

/** The operator store's collections of this module, each record under the engine's name. */
export const COLLECTIONS = Object.freeze({
  tests: 'relevance-tests',
  runs: 'relevance-test-runs',
  /** Under the engine's name, one record: which scope of `tests` holds the engine's list now. */
  lists: 'relevance-test-lists',
});

/**
 * Where an engine's list is: `live`, the scope of `tests` read now (the engine's own name until the first import),
 * and `leftover`, scopes of lists that are no longer (or not yet) live and are deleted when next convenient.
 */
interface ListPointer {
  live: string;
  leftover: string[];
}
const POINTER_ID = 'list';

/** A change the tests cannot take: the message says why, as the API shows it. */
export class TestListError extends Error {
  override name = 'TestListError';
}

const newId = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

/**
 * An engine's relevance tests and the history of its runs, kept in the operator store beside its search settings
 * (SQLite in the data folder, or the cluster: only the store's interface is used). One query has one test.
 *
 * An import is all or nothing on every store, the cluster included, where no two records are written at once: it
 * writes the whole new list under a scope of its own, then makes it live with one record's write (the engine's list
 * pointer). Until that write, readers see the old list, whatever happens to the import (a refused write, the cluster
 * away, the process killed); after it, the new one. The old list's records are then deleted.
 */
export class RelevanceTestStore {
  readonly #tests: OperatorCollection<RelevanceTest>;
  readonly #runs: OperatorCollection<RelevanceRun>;
  readonly #lists: OperatorCollection<ListPointer>;

  constructor(store: OperatorStore) {
    this.#tests = store.collection(COLLECTIONS.tests);
    this.#runs = store.collection(COLLECTIONS.runs);
    this.#lists = store.collection(COLLECTIONS.lists);
  }

  async #pointer(engine: string): Promise<ListPointer> {
    return (await this.#lists.get(engine, POINTER_ID))?.value ?? { live: engine, leftover: [] };
  }

  async #live(engine: string): Promise<string> {
    return (await this.#pointer(engine)).live;
  }

  /** Every test of the engine, in the order they were made. */
  async list(engine: string): Promise<StoredTest[]> {
    return (await this.#tests.all(await this.#live(engine))).map((record) => ({ id: record.id, ...record.value }));
  }

  async get(engine: string, id: string): Promise<StoredTest | undefined> {
    const record = await this.#tests.get(await this.#live(engine), id);
    return record && { id: record.id, ...record.value };
  }

  /** Adds a test; refused when its query has one already or the engine holds the most it may. */
  async create(engine: string, test: RelevanceTest): Promise<StoredTest> {
    const held = await this.list(engine);
    this.#checkFree(held, test.query);
    if (held.length >= LIMITS.testsPerEngine)
      throw new TestListError(`An engine can have at most ${LIMITS.testsPerEngine} relevance tests`);
    const id = newId('rt');
    await this.#tests.create(await this.#live(engine), id, test);
    return { id, ...test };
  }

  /** Replaces a test; false when there is none with this id. */
  async update(engine: string, id: string, test: RelevanceTest): Promise<boolean> {
    const held = await this.list(engine);
    if (!held.some((other) => other.id === id)) return false;
    this.#checkFree(held, test.query, id);
    await this.#tests.put(await this.#live(engine), id, test);
    return true;
  }

  async delete(engine: string, id: string): Promise<boolean> {
    return this.#tests.delete(await this.#live(engine), id);
  }

  /**
   * Takes a list in (a CSV import): `merge` replaces the expected documents of queries already tested and adds the
   * others; `replace` makes the list exactly this one. Checked whole before anything is written, and then written
   * all or nothing. A test kept keeps its id, so runs before and after the import still compare it.
   */
  async import(
    engine: string,
    tests: readonly RelevanceTest[],
    mode: 'merge' | 'replace',
  ): Promise<{ added: number; updated: number; removed: number }> {
    const pointer = await this.#pointer(engine);
    const held = (await this.#tests.all(pointer.live)).map((record) => ({ id: record.id, ...record.value }));
    const existing = (test: RelevanceTest) => held.find((other) => sameQuery(other.query, test.query));
    const added = tests.filter((test) => !existing(test));
    const kept = mode === 'replace' ? tests.length : held.length + added.length;
    if (kept > LIMITS.testsPerEngine)
      throw new TestListError(`An engine can have at most ${LIMITS.testsPerEngine} relevance tests; this would make ${kept}`);
    const removed = mode === 'replace' ? held.filter((other) => !tests.some((test) => sameQuery(test.query, other.query))) : [];
    const incoming = tests.map((test) => ({ id: existing(test)?.id ?? newId('rt'), test }));
    // Merge keeps the list's order, each test in its place, and adds the new ones after it.
    const list =
      mode === 'replace'
        ? incoming
        : [
            ...held.map(({ id, query, expected }) => incoming.find((item) => item.id === id) ?? { id, test: { query, expected } }),
            ...incoming.filter((item) => !held.some((other) => other.id === item.id)),
          ];

    await this.#clearLeftovers(engine, pointer);
    // Named as leftover before its first record is written: an import that never finishes leaves nothing unnamed.
    const next = `${engine}/${newId('list')}`;
    await this.#lists.put(engine, POINTER_ID, { live: pointer.live, leftover: [next] });
    for (const { id, test } of list) await this.#tests.create(next, id, test);
    await this.#lists.put(engine, POINTER_ID, { live: next, leftover: [pointer.live] });
    await this.#clearLeftovers(engine, { live: next, leftover: [pointer.live] }).catch(() => undefined);
    return { added: added.length, updated: tests.length - added.length, removed: removed.length };
  }

  /** Deletes lists that are no longer live (or never became so), then forgets their names. */
  async #clearLeftovers(engine: string, pointer: ListPointer): Promise<void> {
    if (pointer.leftover.length === 0) return;
    for (const scope of pointer.leftover) await this.#tests.deleteScope(scope);
    await this.#lists.put(engine, POINTER_ID, { live: pointer.live, leftover: [] });
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
    const pointer = await this.#pointer(engine);
    const scopes = new Set([engine, pointer.live, ...pointer.leftover]);
    await Promise.all([...[...scopes].map((scope) => this.#tests.deleteScope(scope)), this.#runs.deleteScope(engine)]);
    await this.#lists.delete(engine, POINTER_ID);
  }

  #checkFree(held: readonly StoredTest[], query: string, ownId?: string) {
    const clash = held.find((other) => other.id !== ownId && sameQuery(other.query, query));
    if (clash) throw new TestListError(`The query "${query}" already has a test (${clash.query})`);
  }
}
