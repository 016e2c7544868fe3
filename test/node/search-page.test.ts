import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TOTAL_PAGES } from '../../src/core/constants';
import type { ApiSearchRequest, ApiSearchResponse } from '../../src/core/search/app-search-api';
import { BackendError, type SiteDocument } from '../../packages/civic-search/src/search/types';
import { siteSearchPage } from '../../examples/site/search/search-page';
import { readSearchPageQuery, searchPageHref } from '../../packages/civic-search/src/search-page/search-page-query';
import { snippetParts } from '../../packages/civic-search/src/search-page/snippet-parts';
import { siteSearchOptions } from '../../examples/site/search/site-search';
import { SEARCH_ENGINE } from '../../examples/site/search/search-engine';
import { createInMemoryBackend, SAMPLE_DOCUMENTS, type InMemoryBackend } from './support/in-memory-search-backend';
import { capturingErrors } from './support/proxy-requests';

const PATH = '/search/SearchForm';
let backend: InMemoryBackend;
let app: ReturnType<typeof siteSearchPage>;
beforeEach(() => {
  backend = createInMemoryBackend();
  app = siteSearchPage(backend, 200);
});

async function page(query: string, expectedStatus = 200): Promise<string> {
  const response = await app.request(`${PATH}?${query}`);
  assert.equal(response.status, expectedStatus);
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
  const html = await response.text();
  assert.match(html, /^<!doctype html><html lang="en-NZ">/);
  return html;
}

/** The main content only (the layout's header also has a search form). */
function main(html: string): string {
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}

function searchRequests(): ApiSearchRequest[] {
  return backend.calls.filter((call) => call.method === 'search').map((call) => call.request as ApiSearchRequest);
}

function manyDocuments(count: number): SiteDocument[] {
  return Array.from({ length: count }, (_, index) => ({
    ...SAMPLE_DOCUMENTS[index % SAMPLE_DOCUMENTS.length],
    id: `doc-${index}`,
    title: `Rates notice ${index}`,
    summary: `Rates notice number ${index}.`,
  }));
}

describe('the search page: results', () => {
  it('answers the header form (GET, field "Search") with the form prefilled and "N results for <term>"', async () => {
    const html = main(await page('Search=building+consent'));
    assert.match(html, /<h1>Search<\/h1>/);
    assert.match(html, /<label class="filters__label" for="search-term">Search Harbourton City Council website<\/label>/);
    assert.match(html, /<input class="filters__input" id="search-term" name="Search" type="search" value="building consent"\/>/);
    assert.match(html, /<button class="button" type="submit">Search<\/button>/);
    assert.match(html, /<h2 class="filters__count" data-results-count="2">2 results for “building consent”<\/h2>/);
    assert.equal(searchRequests()[0].query, 'building consent');
  });

  it('lists each result with its title link, highlighted snippet, type and date (dd/mm/yyyy)', async () => {
    const html = main(await page('Search=fees'));
    assert.match(
      html,
      /<h3 class="filters__result-title"><a href="\/documents\/building-consent-fees">Building consent fees 2026\/27<\/a><\/h3>/,
    );
    assert.match(html, /<p class="filters__result-summary">The <mark>fees<\/mark> for building consents from 1 July 2026\.<\/p>/);
    assert.match(html, /<span class="filters__result-type">Policy<\/span>/);
    assert.match(html, /Published <time datetime="2026-06-30">30\/06\/2026<\/time>/);
  });

  it('names the page after the search', async () => {
    assert.match(await page('Search=rates'), /<title>Search results for “rates” \| Harbourton City Council<\/title>/);
  });

  it('renders snippets as text and <mark> only: markup from a backend never becomes markup', async () => {
    backend.search = async (engine) =>
      answerWith(engine, [
        {
          _meta: { id: 'x', engine, score: 1 },
          title: { raw: '<b>Bold</b> title' },
          url: { raw: 'javascript:alert(1)' },
          summary: { raw: 's', snippet: '<script>alert(1)</script><em>rates</em> &amp; <img src=x onerror=alert(1)>' },
        },
      ]);
    const html = main(await page('Search=rates'));
    assert.doesNotMatch(html, /<script>|<img|<b>|javascript:/);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;<mark>rates<\/mark> &amp; &lt;img src=x onerror=alert\(1\)&gt;/);
    assert.match(html, /<h3 class="filters__result-title">&lt;b&gt;Bold&lt;\/b&gt; title<\/h3>/, 'no link to a javascript: URL');
  });

  it('escapes the search words wherever it shows them', async () => {
    const html = await page(`Search=${encodeURIComponent('"><script>alert(1)</script>')}`);
    assert.doesNotMatch(html, /<script>alert/);
    assert.match(html, /value="&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;"/);
  });
});

