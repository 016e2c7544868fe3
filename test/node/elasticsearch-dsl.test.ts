import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_RESULTS_PER_PAGE, SUGGESTIONS_SHOWN } from '../../src/core/constants';
import type { ApiSearchRequest } from '../../src/core/search/app-search-api';
import { filterToQuery } from '../../packages/civic-search/src/search/elasticsearch/filters-dsl';
import { facetsToAggregations } from '../../packages/civic-search/src/search/elasticsearch/facets-dsl';
import { clicksIndex, documentsIndex } from '../../packages/civic-search/src/search/elasticsearch/mapping';
import { searchRequestToBody } from '../../packages/civic-search/src/search/elasticsearch/search-dsl';
import { suggestionRequestToBody } from '../../packages/civic-search/src/search/elasticsearch/suggest-dsl';
import { BackendError } from '../../packages/civic-search/src/search/types';

/** What goes over the wire (undefined members dropped). */
const wire = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('filters to the Query DSL', () => {
  it('turns one value into a term query and several into terms (any of them)', () => {
    assert.deepEqual(wire(filterToQuery({ topic: 'Rates' })), { term: { topic: 'Rates' } });
    assert.deepEqual(wire(filterToQuery({ topic: ['Rates', 'Housing'] })), { terms: { topic: ['Rates', 'Housing'] } });
  });

  it('turns a range into gte/lt (App Search: from inclusive, to exclusive), either end optional', () => {
    assert.deepEqual(wire(filterToQuery({ published_date: { from: '2026-01-01', to: '2027-01-01', name: '2026' } })), {
      range: { published_date: { gte: '2026-01-01', lt: '2027-01-01' } },
    });
    assert.deepEqual(wire(filterToQuery({ published_date: { to: '2020-01-01' } })), { range: { published_date: { lt: '2020-01-01' } } });
  });

  it('matches any of a mixed list of values and ranges', () => {
    assert.deepEqual(wire(filterToQuery({ published_date: ['2026-03-14', { from: '2020-01-01', to: '2021-01-01' }] })), {
      bool: {
        should: [{ term: { published_date: '2026-03-14' } }, { range: { published_date: { gte: '2020-01-01', lt: '2021-01-01' } } }],
        minimum_should_match: 1,
      },
    });
  });

  it('nests all / any / none into bool filter / should / must_not', () => {
    const query = filterToQuery({
      all: [{ any: [{ topic: 'Rates' }, { topic: 'Housing' }] }, { none: [{ document_type: 'News' }] }, { subsite: 'main' }],
    });
    assert.deepEqual(wire(query), {
      bool: {
        filter: [
          { bool: { should: [{ term: { topic: 'Rates' } }, { term: { topic: 'Housing' } }], minimum_should_match: 1 } },
          { bool: { must_not: [{ term: { document_type: 'News' } }] } },
          { term: { subsite: 'main' } },
        ],
      },
    } as unknown);
  });

  it('requires every field of one object, and treats empty lists as no condition', () => {
    assert.deepEqual(wire(filterToQuery({ topic: 'Rates', subsite: 'main' })), {
      bool: { filter: [{ term: { topic: 'Rates' } }, { term: { subsite: 'main' } }] },
    });
    assert.deepEqual(wire(filterToQuery({ all: [], any: [] })), { bool: {} });
  });
});

describe('facets to aggregations', () => {
  it('turns value facets into terms aggregations, by count (default) or by value', () => {
    assert.deepEqual(
      wire(
        facetsToAggregations({
          topic: { type: 'value', size: 30 },
          document_type: [{ type: 'value' }, { type: 'value', sort: { value: 'asc' }, size: 5 }],
        }),
      ),
      {
        'facet:topic:0': { terms: { field: 'topic', size: 30, order: { _count: 'desc' } } },
        'facet:document_type:0': { terms: { field: 'document_type', size: 10, order: { _count: 'desc' } } },
        'facet:document_type:1': { terms: { field: 'document_type', size: 5, order: { _key: 'asc' } } },
      },
    );
  });

  it('turns a range facet on a date into a date_range aggregation with a key a range', () => {
    const aggregations = facetsToAggregations({
      published_date: {
        type: 'range',
        ranges: [
          { from: '2026-01-01', name: 'This year' },
          { to: '2026-01-01', name: 'Older' },
        ],
      },
    });
    assert.deepEqual(wire(aggregations), {
      'facet:published_date:0': {
        date_range: {
          field: 'published_date',
          ranges: [
            { key: 'range-0', from: '2026-01-01' },
            { key: 'range-1', to: '2026-01-01' },
          ],
        },
      },
    });
  });
});

