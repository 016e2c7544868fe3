import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ApiRange } from '../../src/core/search/app-search-api';
import { forEachCodeInRange } from '../../packages/civic-search/src/search/embedded/column-ranges';
import { DocSet } from '../../packages/civic-search/src/search/embedded/doc-set';
import { createFieldColumns } from '../../packages/civic-search/src/search/embedded/field-columns';
import { rangeMatcher, type FieldValue } from '../../packages/civic-search/src/search/embedded/filters';
import { buildPostings, loadPostings, savePostings } from '../../packages/civic-search/src/search/embedded/postings';
import { INDEX_FORMAT_VERSION } from '../../packages/civic-search/src/search/embedded/engine-index';
import { indexFile, loadOrBuildIndex } from '../../packages/civic-search/src/search/embedded/index-store';
import { firstInOrder } from '../../packages/civic-search/src/search/embedded/sorting';
import { VocabularyBuilder } from '../../packages/civic-search/src/search/embedded/vocabulary';
import type { SiteDocument } from '../../packages/civic-search/src/search/types';
import { writeFile } from 'node:fs/promises';
import { ENGINE, FIXTURE_DOCUMENTS, temporaryDataDir } from './embedded-fixtures';

const FIELDS = ['title', 'summary', 'body'] as const;

describe('DocSet', () => {
  const positions = (size: number) => fc.uniqueArray(fc.nat(size - 1), { maxLength: size });
  const setOf = (size: number, list: number[]) => {
    const set = DocSet.empty(size);
    list.forEach((position) => set.add(position));
    return set;
  };
  const members = (set: DocSet) => {
    const list: number[] = [];
    set.forEach((position) => list.push(position));
    return list;
  };

  it('adds, tests, counts and lists positions in order, across word boundaries', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }).chain((size) => fc.tuple(fc.constant(size), positions(size))),
        ([size, list]) => {
          const set = setOf(size, list);
          assert.deepEqual(
            members(set),
            [...list].sort((a, b) => a - b),
          );
          assert.equal(set.count(), list.length);
          for (let position = 0; position < size; position++) assert.equal(set.has(position), list.includes(position));
        },
      ),
    );
  });

  it('combines with and, or and invert as sets do, never beyond its size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 130 }).chain((size) => fc.tuple(fc.constant(size), positions(size), positions(size))),
        ([size, a, b]) => {
          const both = members(setOf(size, a).and(setOf(size, b)));
          assert.deepEqual(
            both,
            a.filter((position) => b.includes(position)).sort((x, y) => x - y),
          );
          const either = members(setOf(size, a).or(setOf(size, b)));
          assert.deepEqual(
            either,
            [...new Set([...a, ...b])].sort((x, y) => x - y),
          );
          const outside = members(setOf(size, a).invert());
          assert.deepEqual(
            outside,
            Array.from({ length: size }, (_, position) => position).filter((position) => !a.includes(position)),
          );
        },
      ),
    );
    assert.equal(DocSet.full(33).count(), 33);
    assert.equal(DocSet.full(64).count(), 64);
    assert.equal(DocSet.empty(0).count(), 0);
  });
});

describe('firstInOrder', () => {
  it('gives the first items of a full sort, in order, for any count (heap or sort)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }), fc.nat(320), (scores, count) => {
        const compare = (a: number, b: number) => scores[b] - scores[a] || a - b;
        const expected = scores
          .map((_, i) => i)
          .sort(compare)
          .slice(0, count);
        assert.deepEqual([...firstInOrder(scores.length, count, compare)], expected);
      }),
    );
  });
});

describe('column ranges', () => {
  const value: fc.Arbitrary<FieldValue> = fc.oneof(
    fc.integer({ min: -5, max: 30 }),
    fc.constantFrom('2024-01-01', '2024-06-30', '2025-01-01', '2023-12-31T23:00:00-02:00', '9', '10', 'apple', 'Banana', '', 'NaN'),
    fc.boolean(),
    fc.constant(null),
    fc.constant(Number.NaN),
  );
  const bound = fc.oneof(fc.integer({ min: -5, max: 30 }), fc.constantFrom('2024-06-30', '2025-01-01', '10', 'b', ''));
  const range: fc.Arbitrary<ApiRange> = fc
    .record({ from: bound, to: bound }, { requiredKeys: [] })
    .filter((r) => Object.keys(r).length > 0);

  it('finds exactly the values rangeMatcher accepts: numbers and dates by binary search, text one by one', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40 }), range, (values, asked) => {
        const column = createFieldColumns(values.map((entry) => () => entry))('field');
        const found: number[] = [];
        forEachCodeInRange(column, asked, (code) => found.push(code));
        const matches = rangeMatcher(asked);
        const expected = column.values.map((_, code) => code).filter((code) => matches(column.values[code]));
        assert.deepEqual(
          found.sort((a, b) => a - b),
          expected,
          JSON.stringify({ values: column.values, asked }),
        );
      }),
    );
  });
});

