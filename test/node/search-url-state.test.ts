import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { MAX_TOTAL_PAGES } from '../../src/core/constants';
import { MAX_RESULTS_PER_PAGE } from '../../src/core/search/paging';
import type { Filter, FilterValue, RequestState, SortOption } from '../../src/core/search/state';
import { queryStringToState, stateToQueryString, type UrlRequestState } from '../../src/core/search/url-state';

describe('URL state: Search UI 1.x query strings', () => {
  it('reads the query strings Search UI writes, and writes them back identically', () => {
    const cases: [string, UrlRequestState][] = [
      [
        'q=rates&size=n_20_n&filters%5B0%5D%5Bfield%5D=topic&filters%5B0%5D%5Bvalues%5D%5B0%5D=Housing&filters%5B0%5D%5Btype%5D=any',
        { searchTerm: 'rates', resultsPerPage: 20, filters: [{ field: 'topic', values: ['Housing'], type: 'any' }] },
      ],
      [
        // Search UI's own test fixture (URLManager.test): two filters and the old sort keys.
        'q=node&size=n_20_n&filters%5B0%5D%5Bfield%5D=test&filters%5B0%5D%5Bvalues%5D%5B0%5D=value&filters%5B0%5D%5Btype%5D=all&filters%5B1%5D%5Bfield%5D=node&filters%5B1%5D%5Bvalues%5D%5B0%5D=value&filters%5B1%5D%5Btype%5D=all&sort-field=name&sort-direction=asc',
        {
          searchTerm: 'node',
          resultsPerPage: 20,
          filters: [
            { field: 'test', values: ['value'], type: 'all' },
            { field: 'node', values: ['value'], type: 'all' },
          ],
          sortField: 'name',
          sortDirection: 'asc',
        },
      ],
      [
        'current=n_3_n&q=road%20works&size=n_50_n&sort%5B0%5D%5Bfield%5D=published_date&sort%5B0%5D%5Bdirection%5D=desc&sort%5B1%5D%5Bfield%5D=title&sort%5B1%5D%5Bdirection%5D=asc',
        {
          current: 3,
          searchTerm: 'road works',
          resultsPerPage: 50,
          sortList: [
            { field: 'published_date', direction: 'desc' },
            { field: 'title', direction: 'asc' },
          ],
        },
      ],
      [
        // A range filter with number bounds and its facet's name.
        'filters%5B0%5D%5Bfield%5D=acres&filters%5B0%5D%5Bvalues%5D%5B0%5D%5Bfrom%5D=n_12_n&filters%5B0%5D%5Bvalues%5D%5B0%5D%5Bto%5D=n_4000_n&filters%5B0%5D%5Bvalues%5D%5B0%5D%5Bname%5D=Medium&filters%5B0%5D%5Btype%5D=all',
        { filters: [{ field: 'acres', values: [{ from: 12, to: 4000, name: 'Medium' }], type: 'all' }] },
      ],
    ];
    for (const [queryString, state] of cases) {
      assert.deepEqual(queryStringToState(queryString), state, queryString);
      assert.equal(stateToQueryString(state), queryString);
    }
  });

  it('reads unencoded brackets, a leading "?", numbers without markers and true as b_true_b', () => {
    assert.deepEqual(
      queryStringToState(
        '?q=x&current=2&size=10&filters[0][field]=open&filters[0][values][0]=b_true_b&filters[0][values][1]=n_-1.5_n&filters[0][type]=none',
      ),
      {
        searchTerm: 'x',
        current: 2,
        resultsPerPage: 10,
        filters: [{ field: 'open', values: [true, -1.5], type: 'none' }],
      },
    );
  });

  it('takes the last of repeated keys (Search UI’s fixture with bad values first)', () => {
    assert.deepEqual(
      queryStringToState('q=bad&q=node&size=bad&size=20&sort-direction=bad&sort-direction=asc&sort-field=bad&sort-field=name'),
      {
        searchTerm: 'node',
        resultsPerPage: 20,
        sortField: 'name',
        sortDirection: 'asc',
      },
    );
    assert.deepEqual(queryStringToState('filters[0][field]=bad&filters[0][field]=topic&filters[0][values][0]=Roads&filters[0][type]=any'), {
      filters: [{ field: 'topic', values: ['Roads'], type: 'any' }],
    });
  });

  it('writes current only above 1, and sort-field only without a sort list', () => {
    assert.equal(stateToQueryString({ current: 1, searchTerm: 'a' }), 'q=a');
    assert.equal(stateToQueryString({ current: 2, searchTerm: 'a' }), 'current=n_2_n&q=a');
    assert.equal(
      stateToQueryString({ sortField: 'title', sortDirection: 'asc', sortList: [{ field: 'date', direction: 'desc' }] }),
      'sort%5B0%5D%5Bfield%5D=date&sort%5B0%5D%5Bdirection%5D=desc',
    );
    assert.equal(stateToQueryString({ sortField: 'title', sortDirection: '' }), 'sort-field=title&sort-direction=');
    assert.equal(stateToQueryString({}), '');
  });

  it('writes booleans and numbers with markers, and keeps text that looks like a marker as text', () => {
    const state: UrlRequestState = {
      searchTerm: 'n_5_n',
      filters: [{ field: 'b_true_b', values: [true, false, 7, 'n_7_n', 'fun_1_nice'], type: 'any' }],
    };
    const queryString = stateToQueryString(state);
    assert.match(queryString, /values%5D%5B0%5D=b_true_b&/);
    assert.match(queryString, /values%5D%5B1%5D=b_false_b&/);
    assert.match(queryString, /values%5D%5B2%5D=n_7_n&/);
    assert.match(queryString, /^q=n%5F5%5Fn&/);
    assert.deepEqual(queryStringToState(queryString), state);
  });
});

