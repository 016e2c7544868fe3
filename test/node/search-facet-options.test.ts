import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { facetOptions } from '../../src/core/search-facet-options';
import type { Facet } from '../../src/core/search/state';

const facets: Record<string, Facet[]> = {
  document_type: [
    {
      field: 'document_type',
      type: 'value',
      data: [
        { value: 'Policy', count: 12 },
        { value: 'Report', count: 4 },
        { value: 'Policy', count: 1 },
      ],
    },
  ],
  published_date: [{ field: 'published_date', type: 'range', data: [{ value: { from: '2026-01-01', name: 'This year' }, count: 3 }] }],
};

describe('facetOptions', () => {
  it('lists the counted values in order, each once, ticked when a filter on the field holds them', () => {
    assert.deepEqual(facetOptions('document_type', facets, [{ field: 'document_type', values: ['Report'], type: 'any' }]), [
      { value: 'Policy', text: 'Policy', count: 12, selected: false },
      { value: 'Report', text: 'Report', count: 4, selected: true },
    ]);
  });

  it('keeps ticked values the backend no longer counts, with 0, so they can be unticked', () => {
    assert.deepEqual(facetOptions('document_type', facets, [{ field: 'document_type', values: ['Form', 7], type: 'any' }]).slice(2), [
      { value: 'Form', text: 'Form', count: 0, selected: true },
      { value: 7, text: '7', count: 0, selected: true },
    ]);
    assert.deepEqual(facetOptions('topic', {}, [{ field: 'topic', values: ['Rates'], type: 'all' }]), [
      { value: 'Rates', text: 'Rates', count: 0, selected: true },
    ]);
  });

  it('gives nothing for a range facet, an unknown field or a prototype key', () => {
    assert.deepEqual(facetOptions('published_date', facets, []), []);
    assert.deepEqual(facetOptions('topic', facets, []), []);
    assert.deepEqual(facetOptions('constructor', facets, []), []);
  });
});
