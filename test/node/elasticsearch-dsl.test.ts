import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_RESULTS_PER_PAGE, SUGGESTIONS_SHOWN } from '../../src/core/constants';
import type { ApiSearchRequest } from '../../src/core/search/app-search-api';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkedEngineDefinition, pageEngine, type EngineDefinition } from '../../packages/civic-search/src/engines/engine-definition';
import { engineLayout } from '../../packages/civic-search/src/search/cluster/engine-layout';
import { filterToQuery as filterFor } from '../../packages/civic-search/src/search/cluster/filters-dsl';
import { facetsToAggregations as aggregationsFor } from '../../packages/civic-search/src/search/cluster/facets-dsl';
import { FOLDING_ANALYZER, textAnalysisFor } from '../../packages/civic-search/src/search/cluster/language-analysis';
import {
  clicksIndex,
  documentsIndex,
  indexSettingsForEngine,
  mappingForEngine,
} from '../../packages/civic-search/src/search/cluster/mapping';
import { searchRequestToBody as bodyFor } from '../../packages/civic-search/src/search/cluster/search-dsl';
import {
  suggestionRequestToBody as suggestionBodyFor,
  suggestionsFromResponse,
} from '../../packages/civic-search/src/search/cluster/suggest-dsl';
import { BackendError } from '../../packages/civic-search/src/search/types';

/** What goes over the wire (undefined members dropped). */
const wire = (value: unknown) => JSON.parse(JSON.stringify(value));

/** The content-page engine the site searches. */
const PAGES = engineLayout(pageEngine('site'));
const filterToQuery = (filter: Parameters<typeof filterFor>[0]) => filterFor(filter, PAGES);
const facetsToAggregations = (facets: Parameters<typeof aggregationsFor>[0]) => aggregationsFor(facets, PAGES);
const searchRequestToBody = (request: ApiSearchRequest) => bodyFor(request, PAGES);
const suggestionRequestToBody = (request: Parameters<typeof suggestionBodyFor>[0]) => suggestionBodyFor(request, PAGES);

function engineFixture(name: string): EngineDefinition {
  const file = join(import.meta.dirname, 'fixtures', 'elasticsearch', 'engines', `${name}.json`);
  return checkedEngineDefinition(JSON.parse(readFileSync(file, 'utf8')) as EngineDefinition);
}
/** Libraries: name and description searched (name above description), pages, opening date, location. */
const LIBRARY = engineFixture('library');
/** A te reo Māori engine: every text field searched, no weights. */
const WHARE = engineFixture('whare');
const SHARDS = { total: 1, successful: 1, skipped: 0, failed: 0 };

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

