/**
 * After a write, the index patches its field lookups (columns, ranks, blank-query orders) from the ones before at
 * the positions the write touched. A patched lookup must equal one built from scratch over the documents as they
 * are, whatever the sequence of writes: new values, values no document holds any more, missing values, mixed types,
 * fields left unread for several writes, and a compaction that renumbers the documents.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiSort } from '../../src/core/search/app-search-api';
import { buildEngineIndex, type EngineIndex } from '../../packages/civic-search/src/search/embedded/engine-index';
import { createFieldColumns, type FieldColumn } from '../../packages/civic-search/src/search/embedded/field-columns';
import { forEachCodeInRange } from '../../packages/civic-search/src/search/embedded/column-ranges';
import { createFieldRanks } from '../../packages/civic-search/src/search/embedded/sorting';
import { createSortOrders } from '../../packages/civic-search/src/search/embedded/sort-orders';
import type { SiteDocument } from '../../packages/civic-search/src/search/types';

/** A small deterministic generator, so a failure names a sequence that can be run again. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const FIELDS = ['topic', 'published_date', 'pages', 'mixed'] as const;
const SORTS: (ApiSort | undefined)[] = [undefined, { published_date: 'desc' }, { topic: 'asc' }, [{ mixed: 'asc' }, { pages: 'desc' }]];

function documentOf(random: () => number, id: number): SiteDocument {
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];
  const document: Record<string, unknown> = { id: `doc-${id}`, title: `Page ${pick(['rates', 'parks', 'bins', 'dogs'])} ${id}`, body: '' };
  // A tenth of the values are new to the engine; some documents lack a field.
  if (random() < 0.9) document.topic = random() < 0.1 ? `Topic ${id}` : pick(['Rates', 'Parks', 'Housing', 'rates']);
  if (random() < 0.9) document.published_date = `20${10 + Math.floor(random() * 15)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`;
  if (random() < 0.8) document.pages = Math.floor(random() * 20);
  if (random() < 0.8) document.mixed = pick([5, '5', true, 'five', 0, '', null]);
  return document as unknown as SiteDocument;
}

/** Ranges filtered on (a range index carried over a renumbering must find what a fresh one finds). */
const RANGES: Readonly<Record<string, readonly { from?: string | number; to?: string | number }[]>> = {
  published_date: [{ from: '2015-01-01', to: '2020-06-01' }, { to: '2012-01-01' }],
  pages: [{ from: 3, to: 10 }],
  mixed: [{ from: 1 }],
};

/** The positions whose value is in the range, ascending. */
function positionsInRange(column: FieldColumn, range: { from?: string | number; to?: string | number }): number[] {
  const found: number[] = [];
  forEachCodeInRange(column, range, (code) => found.push(...column.positions.subarray(column.offsets[code], column.offsets[code + 1])));
  return found.sort((a, b) => a - b);
}

function assertLookupsFresh(index: EngineIndex, fields: readonly string[], sorts: readonly (ApiSort | undefined)[], step: string): void {
  const columns = createFieldColumns(index.readers);
  const ranks = createFieldRanks(index.readers, columns);
  const orders = createSortOrders(index.documents.length, ranks, index.postings.hasRemoved ? (position) => index.isLive(position) : undefined);
  for (const field of fields) {
    const [patched, fresh] = [index.columns(field), columns(field)];
    assert.deepEqual([...patched.codes], [...fresh.codes], `${step}: codes of ${field}`);
    assert.deepEqual(patched.values, fresh.values, `${step}: values of ${field}`);
    assert.deepEqual([...patched.offsets], [...fresh.offsets], `${step}: offsets of ${field}`);
    assert.deepEqual([...patched.positions], [...fresh.positions], `${step}: positions of ${field}`);
    assert.deepEqual([...index.ranks(field)], [...ranks(field)], `${step}: ranks of ${field}`);
    for (const range of RANGES[field] ?? []) assert.deepEqual(positionsInRange(patched, range), positionsInRange(fresh, range), `${step}: ${field} in ${JSON.stringify(range)}`);
  }
  for (const sort of sorts) assert.deepEqual([...index.orders(sort)], [...orders(sort)], `${step}: order of ${JSON.stringify(sort)}`);
}

describe('embedded engine: field lookups after writes', () => {
  for (const seed of [1, 2, 3]) {
    it(`equal lookups built from scratch after every write (seed ${seed})`, async () => {
      const random = seeded(seed);
      let next = 0;
      const index = await buildEngineIndex(Array.from({ length: 60 }, () => documentOf(random, next++)));
      assertLookupsFresh(index, FIELDS, SORTS, 'at start');
      for (let step = 0; step < 40; step++) {
        const held = index.documents.filter((_, position) => index.isLive(position)).map((document) => String(document.id));
        const roll = random();
        if (roll < 0.4) {
          // Replacements of held documents, and new ones.
          const ids = Array.from({ length: 1 + Math.floor(random() * 5) }, () => (random() < 0.6 && held.length > 0 ? held[Math.floor(random() * held.length)] : `doc-${next++}`));
          index.put(ids.map((id) => ({ ...documentOf(random, next++), id })));
        } else if (roll < 0.7) {
          index.remove(Array.from({ length: 1 + Math.floor(random() * 4) }, () => held[Math.floor(random() * held.length)] ?? 'doc-none'));
        } else {
          index.put([documentOf(random, next++)]);
        }
        // Some steps read every lookup, some only a few: lookups unread across writes are patched for all of them.
        if (random() < 0.5) assertLookupsFresh(index, FIELDS.slice(0, 1 + Math.floor(random() * FIELDS.length)), SORTS.slice(0, 1 + Math.floor(random() * SORTS.length)), `step ${step}`);
      }
      assertLookupsFresh(index, FIELDS, SORTS, 'at the end');
      // A compaction renumbers the live documents: the lookups move over, and keep following writes after it.
      const compact = index.compacted();
      assertLookupsFresh(compact, FIELDS, SORTS, 'compacted');
      compact.put([documentOf(random, next++), { ...documentOf(random, next++), id: String(compact.documents[0].id) }]);
      assertLookupsFresh(compact, FIELDS, SORTS, 'written after the compaction');
    });
  }

  it('keeps a field with every value removed as a column of no values', async () => {
    const index = await buildEngineIndex([
      { id: 'a', title: 'A', body: '', topic: 'Rates' },
      { id: 'b', title: 'B', body: '', topic: 'Parks' },
    ] as unknown as SiteDocument[]);
    assert.deepEqual(index.columns('topic').values, ['Rates', 'Parks']);
    index.remove(['a']);
    assert.deepEqual(index.columns('topic').values, ['Parks']);
    index.remove(['b']);
    assert.deepEqual(index.columns('topic').values, []);
    assert.deepEqual([...index.orders({ topic: 'asc' })], []);
  });
});
