import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TOTAL_PAGES } from '../../src/core/constants';
import { readPageParams, withPageParams } from '../../src/core/search-page-params';
import { readSearchResultsConfig } from '../../src/core/search-results-config';
import { queryStringToState } from '../../src/core/search/url-state';

const names = readSearchResultsConfig(undefined).config;

describe('readPageParams', () => {
  it('reads the header form’s term', () => {
    assert.deepEqual(readPageParams('Search=+bin+day+', names), { searchTerm: 'bin day' });
    assert.deepEqual(readPageParams('?Search=', names), {});
  });

  it('reads the results page form: facets as any-filters, the order by its name, and the page', () => {
    assert.deepEqual(readPageParams('Search=rates&type=Policy&type=Report&topic=Rates&sort=newest&page=3', names), {
      searchTerm: 'rates',
      current: 3,
      sortList: [],
      sortField: 'published_date',
      sortDirection: 'desc',
      filters: [
        { field: 'document_type', values: ['Policy', 'Report'], type: 'any' },
        { field: 'topic', values: ['Rates'], type: 'any' },
      ],
    });
    assert.deepEqual(readPageParams('sort=relevance', names), { sortList: [], sortField: '', sortDirection: '' });
  });

  it('is undefined for an address without the form’s parameters (a Search UI address)', () => {
    assert.equal(readPageParams('q=rates&size=n_20_n&sort%5B0%5D%5Bfield%5D=title', names), undefined);
    assert.equal(readPageParams('', names), undefined);
  });

  it('drops values it cannot use: bad pages, empty or overlong facet values, repeats; caps pages and trims terms', () => {
    assert.deepEqual(readPageParams(`page=x&type=&type=${'a'.repeat(129)}&type=Form&type=Form`, names), {
      filters: [{ field: 'document_type', values: ['Form'], type: 'any' }],
    });
    assert.deepEqual(readPageParams('page=5000', names), { current: MAX_TOTAL_PAGES });
    assert.equal(readPageParams(`Search=${'x'.repeat(200)}`, names)?.searchTerm?.length, 128);
  });

  it('follows the configured parameter names', () => {
    const custom = readSearchResultsConfig({ termParam: 'keywords', facets: [{ field: 'subsite', param: 'area' }] }).config;
    assert.deepEqual(readPageParams('keywords=dogs&area=North&type=Policy', custom), {
      searchTerm: 'dogs',
      filters: [{ field: 'subsite', values: ['North'], type: 'any' }],
    });
  });
});

describe('withPageParams', () => {
  it('lets the form’s parameters win and adds their filters to the Search UI ones', () => {
    const search =
      'q=old&filters%5B0%5D%5Bfield%5D=document_type&filters%5B0%5D%5Bvalues%5D%5B0%5D=Form&filters%5B0%5D%5Btype%5D=any&Search=new&type=Policy&type=Form';
    const merged = withPageParams(queryStringToState(search), readPageParams(search, names)!);
    assert.deepEqual(merged, {
      searchTerm: 'new',
      filters: [{ field: 'document_type', values: ['Form', 'Policy'], type: 'any' }],
    });
  });

  it('leaves out filters when neither reading has any', () => {
    assert.deepEqual(withPageParams({ resultsPerPage: 10 }, { searchTerm: 'x' }), { resultsPerPage: 10, searchTerm: 'x' });
  });
});