describe('the search page: facets, sort and paging', () => {
  it('shows document type and topic checkboxes with counts, ticked ones checked', async () => {
    const html = main(await page('Search=building&type=Policy'));
    assert.match(html, /<legend class="filters__legend">Document type<\/legend>/);
    assert.match(html, /name="type" value="Policy" checked=""\/><label for="search-type-\d">Policy \(1\)<\/label>/);
    assert.match(html, /name="type" value="Guidance"\/><label for="search-type-\d">Guidance \(1\)<\/label>/);
    assert.match(html, /<legend class="filters__legend">Topic<\/legend>/);
  });

  it('counts a ticked facet without its own ticks (disjunctive), and filters the results by it', async () => {
    await page('Search=building&type=Policy');
    const [results, typeCounts] = searchRequests();
    assert.deepEqual(results.filters, { all: [{ any: [{ document_type: 'Policy' }] }] });
    assert.equal(typeCounts.filters, undefined, 'the type counts ignore the type ticks');
    assert.deepEqual(Object.keys(typeCounts.facets ?? {}), ['document_type']);
  });

  it('keeps a ticked value listed (count 0) when nothing matches it any more', async () => {
    const html = main(await page('Search=rates&topic=Parking'));
    assert.match(html, /name="topic" value="Parking" checked=""\/><label for="search-topic-\d">Parking \(0\)<\/label>/);
  });

  it('sorts by the chosen order and keeps the words and ticks in the sort form', async () => {
    const html = main(await page('Search=building&type=Policy&sort=newest'));
    assert.deepEqual(searchRequests()[0].sort, { published_date: 'desc' });
    assert.match(html, /<option value="newest" selected="">Newest first<\/option>/);
    const sortForm = html.slice(html.indexOf('<form class="filters__sort"'));
    assert.match(sortForm, /<input type="hidden" name="Search" value="building"\/><input type="hidden" name="type" value="Policy"\/>/);
  });

  it('ignores an unknown sort', async () => {
    await page('Search=rates&sort=random');
    assert.equal(searchRequests()[0].sort, undefined);
  });

  it('links to every page with aria-current on the current one, Previous and Next', async () => {
    backend = createInMemoryBackend(manyDocuments(45));
    app = siteSearchPage(backend);
    const html = main(await page('Search=rates&page=2'));
    assert.match(html, /<nav class="filters__pagination" aria-label="Results pages">/);
    assert.match(
      html,
      /<a href="\/search\/SearchForm\?Search=rates&amp;page=2" aria-current="page"><span class="civic-visually-hidden">Page <\/span>2<\/a>/,
    );
    assert.match(html, /<a href="\/search\/SearchForm\?Search=rates" rel="prev">Previous/);
    assert.match(html, /<a href="\/search\/SearchForm\?Search=rates&amp;page=3" rel="next">Next/);
    assert.deepEqual(searchRequests()[0].page, { size: 20, current: 2 });
    assert.match(html, /<ol class="filters__list" start="21">/);
  });

  it('never links past the page cap', async () => {
    const search = backend.search.bind(backend);
    backend.search = async (engine, request) => {
      const answer = await search(engine, request);
      answer.meta.page = { ...answer.meta.page, total_pages: 5000, total_results: 100_000 };
      return answer;
    };
    const html = main(await page('Search=rates&page=100'));
    assert.match(html, new RegExp(`page=${MAX_TOTAL_PAGES}" aria-current="page"`));
    assert.doesNotMatch(html, new RegExp(`page=${MAX_TOTAL_PAGES + 1}`));
    assert.doesNotMatch(html, /rel="next"/);
    assert.equal(readSearchPageQuery('page=500').current, MAX_TOTAL_PAGES, 'a page past the cap reads as the last');
  });

  it('offers the last page when a page number is past the results', async () => {
    const html = main(await page('Search=rates&page=7'));
    assert.match(html, /There is only 1 page of results\. <a href="\/search\/SearchForm\?Search=rates">Go to the last page<\/a>\./);
  });
});