describe('a search request to the search body', () => {
  const base: ApiSearchRequest = { query: 'building consent' };

  it('searches title above summary above body, fuzzily, with the english analyzer', () => {
    const body = wire(searchRequestToBody(base));
    assert.deepEqual(body.query, {
      bool: {
        must: [
          {
            multi_match: {
              query: 'building consent',
              fields: ['title^3', 'summary^2', 'body'],
              type: 'best_fields',
              analyzer: 'english',
              fuzziness: 'AUTO',
              prefix_length: 1,
              minimum_should_match: '2<75%',
            },
          },
        ],
      },
    });
    assert.equal(body.from, 0);
    assert.equal(body.size, DEFAULT_RESULTS_PER_PAGE);
    assert.equal(body.track_total_hits, true);
    assert.deepEqual(body.sort, [{ _score: { order: 'desc' } }, { id: { order: 'asc' } }]);
  });

  it('uses the weights of search_fields when given', () => {
    const body = wire(searchRequestToBody({ ...base, search_fields: { title: { weight: 5 }, body: {} } }));
    assert.deepEqual(body.query.bool.must[0].multi_match.fields, ['title^5', 'body']);
  });

  it('lists everything, newest first, for a search without words', () => {
    const body = wire(searchRequestToBody({ query: '  ' }));
    assert.deepEqual(body.query, { bool: { must: [{ match_all: {} }] } });
    assert.deepEqual(body.sort, [{ published_date: { order: 'desc' } }, { id: { order: 'asc' } }]);
  });

  it('pages with from/size and keeps inside the 10,000 result window', () => {
    assert.deepEqual(pick(searchRequestToBody({ ...base, page: { size: 10, current: 3 } })), { from: 20, size: 10 });
    assert.deepEqual(pick(searchRequestToBody({ ...base, page: { size: 1000, current: 10 } })), { from: 9000, size: 1000 });
    assert.deepEqual(pick(searchRequestToBody({ ...base, page: { size: 1000, current: 11 } })), { from: 0, size: 0 });
    assert.deepEqual(pick(searchRequestToBody({ ...base, page: { size: 300, current: 34 } })), { from: 9900, size: 100 });
  });

  it('sorts by one field or a list, title by its case-folded keyword copy, always ending on the id', () => {
    assert.deepEqual(wire(searchRequestToBody({ ...base, sort: { published_date: 'asc' } })).sort, [
      { published_date: { order: 'asc' } },
      { id: { order: 'asc' } },
    ]);
    assert.deepEqual(wire(searchRequestToBody({ ...base, sort: [{ title: 'asc' }, { _score: 'desc' }] })).sort, [
      { 'title.sort': { order: 'asc' } },
      { _score: { order: 'desc' } },
      { id: { order: 'asc' } },
    ]);
  });

  it('puts filters in the non-scoring filter clause', () => {
    const body = wire(searchRequestToBody({ ...base, filters: { all: [{ topic: 'Rates' }] } }));
    assert.deepEqual(body.query.bool.filter, [{ bool: { filter: [{ term: { topic: 'Rates' } }] } }]);
  });

  it('fetches only the result fields asked for and highlights the text ones, escaped, in <em>', () => {
    const body = wire(
      searchRequestToBody({
        ...base,
        result_fields: {
          title: { raw: {}, snippet: { size: 50 } },
          summary: { snippet: { size: 200, fallback: true } },
          url: { raw: {} },
          document_type: { raw: {}, snippet: {} },
        },
      }),
    );
    assert.deepEqual(body._source, ['title', 'summary', 'url', 'document_type']);
    assert.deepEqual(body.highlight, {
      encoder: 'html',
      pre_tags: ['<em>'],
      post_tags: ['</em>'],
      fields: { title: { number_of_fragments: 0 }, summary: { fragment_size: 200, number_of_fragments: 1 } },
    });
  });

  it('asks for aggregations only when facets are asked for', () => {
    assert.equal(wire(searchRequestToBody(base)).aggregations, undefined);
    assert.ok(wire(searchRequestToBody({ ...base, facets: { topic: { type: 'value' } } })).aggregations['facet:topic:0']);
  });
});

describe('suggestions', () => {
  it('complete the typed prefix over the title search-as-you-type fields, fetching spare titles', () => {
    assert.deepEqual(wire(suggestionRequestToBody({ query: ' building con ' })), {
      size: SUGGESTIONS_SHOWN * 4,
      _source: ['title'],
      query: {
        multi_match: {
          query: 'building con',
          type: 'bool_prefix',
          fields: ['title.suggest', 'title.suggest._2gram', 'title.suggest._3gram'],
        },
      },
    });
  });
});

describe('index names', () => {
  it('are <prefix>-<engine> and <prefix>-clicks', () => {
    assert.equal(documentsIndex('civic-search', 'site'), 'civic-search-site');
    assert.equal(clicksIndex('civic-search'), 'civic-search-clicks');
  });

  it('refuse engine names that cannot name an index, or would clash with the clicks index', () => {
    for (const engine of ['clicks', 'Site', '../x', '', '_all', 'a b']) {
      assert.throws(() => documentsIndex('civic-search', engine), BackendError, engine);
    }
  });
});

function pick(body: { from?: number; size?: number }) {
  return { from: body.from, size: body.size };
}