describe('the index mapping from an engine schema', () => {
  it('gives the content-page schema the mapping the site has always searched, every text field now filterable', () => {
    const exact = { type: 'keyword', ignore_above: 256 };
    const folded = { type: 'keyword', normalizer: 'sort_normalizer', ignore_above: 256 };
    assert.deepEqual(wire(mappingForEngine(pageEngine('site'))), {
      dynamic: 'strict',
      properties: {
        id: { type: 'keyword' },
        title: {
          type: 'text',
          analyzer: 'english',
          fields: { keyword: exact, sort: folded, suggest: { type: 'search_as_you_type' } },
        },
        summary: { type: 'text', analyzer: 'english', fields: { keyword: exact, sort: folded } },
        body: { type: 'text', analyzer: 'english', fields: { keyword: exact, sort: folded } },
        url: { type: 'keyword' },
        document_type: { type: 'keyword' },
        published_date: { type: 'date', format: 'strict_date_optional_time' },
        topic: { type: 'keyword' },
        subtopic: { type: 'keyword' },
        subsite: { type: 'keyword' },
      },
    });
    assert.deepEqual(wire(indexSettingsForEngine(pageEngine('site'))), {
      analysis: { normalizer: { sort_normalizer: { type: 'custom', filter: ['lowercase', 'asciifolding'] } } },
    });
  });

  it('maps a custom schema by field type: numbers as doubles, dates, geo points, suggestions on the heaviest field', () => {
    const mapping = wire(mappingForEngine(LIBRARY));
    assert.equal(mapping.dynamic, 'strict');
    assert.deepEqual(Object.keys(mapping.properties), ['id', 'name', 'description', 'pages', 'opened', 'location']);
    assert.deepEqual(mapping.properties.name.fields.suggest, { type: 'search_as_you_type' });
    assert.equal(mapping.properties.description.fields.suggest, undefined);
    assert.deepEqual(mapping.properties.description.fields.keyword, { type: 'keyword', ignore_above: 256 });
    assert.deepEqual(mapping.properties.pages, { type: 'double' });
    assert.deepEqual(mapping.properties.opened, { type: 'date', format: 'strict_date_optional_time' });
    assert.deepEqual(mapping.properties.location, { type: 'geo_point' });
  });

  it('searches only the text fields the engine weighs; its other text fields are exact values', () => {
    const definition: EngineDefinition = { ...LIBRARY, searchFields: { description: { weight: 1 } } };
    const mapping = wire(mappingForEngine(definition));
    assert.deepEqual(mapping.properties.name, { type: 'keyword' });
    assert.deepEqual(mapping.properties.description.fields.suggest, { type: 'search_as_you_type' });
    const layout = engineLayout(definition);
    assert.deepEqual(wire(filterFor({ name: 'Central' }, layout)), { term: { name: 'Central' } });
    assert.deepEqual(wire(bodyFor({ query: 'x', sort: { name: 'asc' } }, layout)).sort[0], { name: { order: 'asc' } });
  });

  it('analyses te reo Māori text by folding macrons and case, without stemming or English stop words', () => {
    const settings = wire(indexSettingsForEngine(WHARE));
    assert.deepEqual(settings.analysis.analyzer, {
      folded_text: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
    });
    const mapping = wire(mappingForEngine(WHARE));
    for (const field of ['ingoa', 'korero', 'rohe']) assert.equal(mapping.properties[field].analyzer, 'folded_text', field);
    // Suggestions fold too, so typing "mao" completes "Māori".
    assert.deepEqual(mapping.properties.ingoa.fields.suggest, { type: 'search_as_you_type', analyzer: 'folded_text' });
    assert.equal(wire(bodyFor({ query: 'Māori' }, engineLayout(WHARE))).query.bool.must[0].multi_match.analyzer, 'folded_text');
  });

  it('takes Elasticsearch’s analyzer for a language it has one for, and folds for the rest', () => {
    const analyzerOf = (language: string | null | undefined) => textAnalysisFor(language).analyzer;
    assert.equal(analyzerOf(undefined), 'english');
    assert.equal(analyzerOf('en'), 'english');
    assert.equal(analyzerOf('en-NZ'), 'english');
    assert.equal(analyzerOf('ga'), 'irish');
    assert.equal(analyzerOf('fr'), 'french');
    assert.equal(analyzerOf('pt-br'), 'brazilian');
    assert.equal(analyzerOf('zh'), 'cjk');
    for (const language of ['mi', 'cy', 'gd', null, 'xx']) assert.equal(analyzerOf(language), FOLDING_ANALYZER, String(language));
    assert.deepEqual(textAnalysisFor('en').customAnalyzers, {});
  });
});