describe('the search page: nothing found, nothing asked, failures', () => {
  it('says "No results for <term>" with ways to broaden the search', async () => {
    const html = main(await page('Search=zzzz'));
    assert.match(html, /<h2 class="filters__count" data-results-count="0">No results for “zzzz”<\/h2>/);
    assert.match(html, /checking your spelling/);
    assert.match(html, /using fewer, or more general, words/);
    assert.doesNotMatch(html, /<form class="filters__sort"/);
  });

  it('offers to remove the filters when filters are on', async () => {
    const html = main(await page('Search=rates&type=Form'));
    assert.match(html, /<a href="\/search\/SearchForm\?Search=rates">removing the filters<\/a>/);
  });

  it('asks for words, and searches nothing, when there are no words and no filters', async () => {
    const html = main(await page(''));
    assert.match(html, /Enter a word or two/);
    assert.equal(backend.calls.length, 0);
  });

  it('explains plainly that search is not working when the backend fails (503, logged, no internals)', async () => {
    backend.search = async () => {
      throw new BackendError('Elasticsearch answered 503 (cluster_block_exception)');
    };
    const { result: html, logged } = await capturingErrors(() => page('Search=rates', 503));
    assert.match(main(html), /<h2 class="filters__problem-title">Search is not working right now<\/h2>/);
    assert.doesNotMatch(html, /cluster_block|Elasticsearch|BackendError/);
    assert.equal(logged.length, 1);
    assert.match(logged[0], /cluster_block_exception/);
  });

  it('gives up on a slow backend at its timeout', async () => {
    backend.search = () => new Promise<ApiSearchResponse>(() => {});
    const started = performance.now();
    const { result: html } = await capturingErrors(() => page('Search=rates', 503));
    // The backend never answers: any answer at all is the timeout's (the margin is for a busy machine).
    assert.ok(performance.now() - started < 5000);
    assert.match(html, /Search is not working right now/);
  });

  it('treats an unreadable answer as a failure', async () => {
    backend.search = async () => ({ results: 'none' }) as never;
    const { result: html } = await capturingErrors(() => page('Search=rates', 503));
    assert.match(html, /Search is not working right now/);
  });

  it('redirects a POST of the header form to the GET address (303)', async () => {
    const response = await app.request(PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'Search=pay+rates',
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), '/search/SearchForm?Search=pay+rates');
  });
});

