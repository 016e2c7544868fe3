import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiFilter } from '../../src/core/search/app-search-api';
import { compareValues, compileFilter, inRange, type FieldReader } from '../../packages/civic-search/src/search/embedded/filters';
import { computeFacets } from '../../packages/civic-search/src/search/embedded/facets';
import { createFieldRanks, sortMatches } from '../../packages/civic-search/src/search/embedded/sorting';

type Row = Record<string, string | number | undefined>;
const reader =
  (row: Row): FieldReader =>
  (field) =>
    row[field];

const ROWS: Row[] = [
  { id: 'a', topic: 'Rates', subsite: 'Council', published_date: '2024-01-01', pages: 3 },
  { id: 'b', topic: 'Rates', subsite: 'Water', published_date: '2024-06-30', pages: 12 },
  { id: 'c', topic: 'Parks', subsite: 'Council', published_date: '2025-01-01', pages: 7 },
  { id: 'd', topic: 'Housing', subsite: 'Council', published_date: '2023-12-31', pages: 40 },
  { id: 'e', topic: 'Parks', subsite: 'Leisure', published_date: '2025-03-15' },
];

function matching(filter: ApiFilter | undefined): string[] {
  const passes = compileFilter(filter);
  return ROWS.filter((row) => passes(reader(row))).map((row) => String(row.id));
}

describe('compileFilter', () => {
  it('matches everything without a filter, and with empty all/any/none lists', () => {
    assert.deepEqual(matching(undefined), ['a', 'b', 'c', 'd', 'e']);
    assert.deepEqual(matching({ all: [], any: [], none: [] }), ['a', 'b', 'c', 'd', 'e']);
  });

  it('matches a field value, and any of a list of values', () => {
    assert.deepEqual(matching({ topic: 'Rates' }), ['a', 'b']);
    assert.deepEqual(matching({ topic: ['Rates', 'Housing'] }), ['a', 'b', 'd']);
    assert.deepEqual(matching({ topic: 'rates' }), [], 'values are exact');
    assert.deepEqual(matching({ nothing: 'x' }), [], 'a field no document has matches nothing');
  });

  it('needs every key of one object', () => {
    assert.deepEqual(matching({ topic: 'Parks', subsite: 'Council' }), ['c']);
  });

  it('combines all, any and none, nested', () => {
    assert.deepEqual(matching({ all: [{ subsite: 'Council' }, { topic: ['Rates', 'Parks'] }] }), ['a', 'c']);
    assert.deepEqual(matching({ any: [{ topic: 'Housing' }, { subsite: 'Water' }] }), ['b', 'd']);
    assert.deepEqual(matching({ none: [{ topic: 'Parks' }, { subsite: 'Water' }] }), ['a', 'd']);
    assert.deepEqual(
      matching({
        all: [{ any: [{ topic: 'Rates' }, { topic: 'Parks' }] }, { none: [{ subsite: 'Leisure' }] }],
        none: [{ published_date: '2024-06-30' }],
      }),
      ['a', 'c'],
    );
  });

  it('matches date ranges from (included) to (excluded), with dates or timestamps', () => {
    assert.deepEqual(matching({ published_date: { from: '2024-01-01', to: '2025-01-01' } }), ['a', 'b']);
    assert.deepEqual(matching({ published_date: { from: '2025-01-01' } }), ['c', 'e']);
    assert.deepEqual(matching({ published_date: { to: '2024-01-01T00:00:00Z' } }), ['d']);
    assert.deepEqual(matching({ published_date: { from: '2024-06-30T12:00:00+12:00', to: '2024-07-01' } }), ['b']);
  });

  it('matches number ranges as numbers, and any of several ranges', () => {
    assert.deepEqual(matching({ pages: { from: 5, to: 40 } }), ['b', 'c'], '12 is not below 5 as text would have it');
    assert.deepEqual(matching({ pages: [{ to: 4 }, { from: 40 }] }), ['a', 'd']);
    assert.deepEqual(matching({ pages: { from: 0 } }), ['a', 'b', 'c', 'd'], 'a document without the field is outside every range');
  });

  it('accepts a range that carries a facet name', () => {
    assert.deepEqual(matching({ published_date: { from: '2025-01-01', name: 'This year' } }), ['c', 'e']);
  });
});

describe('compareValues and inRange', () => {
  it('orders dates as instants, numbers as numbers and other text as text', () => {
    assert.ok(compareValues('2024-01-02', '2024-01-01T23:00:00-02:00') < 0, '2024-01-02T00:00Z is before 2024-01-02T01:00Z');
    assert.ok(compareValues(9, 10) < 0);
    assert.ok(compareValues('9', '10') < 0);
    assert.ok(compareValues('apple', 'banana') < 0);
    assert.equal(inRange(true, { from: 0 }), false);
  });
});