describe('URL state: what cannot be read is dropped', () => {
  it('drops bad pages and sizes, lowers a page above the cap, and reads current 1 as the default', () => {
    assert.deepEqual(queryStringToState('current=0&size=-5'), {});
    assert.deepEqual(queryStringToState('current=n_1.5_n&size=n_0_n'), {});
    assert.deepEqual(queryStringToState('current=n_1_n'), {});
    assert.deepEqual(queryStringToState(`current=${MAX_TOTAL_PAGES + 50}`), { current: MAX_TOTAL_PAGES });
    assert.deepEqual(queryStringToState(`size=${MAX_RESULTS_PER_PAGE + 1}`), {});
  });

  it('drops filters without a field, with an unknown type, or without readable values; keeps the rest', () => {
    const state = queryStringToState(
      [
        'filters[0][values][0]=a',
        'filters[1][field]=t&filters[1][values][0]=a&filters[1][type]=some',
        'filters[2][field]=t&filters[2][values][0][0]=nested',
        'filters[3][field]=kept&filters[3][values][0]=a&filters[3][values][1][from]=n_1_n&filters[3][values][1][extra]=x&filters[3][values][2][other]=x',
        'filters[4][field]=no-type&filters[4][values]=single',
      ].join('&'),
    );
    assert.deepEqual(state, {
      filters: [
        { field: 'kept', values: ['a', { from: 1 }], type: 'any' },
        { field: 'no-type', values: ['single'], type: 'any' },
      ],
    });
  });

  it('drops sort entries without a field or with another direction', () => {
    assert.deepEqual(
      queryStringToState('sort[0][field]=a&sort[0][direction]=up&sort[1][direction]=asc&sort[2][field]=b&sort[2][direction]=desc'),
      {
        sortList: [{ field: 'b', direction: 'desc' }],
      },
    );
    assert.deepEqual(queryStringToState('sort=title&sort-field=date&sort-direction=sideways'), {
      sortField: 'date',
      sortDirection: '',
    });
  });

  it('reads lists longer than qs’s array limit in index order', () => {
    const values = Array.from({ length: 3 }, (_, index) => `filters[0][values][${index * 600}]=v${index}`).join('&');
    assert.deepEqual(queryStringToState(`filters[0][field]=f&${values}`), {
      filters: [{ field: 'f', values: ['v0', 'v1', 'v2'], type: 'any' }],
    });
  });

  it('never throws on malformed input, and ignores what is not a string', () => {
    for (const input of ['%', '%E0%A4%A', 'q=%ZZ', '&&&==&', 'filters[[[]]]=1', 'a'.repeat(100_000), 'q=\uD800']) {
      assert.doesNotThrow(() => queryStringToState(input), input.slice(0, 20));
    }
    assert.deepEqual(queryStringToState(undefined), {});
    assert.deepEqual(queryStringToState({ q: 'x' }), {});
  });

  it('never pollutes prototypes', () => {
    const hostile = [
      '__proto__[polluted]=yes',
      'constructor[prototype][polluted]=yes',
      'filters[__proto__][polluted]=yes',
      'filters[0][__proto__][polluted]=yes&filters[0][field]=x&filters[0][values][0]=y',
      'filters[0][values][0][__proto__][polluted]=yes&filters[0][field]=x',
      'sort[0][constructor][prototype][polluted]=yes',
      'q[__proto__][polluted]=yes',
    ];
    for (const input of hostile) {
      const state = queryStringToState(input);
      assert.equal(({} as Record<string, unknown>).polluted, undefined, input);
      assert.equal(([] as unknown as Record<string, unknown>).polluted, undefined, input);
      assert.equal(Object.getPrototypeOf(state), Object.prototype, input);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Property-based: the reader's output always has the right shape, reading never throws or pollutes, and
// reading and writing are stable.

const KEYS = new Set(['current', 'filters', 'resultsPerPage', 'searchTerm', 'sortDirection', 'sortField', 'sortList']);
const plain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function isFilterValue(value: unknown): value is FilterValue {
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (!plain(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length > 0 &&
    keys.every((key) => ['from', 'to', 'name'].includes(key)) &&
    ['from', 'to'].every((key) => value[key] === undefined || typeof value[key] === 'string' || Number.isFinite(value[key])) &&
    (value.name === undefined || typeof value.name === 'string')
  );
}

/** Throws with the reason when `state` is not a well-formed UrlRequestState. */
function assertShape(state: unknown): void {
  assert.ok(plain(state), 'a plain object');
  for (const key of Object.keys(state)) assert.ok(KEYS.has(key), `known key ${key}`);
  if ('searchTerm' in state) assert.ok(typeof state.searchTerm === 'string' && state.searchTerm !== '');
  if ('current' in state) {
    assert.ok(Number.isInteger(state.current) && (state.current as number) > 1 && (state.current as number) <= MAX_TOTAL_PAGES);
  }
  if ('resultsPerPage' in state) {
    const size = state.resultsPerPage as number;
    assert.ok(Number.isInteger(size) && size >= 1 && size <= MAX_RESULTS_PER_PAGE);
  }
  if ('filters' in state) {
    const filters = state.filters as Filter[];
    assert.ok(Array.isArray(filters) && filters.length > 0);
    for (const filter of filters) {
      assert.deepEqual(Object.keys(filter), ['field', 'values', 'type']);
      assert.ok(typeof filter.field === 'string' && filter.field !== '');
      assert.ok(['any', 'all', 'none'].includes(filter.type));
      assert.ok(Array.isArray(filter.values) && filter.values.length > 0 && filter.values.every(isFilterValue));
    }
  }
  if ('sortList' in state) {
    const list = state.sortList as SortOption[];
    assert.ok(Array.isArray(list) && list.length > 0 && !('sortField' in state));
    for (const option of list) {
      assert.deepEqual(Object.keys(option), ['field', 'direction']);
      assert.ok(typeof option.field === 'string' && option.field !== '' && ['asc', 'desc', ''].includes(option.direction));
    }
  }
  if ('sortField' in state) {
    assert.ok(typeof state.sortField === 'string' && state.sortField !== '');
    assert.ok(['asc', 'desc', ''].includes(state.sortDirection as string));
  }
}

/** Query strings made of the keys the reader knows, nested, with markers, junk and hostile keys mixed in. */
const keyPart = fc.oneof(
  fc.constantFrom('q', 'current', 'size', 'filters', 'sort', 'sort-field', 'sort-direction', '__proto__', 'constructor', 'prototype'),
  fc.constantFrom('field', 'values', 'type', 'from', 'to', 'name', 'direction', 'toString', 'hasOwnProperty', 'length'),
  fc.nat({ max: 1200 }).map(String),
  fc.string({ maxLength: 6 }),
);
const keyArbitrary = fc
  .tuple(keyPart, fc.array(fc.oneof(keyPart, fc.constant('')), { maxLength: 7 }))
  .map(([root, rest]) => root + rest.map((part) => `[${part}]`).join(''));
const valueArbitrary = fc.oneof(
  fc.string({ maxLength: 12, unit: 'binary' }),
  fc.constantFrom(
    'n_20_n',
    'n_-1.5_n',
    'n__n',
    'n_1e+21_n',
    'b_true_b',
    'b_false_b',
    'b__b',
    'asc',
    'desc',
    'any',
    'all',
    'none',
    '%',
    '%E0%A4',
  ),
  fc.integer().map((n) => `n_${n}_n`),
);
const hostileQueryString = fc.oneof(
  fc
    .array(fc.tuple(keyArbitrary, valueArbitrary), { maxLength: 25 })
    .map((pairs) => pairs.map(([key, value]) => `${encodeURI(key)}=${value}`).join('&')),
  fc.string({ maxLength: 200, unit: 'binary' }),
);

describe('URL state: properties', () => {
  it('any string reads without throwing, into the right shape, touching no prototype', () => {
    const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort();
    fc.assert(
      fc.property(hostileQueryString, (input) => {
        const state = queryStringToState(input);
        assertShape(state);
        assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), prototypeNames);
        assert.equal(({} as Record<string, unknown>).polluted, undefined);
      }),
      { numRuns: 2000 },
    );
  });

  it('reading what was written gives the same state, and writing it again the same string', () => {
    fc.assert(
      fc.property(hostileQueryString, (input) => {
        const state = queryStringToState(input);
        const written = stateToQueryString(state);
        assert.deepEqual(queryStringToState(written), state);
        assert.equal(stateToQueryString(queryStringToState(written)), written);
      }),
      { numRuns: 2000 },
    );
  });

  it('any well-formed request state survives the round trip exactly', () => {
    const text = fc.string({ minLength: 1, maxLength: 15, unit: 'grapheme' });
    const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })).map((n) => (Object.is(n, -0) ? 0 : n));
    const bound = fc.oneof(fc.string({ maxLength: 10 }), number);
    const range = fc
      .record({ from: bound, to: bound, name: fc.string({ maxLength: 10 }) }, { requiredKeys: [], noNullPrototype: true })
      .filter((value) => Object.keys(value).length > 0)
      .map((value) => {
        // The normal form orders a range's keys from, to, name.
        const ordered: Record<string, unknown> = {};
        for (const key of ['from', 'to', 'name'] as const) if (key in value) ordered[key] = value[key];
        return ordered as FilterValue;
      });
    const filterValue = fc.oneof(fc.string({ maxLength: 10, unit: 'grapheme' }), number, fc.boolean(), range);
    const filter = fc.record(
      {
        field: text,
        values: fc.array(filterValue, { minLength: 1, maxLength: 4 }),
        type: fc.constantFrom('any' as const, 'all' as const, 'none' as const),
      },
      { noNullPrototype: true },
    );
    const direction = fc.constantFrom('asc' as const, 'desc' as const);
    const state = fc
      .record(
        {
          searchTerm: text,
          current: fc.integer({ min: 2, max: MAX_TOTAL_PAGES }),
          resultsPerPage: fc.integer({ min: 1, max: MAX_RESULTS_PER_PAGE }),
          filters: fc.array(filter, { minLength: 1, maxLength: 3 }),
          sort: fc.oneof(
            fc.record({
              sortList: fc.array(fc.record({ field: text, direction }, { noNullPrototype: true }), { minLength: 1, maxLength: 3 }),
            }),
            fc.record({ sortField: text, sortDirection: fc.constantFrom('asc' as const, 'desc' as const, '' as const) }),
          ),
        },
        { requiredKeys: [], noNullPrototype: true },
      )
      .map(({ sort, ...rest }) => ({ ...rest, ...sort }) as Partial<RequestState>);
    fc.assert(
      fc.property(state, (original) => {
        assert.deepEqual(queryStringToState(stateToQueryString(original)), original);
      }),
      { numRuns: 1000 },
    );
  });
});
