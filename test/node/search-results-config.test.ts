import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_RESULTS_PER_PAGE } from '../../src/core/constants';
import {
  defaultSearchResultsConfig,
  PAGE_SIZE_OPTIONS,
  readSearchResultsConfig,
  searchQueryConfig,
  sortIdOf,
  sortOptions,
} from '../../src/core/search-results-config';

const noSort = { sortList: [], sortField: '', sortDirection: '' as const };

describe('readSearchResultsConfig', () => {
  it('gives the defaults (the kit’s document schema) for no config, and fresh copies each time', () => {
    const { config, problems } = readSearchResultsConfig(undefined);
    assert.deepEqual(config, defaultSearchResultsConfig);
    assert.deepEqual(problems, []);
    config.facets.push({ field: 'subsite' });
    assert.equal(readSearchResultsConfig(undefined).config.facets.length, 2);
    assert.ok(PAGE_SIZE_OPTIONS.includes(DEFAULT_RESULTS_PER_PAGE));
  });

  it('takes each valid key and keeps the default, with a reason, for each invalid or unknown one', () => {
    const { config, problems } = readSearchResultsConfig({
      titleField: 'name',
      dateField: 'bad field',
      facets: [{ field: 'subsite', label: ' Area ', param: 'area' }, 'topic'],
      pageSizes: [50, 10, 10, 25],
      metaFields: [],
      facetSize: 9999,
      colour: 'red',
    });
    assert.equal(config.titleField, 'name');
    assert.equal(config.dateField, 'published_date');
    assert.deepEqual(config.facets, [{ field: 'subsite', label: 'Area', param: 'area' }, { field: 'topic' }]);
    assert.deepEqual(config.pageSizes, [10, 25, 50]);
    assert.deepEqual(config.metaFields, []);
    assert.equal(config.facetSize, defaultSearchResultsConfig.facetSize);
    assert.deepEqual(problems.sort(), [
      '"dateField" is not valid; the default is kept',
      '"facetSize" is not valid; the default is kept',
      'unknown key "colour" ignored',
    ]);
  });

  it('refuses a config that is not an object, and facets or sizes with any bad entry', () => {
    assert.deepEqual(readSearchResultsConfig('facets').problems, ['config must be an object; the defaults are used']);
    const { config } = readSearchResultsConfig({ facets: [{ field: 'topic' }, { field: '__proto__ x' }], pageSizes: [10, 0] });
    assert.deepEqual(config.facets, defaultSearchResultsConfig.facets);
    assert.deepEqual(config.pageSizes, defaultSearchResultsConfig.pageSizes);
  });
});

describe('sort options', () => {
  const config = readSearchResultsConfig(undefined).config;

  it('offers relevance (no sort), newest and oldest by date, and title A to Z', () => {
    assert.deepEqual(sortOptions(config), {
      relevance: undefined,
      newest: { field: 'published_date', direction: 'desc' },
      oldest: { field: 'published_date', direction: 'asc' },
      title: { field: 'title', direction: 'asc' },
    });
  });

  it('names the order of a state, from its sort field or the first of its sort list', () => {
    assert.equal(sortIdOf(noSort, config), 'relevance');
    assert.equal(sortIdOf({ ...noSort, sortField: 'published_date', sortDirection: 'desc' }, config), 'newest');
    assert.equal(sortIdOf({ ...noSort, sortList: [{ field: 'title', direction: 'asc' }] }, config), 'title');
    assert.equal(sortIdOf({ ...noSort, sortField: 'topic', sortDirection: 'asc' }, config), undefined);
  });
});

describe('searchQueryConfig', () => {
  it('asks for the shown fields, a snippet per description field (the last one falling back to its text) and disjunctive facets', () => {
    const query = searchQueryConfig(readSearchResultsConfig(undefined).config);
    assert.deepEqual(query.result_fields, {
      title: { raw: {} },
      url: { raw: {} },
      document_type: { raw: {} },
      published_date: { raw: {} },
      topic: { raw: {} },
      body: { snippet: { size: 250, fallback: false } },
      summary: { raw: {}, snippet: { size: 250, fallback: true } },
    });
    assert.deepEqual(query.facets, { document_type: { type: 'value', size: 50 }, topic: { type: 'value', size: 50 } });
    assert.deepEqual(query.disjunctiveFacets, ['document_type', 'topic']);
  });
});