describe('Search UI URL keys (links from the search element work without JavaScript)', () => {
  it('reads q, current, size, filters, sort-field and sort-direction with their type markers', async () => {
    const query = [
      'q=rates',
      'current=n_2_n',
      'size=n_1_n',
      'filters%5B0%5D%5Bfield%5D=topic',
      'filters%5B0%5D%5Bvalues%5D%5B0%5D=Council',
      'filters%5B0%5D%5Bvalues%5D%5B1%5D=Rates%20and%20property',
      'filters%5B0%5D%5Btype%5D=any',
      'sort-field=published_date',
      'sort-direction=desc',
    ].join('&');
    const html = main(await page(query));
    const [request] = searchRequests();
    assert.equal(request.query, 'rates');
    assert.deepEqual(request.page, { size: 1, current: 2 });
    assert.deepEqual(request.filters, { all: [{ any: [{ topic: 'Council' }, { topic: 'Rates and property' }] }] });
    assert.deepEqual(request.sort, { published_date: 'desc' });
    assert.match(html, /value="rates"/);
    assert.match(html, /name="topic" value="Council" checked=""/);
  });

  it('keeps filters on other fields (as hidden fields and in links), and drops ones the proxy would refuse', async () => {
    const query = readSearchPageQuery(
      [
        'q=rates',
        'filters[0][field]=subsite&filters[0][values][0]=main&filters[0][type]=all',
        'filters[1][field]=published_date&filters[1][values][0][from]=2025-01-01&filters[1][values][0][name]=Recent&filters[1][type]=any',
        'filters[2][field]=colour&filters[2][values][0]=red&filters[2][type]=any',
        'filters[3][field]=published_date&filters[3][values][0][from]=yesterday&filters[3][type]=any',
      ].join('&'),
    );
    assert.deepEqual(query.otherFilters, [
      { field: 'subsite', values: ['main'], type: 'all' },
      { field: 'published_date', values: [{ from: '2025-01-01', name: 'Recent' }], type: 'any' },
    ]);
    const href = searchPageHref('/search/SearchForm', query, { current: 2 });
    assert.deepEqual(readSearchPageQuery(href.slice(href.indexOf('?'))), { ...query, current: 2 }, 'links read back the same');
    const html = main(await page(href.slice(href.indexOf('?') + 1)));
    assert.match(html, /<input type="hidden" name="filters\[0\]\[field\]" value="subsite"\/>/);
    assert.deepEqual(searchRequests()[0].filters, {
      all: [{ all: [{ subsite: 'main' }] }, { any: [{ published_date: { from: '2025-01-01' } }] }],
    });
  });

  it('lets the page keys win over Search UI keys', () => {
    const query = readSearchPageQuery('Search=bins&q=rates&page=3&current=n_2_n&sort=title&sort-field=published_date&sort-direction=desc');
    assert.equal(query.term, 'bins');
    assert.equal(query.current, 3);
    assert.equal(query.sort, 'title');
  });

  it('reads bad values as defaults, never throwing', () => {
    for (const search of ['page=-1&size=0', 'page=abc&size=n_x_n', 'filters=notalist', 'Search=' + 'x'.repeat(500), '%E0%A4%A']) {
      const query = readSearchPageQuery(search);
      assert.ok(query.current >= 1 && query.size >= 1 && query.term.length <= 128, search);
    }
  });
});

describe('snippetParts', () => {
  it('splits on <em> and decodes the text between', () => {
    assert.deepEqual(snippetParts('Pay <em>rates</em> &amp; <em>fees</em> &lt;online&gt;'), [
      { text: 'Pay ', highlighted: false },
      { text: 'rates', highlighted: true },
      { text: ' & ', highlighted: false },
      { text: 'fees', highlighted: true },
      { text: ' <online>', highlighted: false },
    ]);
  });

  it('keeps any other markup as text and closes an unclosed highlight', () => {
    assert.deepEqual(snippetParts('<b>x</b> <em>open'), [
      { text: '<b>x</b> ', highlighted: false },
      { text: 'open', highlighted: true },
    ]);
    assert.deepEqual(snippetParts('a</em>b<em><em>c</em>d</em>'), [
      { text: 'a</em>b', highlighted: false },
      { text: 'cd', highlighted: true },
    ]);
  });
});

describe('choosing the backend from the environment', () => {
  it('selects Elasticsearch with SEARCH_BACKEND=elasticsearch, for the engine the header element names', () => {
    const search = siteSearchOptions({ SEARCH_BACKEND: 'elasticsearch', ELASTICSEARCH_URL: 'http://127.0.0.1:9' });
    assert.equal(search.backend, 'elasticsearch');
    assert.deepEqual(
      search.engines!.map((engine) => engine.name),
      [SEARCH_ENGINE],
    );
  });

  it('names the variable that is wrong', () => {
    assert.throws(() => siteSearchOptions({ SEARCH_BACKEND: 'solr' }), /SEARCH_BACKEND must be embedded, elasticsearch or opensearch, not "solr"/);
    assert.throws(() => siteSearchOptions({ SEARCH_BACKEND: 'elasticsearch' }), /ELASTICSEARCH_URL is not set/);
  });
});

function answerWith(engine: string, results: ApiSearchResponse['results']): ApiSearchResponse {
  return {
    meta: {
      alerts: [],
      warnings: [],
      page: { current: 1, size: 20, total_pages: 1, total_results: results.length },
      engine: { name: engine, type: 'test' },
      request_id: 'r',
    },
    results,
  };
}