describe('postings', () => {
  const build = (documents: readonly SiteDocument[]) => buildPostings(documents, FIELDS, new VocabularyBuilder());

  it('lists each term’s documents in ascending order with their frequencies, and distinct tokens as field lengths', async () => {
    const postings = await build(FIXTURE_DOCUMENTS);
    const consent = postings.termIds.get('consent')!;
    const body = postings.postings[2];
    const range = [...body.positions.subarray(body.offsets[consent], body.offsets[consent + 1])];
    assert.deepEqual(
      range,
      [...range].sort((a, b) => a - b),
    );
    const first = FIXTURE_DOCUMENTS.findIndex((document) => document.id === 'consent-guide');
    const at = range.indexOf(first);
    assert.equal(body.frequencies[body.offsets[consent] + at], 2, '"a consent. The consent" counts twice');
    assert.equal(postings.postings[0].lengths[first], 5, '"Apply for a building consent": five distinct tokens');
  });

  it('saves and loads to the same arrays, and refuses saved postings that do not fit', async () => {
    const postings = await build(FIXTURE_DOCUMENTS);
    const saved = JSON.parse(JSON.stringify(savePostings(postings)));
    const loaded = loadPostings(saved, FIELDS, FIXTURE_DOCUMENTS.length);
    assert.deepEqual(loaded.terms, postings.terms);
    loaded.postings.forEach((field, n) => {
      const original = postings.postings[n];
      assert.deepEqual(field.positions, original.positions);
      assert.deepEqual(field.frequencies, original.frequencies);
      assert.deepEqual(field.offsets, original.offsets);
      assert.deepEqual(field.lengths, original.lengths);
      assert.equal(field.averageLength, original.averageLength);
    });
    assert.throws(() => loadPostings(saved, FIELDS, FIXTURE_DOCUMENTS.length + 1), /does not match/);
    assert.throws(() => loadPostings(saved, ['title', 'body'], FIXTURE_DOCUMENTS.length), /other fields/);
    assert.throws(() => loadPostings({ ...saved, byteOrder: 'XX' }, FIELDS, FIXTURE_DOCUMENTS.length), /byte order/);
    const cut = {
      ...saved,
      fields: saved.fields.map((field: { positions: string }) => ({ ...field, positions: field.positions.slice(0, 8) })),
    };
    assert.throws(() => loadPostings(cut, FIELDS, FIXTURE_DOCUMENTS.length), /damaged/);
  });

  it('refuses a document without an id, and duplicate ids', async () => {
    await assert.rejects(build([{ ...FIXTURE_DOCUMENTS[0], id: undefined as unknown as string }]), /no id/);
    await assert.rejects(build([FIXTURE_DOCUMENTS[0], FIXTURE_DOCUMENTS[0]]), /duplicate document id "consent-guide"/);
  });

  it('records every word occurrence in the vocabulary, with its stem', async () => {
    const vocabulary = new VocabularyBuilder();
    await buildPostings(FIXTURE_DOCUMENTS, FIELDS, vocabulary);
    const built = vocabulary.build();
    assert.ok(built.hasWord('consents') && built.hasStem('consent'));
    const consent = built.wordsWithPrefix('consent', 5).find((entry) => entry.word === 'consent');
    const expected = FIXTURE_DOCUMENTS.flatMap((document) => FIELDS.map((field) => document[field]))
      .join(' ')
      .toLowerCase()
      .match(/\bconsent\b/g)!.length;
    assert.equal(consent?.count, expected);
  });
});

describe('the saved index file', () => {
  it('is judged stale from its first bytes: a file for other documents is never parsed', async () => {
    const dataDir = await temporaryDataDir();
    await writeFile(indexFile(dataDir, ENGINE), `{"format":${INDEX_FORMAT_VERSION},"hash":"0123abcd","postings":{not json at all`);
    const { source, note } = await loadOrBuildIndex(ENGINE, FIXTURE_DOCUMENTS, dataDir);
    assert.equal(source, 'built');
    assert.match(note ?? '', /documents changed/, 'stale, not unreadable: the rest was not parsed');
    const again = await loadOrBuildIndex(ENGINE, FIXTURE_DOCUMENTS, dataDir);
    assert.equal(again.source, 'loaded', 'the rebuilt index was saved with a readable header');
  });
});
