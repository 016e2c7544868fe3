import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  addFilterValue,
  clearFilterValues,
  filterValuesMatch,
  markSelectedFacetValues,
  mergeFilters,
  removeFilterValue,
  setFilterValue,
} from '../../src/core/search/filters';
import type { Filter } from '../../src/core/search/state';

const topic: Filter = { field: 'topic', values: ['Housing'], type: 'any' };

describe('filterValuesMatch', () => {
  it('matches equal values, ranges with the same bounds, and ranges with the same name', () => {
    assert.equal(filterValuesMatch('a', 'a'), true);
    assert.equal(filterValuesMatch(1, '1'), false);
    assert.equal(filterValuesMatch({ from: 1, to: 2 }, { from: 1, to: 2 }), true);
    assert.equal(filterValuesMatch({ from: 1, to: 2 }, { from: 1, to: 3 }), false);
    assert.equal(filterValuesMatch({ from: 1, name: 'Recent' }, { from: 5, name: 'Recent' }), true);
    assert.equal(filterValuesMatch({ from: 1, name: 'Recent' }, { from: 1, name: 'Old' }), false);
    assert.equal(filterValuesMatch({ from: 1, name: 'Recent' }, { from: 1 }), false);
    assert.equal(filterValuesMatch({ from: 1 }, 'x'), false);
  });
});

describe('filter maths', () => {
  it('addFilterValue creates, extends, and never duplicates; other filters keep their values', () => {
    const once = addFilterValue([], 'topic', 'Housing', 'any');
    assert.deepEqual(once, [topic]);
    assert.deepEqual(addFilterValue(once, 'topic', 'Roads', 'any'), [{ ...topic, values: ['Housing', 'Roads'] }]);
    assert.deepEqual(addFilterValue(once, 'topic', 'Housing', 'any'), [topic]);
    assert.deepEqual(addFilterValue(once, 'topic', 'Roads', 'none'), [topic, { field: 'topic', values: ['Roads'], type: 'none' }]);
    const named = addFilterValue([], 'date', { from: 1, name: 'Recent' }, 'any');
    assert.deepEqual(addFilterValue(named, 'date', { from: 2, name: 'Recent' }, 'any'), named, 'a range is matched by name');
  });

  it('setFilterValue replaces the values of that field and type only', () => {
    const filters = [topic, { field: 'topic', values: ['x'], type: 'none' as const }];
    assert.deepEqual(setFilterValue(filters, 'topic', 'Roads', 'any'), [filters[1], { ...topic, values: ['Roads'] }]);
  });

  it('removeFilterValue removes by field, by field and type, or one value; an emptied filter goes', () => {
    const filters: Filter[] = [
      { field: 'topic', values: ['A', 'B'], type: 'any' },
      { field: 'topic', values: ['A'], type: 'all' },
    ];
    assert.deepEqual(removeFilterValue(filters, 'topic'), []);
    assert.deepEqual(removeFilterValue(filters, 'topic', undefined, 'all'), [filters[0]]);
    assert.deepEqual(removeFilterValue(filters, 'topic', 'A'), [{ field: 'topic', values: ['B'], type: 'any' }]);
    assert.deepEqual(removeFilterValue(filters, 'topic', 'A', 'any'), [{ field: 'topic', values: ['B'], type: 'any' }, filters[1]]);
    assert.deepEqual(removeFilterValue(filters, 'other', 'A'), filters);
    assert.deepEqual(removeFilterValue([{ field: 'n', values: [0, 1], type: 'any' }], 'n', 0), [{ field: 'n', values: [1], type: 'any' }]);
  });

  it('clearFilterValues keeps only the fields listed', () => {
    const subsite: Filter = { field: 'subsite', values: ['Parks'], type: 'all' };
    assert.deepEqual(clearFilterValues([topic, subsite], ['subsite']), [subsite]);
    assert.deepEqual(clearFilterValues([topic, subsite]), []);
  });

  it('mergeFilters adds fixed filters unless that field and type are already filtered', () => {
    const fixed: Filter[] = [
      { field: 'subsite', values: ['Parks'], type: 'all' },
      { field: 'topic', values: ['Other'], type: 'any' },
    ];
    assert.deepEqual(mergeFilters([topic], fixed), [topic, fixed[0]]);
    assert.deepEqual(mergeFilters([topic]), [topic]);
  });
});

describe('markSelectedFacetValues', () => {
  it('marks the values a filter on the facet’s field holds, as own fields even for odd names', () => {
    const facets = JSON.parse(
      '{"topic":[{"field":"topic","type":"value","data":[{"value":"Housing","count":1},{"value":"Roads","count":2}]}],"__proto__":[{"field":"__proto__","type":"value","data":[]}]}',
    );
    const marked = markSelectedFacetValues(facets, [topic, { field: 'other', values: ['Roads'], type: 'any' }]);
    assert.deepEqual(
      marked.topic[0].data.map((entry) => entry.selected),
      [true, false],
    );
    assert.ok(Object.prototype.hasOwnProperty.call(marked, '__proto__'));
    assert.equal(Object.getPrototypeOf(marked), Object.prototype);
  });
});