describe('computeFacets', () => {
  const readers = ROWS.map(reader);

  it('counts values over the documents given, most frequent first, ties by value, cut to size', () => {
    const facets = computeFacets({ topic: { type: 'value' }, subsite: [{ type: 'value', size: 1, name: 'top' }] }, readers);
    assert.deepEqual(facets.topic, [
      {
        type: 'value',
        data: [
          { value: 'Parks', count: 2 },
          { value: 'Rates', count: 2 },
          { value: 'Housing', count: 1 },
        ],
      },
    ]);
    assert.deepEqual(facets.subsite, [{ type: 'value', name: 'top', data: [{ value: 'Council', count: 3 }] }]);
  });

  it('sorts values by value when asked, and by count ascending', () => {
    const byValue = computeFacets({ topic: { type: 'value', sort: { value: 'asc' } } }, readers).topic[0].data;
    assert.deepEqual(
      byValue.map((entry) => ('value' in entry ? entry.value : '')),
      ['Housing', 'Parks', 'Rates'],
    );
    const fewestFirst = computeFacets({ subsite: { type: 'value', sort: { count: 'asc' } } }, readers).subsite[0].data;
    assert.deepEqual(fewestFirst.at(-1), { value: 'Council', count: 3 });
  });

  it('counts range facets in the order asked, keeping names, with dates and numbers', () => {
    const facets = computeFacets(
      {
        published_date: {
          type: 'range',
          ranges: [
            { from: '2025-01-01', name: 'Recent' },
            { to: '2025-01-01', name: 'Older' },
          ],
        },
        pages: { type: 'range', ranges: [{ from: 0, to: 10 }, { from: 10 }] },
      },
      readers,
    );
    assert.deepEqual(facets.published_date[0], {
      type: 'range',
      data: [
        { from: '2025-01-01', name: 'Recent', count: 2 },
        { to: '2025-01-01', name: 'Older', count: 3 },
      ],
    });
    assert.deepEqual(facets.pages[0].data, [
      { from: 0, to: 10, count: 2 },
      { from: 10, count: 2 },
    ]);
  });

  it('answers nothing when no facets are asked, and empty data over no documents', () => {
    assert.deepEqual(computeFacets(undefined, readers), {});
    assert.deepEqual(computeFacets({ topic: { type: 'value' } }, []).topic[0].data, []);
  });
});

describe('sortMatches', () => {
  const ranks = createFieldRanks(ROWS.map(reader));
  const sortable = ROWS.map((row, position) => ({ id: String(row.id), score: [2, 5, 5, 1, 3][position], position }));
  const order = (sort: Parameters<typeof sortMatches>[1]) => sortMatches([...sortable], sort, ranks).map((item) => item.id);

  it('sorts by relevance by default, ties in document order', () => {
    assert.deepEqual(order(undefined), ['b', 'c', 'e', 'a', 'd']);
    assert.deepEqual(order({ _score: 'asc' }), ['d', 'a', 'e', 'b', 'c']);
  });

  it('sorts by a field either way, documents without it last', () => {
    assert.deepEqual(order({ published_date: 'desc' }), ['e', 'c', 'b', 'a', 'd']);
    assert.deepEqual(order({ pages: 'asc' }), ['a', 'c', 'b', 'd', 'e']);
    assert.deepEqual(order({ pages: 'desc' }), ['d', 'b', 'c', 'a', 'e']);
  });

  it('sorts by a list: the first key, then the next, then relevance', () => {
    assert.deepEqual(order([{ subsite: 'asc' }, { published_date: 'asc' }]), ['d', 'a', 'c', 'e', 'b']);
    assert.deepEqual(order([{ topic: 'desc' }, { _score: 'asc' }]), ['a', 'b', 'e', 'c', 'd']);
  });

  it('sorts text alphabetically ignoring case, numbers in text by value, dates as instants', () => {
    const names = ['banana', 'Apple', 'cherry', 'apple 10', 'apple 9'];
    const mixed = names.map((_, position) => ({ score: 0, position }));
    assert.deepEqual(
      sortMatches(mixed, { name: 'asc' }, createFieldRanks(names.map((name) => reader({ name })))).map((item) => names[item.position]),
      ['Apple', 'apple 9', 'apple 10', 'banana', 'cherry'],
    );
    const times = ['2024-01-02', '2024-01-01T23:00:00-02:00', '2023-12-31'];
    assert.deepEqual(
      sortMatches(
        times.map((_, position) => ({ score: 0, position })),
        { at: 'asc' },
        createFieldRanks(times.map((at) => reader({ at }))),
      ).map((item) => item.position),
      [2, 0, 1],
    );
  });

  it('gives equal values equal ranks, and documents without the field rank -1', () => {
    const ranks = createFieldRanks(ROWS.map(reader));
    assert.deepEqual([...ranks('topic')], [3, 3, 1, 0, 1], 'Housing, Parks, Parks, Rates, Rates');
    assert.deepEqual([...ranks('pages')], [0, 2, 1, 3, -1]);
    assert.deepEqual([...ranks('nothing')], [-1, -1, -1, -1, -1]);
  });
});