describe('the translation for a custom schema', () => {
  const library = engineLayout(LIBRARY);

  it('searches the engine’s weighted text fields with its analyzer', () => {
    const match = wire(bodyFor({ query: 'central library' }, library)).query.bool.must[0].multi_match;
    assert.deepEqual(match.fields, ['name^2', 'description']);
    assert.equal(match.analyzer, 'english');
  });

  it('filters numbers by value and by range, and text by its exact subfield', () => {
    assert.deepEqual(wire(filterFor({ pages: { from: 100, to: 500 } }, library)), { range: { pages: { gte: 100, lt: 500 } } });
    assert.deepEqual(wire(filterFor({ pages: [12, { from: 1000 }] }, library)), {
      bool: { should: [{ term: { pages: 12 } }, { range: { pages: { gte: 1000 } } }], minimum_should_match: 1 },
    });
    assert.deepEqual(wire(filterFor({ name: ['Central Library', 'Te Awe'] }, library)), {
      terms: { 'name.keyword': ['Central Library', 'Te Awe'] },
    });
  });

  it('counts number ranges with a range aggregation and text values on the exact subfield', () => {
    const aggregations = wire(
      aggregationsFor(
        {
          pages: { type: 'range', ranges: [{ to: 100, name: 'Short' }, { from: 100, to: 500 }, { from: 500 }] },
          name: { type: 'value', size: 3 },
          opened: { type: 'range', ranges: [{ from: '2000-01-01' }] },
        },
        library,
      ),
    );
    assert.deepEqual(aggregations['facet:pages:0'], {
      range: {
        field: 'pages',
        ranges: [
          { key: 'range-0', to: 100 },
          { key: 'range-1', from: 100, to: 500 },
          { key: 'range-2', from: 500 },
        ],
      },
    });
    assert.deepEqual(aggregations['facet:name:0'], { terms: { field: 'name.keyword', size: 3, order: { _count: 'desc' } } });
    assert.deepEqual(aggregations['facet:opened:0'], { date_range: { field: 'opened', ranges: [{ key: 'range-0', from: '2000-01-01' }] } });
  });

  it('sorts text by its folded copy and numbers and dates by value; a search without words lists the newest first', () => {
    assert.deepEqual(wire(bodyFor({ query: 'x', sort: [{ name: 'asc' }, { pages: 'desc' }] }, library)).sort, [
      { 'name.sort': { order: 'asc' } },
      { pages: { order: 'desc' } },
      { id: { order: 'asc' } },
    ]);
    assert.deepEqual(wire(bodyFor({ query: '' }, library)).sort, [{ opened: { order: 'desc' } }, { id: { order: 'asc' } }]);
    assert.deepEqual(wire(bodyFor({ query: '' }, engineLayout(WHARE))).sort, [{ id: { order: 'asc' } }]);
  });

  it('highlights the heaviest field whole and other searched fields as a fragment', () => {
    const body = wire(
      bodyFor(
        { query: 'x', result_fields: { name: { snippet: {} }, description: { snippet: { size: 80 } }, pages: { raw: {}, snippet: {} } } },
        library,
      ),
    );
    assert.deepEqual(body.highlight.fields, {
      name: { number_of_fragments: 0 },
      description: { fragment_size: 80, number_of_fragments: 1 },
    });
  });

  it('suggests from the heaviest field’s search-as-you-type subfields', () => {
    assert.deepEqual(wire(suggestionBodyFor({ query: 'cent', size: 3 }, library)), {
      size: 12,
      _source: ['name'],
      query: {
        multi_match: { query: 'cent', type: 'bool_prefix', fields: ['name.suggest', 'name.suggest._2gram', 'name.suggest._3gram'] },
      },
    });
  });

  it('matches nothing for words, and suggests nothing, in an engine without text to search', () => {
    const numbers = engineLayout({ name: 'counts', schema: { visits: 'number', day: 'date' } });
    assert.deepEqual(wire(bodyFor({ query: 'anything' }, numbers)).query.bool.must, [{ match_none: {} }]);
    assert.equal(suggestionBodyFor({ query: 'any' }, numbers), undefined);
    assert.deepEqual(Object.keys(wire(mappingForEngine(numbers)).properties), ['id', 'visits', 'day']);
  });
});

describe('suggestions from an answer', () => {
  const hit = (name: unknown) => ({ _index: 'civic-search-library', _id: String(name), _source: { name } });
  const answer = (...names: unknown[]) => ({ took: 1, timed_out: false, _shards: SHARDS, hits: { hits: names.map(hit) } });

  it('are distinct values of the heaviest field, and only the listed values the typed words complete', () => {
    const library = engineLayout(LIBRARY);
    const suggestions = suggestionsFromResponse(
      answer('Central Library', 'central  library', ['Te Awe', 'Māori Land Court library'], 42),
      { query: 'maori l' },
      library,
    );
    assert.deepEqual(suggestions, ['Central Library', 'Māori Land Court library']);
  });
});
