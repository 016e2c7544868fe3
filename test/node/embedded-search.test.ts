import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiSearchRequest, ApiValueFacetData } from '../../src/core/search/app-search-api';
import { DEFAULT_RESULTS_PER_PAGE } from '../../src/core/constants';
import { wordsRequired } from '../../packages/civic-search/src/search/embedded/text-query';
import { createEmbeddedBackend, type EmbeddedBackend } from '../../packages/civic-search/src/search/embedded/backend';
import { UnknownEngineError } from '../../packages/civic-search/src/search/types';
import { ENGINE, FIXTURE_DOCUMENTS, fixtureBackend, resultIds, temporaryDataDir } from './embedded-fixtures';

let backend: EmbeddedBackend;
before(async () => {
  backend = await fixtureBackend();
});

const search = (request: Partial<ApiSearchRequest>) => backend.search(ENGINE, { query: '', ...request });
const ids = async (request: Partial<ApiSearchRequest>) => resultIds(await search(request));
const ALL = FIXTURE_DOCUMENTS.length;

describe('embedded search: full text', () => {
  it('stems: "consents" finds documents that only say "consent"', async () => {
    const found = await ids({ query: 'consents' });
    assert.ok(found.includes('consent-guide') && found.includes('consent-fees'), found.join());
    assert.ok(!found.includes('dog-registration'));
  });

  it('tolerates typos: "bilding" finds "building"', async () => {
    const found = await ids({ query: 'bilding' });
    assert.ok(found.includes('consent-guide') && found.includes('inspections-title'), found.join());
    assert.ok((await ids({ query: 'swiming lesons' })).includes('swimming-lessons'));
  });

  it('ranks a match in the title above a match in the body', async () => {
    const found = await ids({ query: 'inspections' });
    assert.ok(found.indexOf('inspections-title') < found.indexOf('annual-report'), found.join());
    assert.ok(found.includes('annual-report'));
  });

  it('puts an exact title match first', async () => {
    assert.equal((await ids({ query: 'Building consent fees' }))[0], 'consent-fees');
    assert.equal((await ids({ query: 'apply for a building consent' }))[0], 'consent-guide');
    assert.equal((await ids({ query: 'Resource consent' }))[0], 'resource-consents', 'stems and case do not matter');
  });

  it('needs both words of a two-word query', async () => {
    assert.deepEqual(await ids({ query: 'consent deposit' }), ['consent-fees']);
  });

  it('needs three words in four of a longer query, ranking documents with every word first', async () => {
    const found = await ids({ query: 'building consent deposit' });
    assert.equal(found[0], 'consent-fees', 'the only one with all three words');
    assert.ok(found.includes('consent-guide'), 'two of three words');
    assert.ok(!found.includes('resource-consents'), 'one of three words is not enough');
    assert.deepEqual([1, 2, 3, 4, 5, 8].map(wordsRequired), [1, 2, 2, 3, 3, 6]);
  });

  it('completes the last word as a prefix, unless the query ends with a space', async () => {
    assert.deepEqual(await ids({ query: 'aud' }), ['library-card']);
    assert.deepEqual(await ids({ query: 'aud ' }), []);
    assert.equal((await ids({ query: 'building insp' }))[0], 'inspections-title');
  });

  it('matches every document for a blank query, newest first unless a sort is asked', async () => {
    const response = await search({ query: '   ', page: { size: 100 } });
    const newestFirst = [...FIXTURE_DOCUMENTS]
      .sort((a, b) => b.published_date.localeCompare(a.published_date))
      .map((document) => document.id);
    assert.deepEqual(resultIds(response), newestFirst);
    assert.equal(response.meta.page.total_results, ALL);
    assert.deepEqual(resultIds(await search({ query: 'the', page: { size: 100 } })), newestFirst, 'stop words only');
    assert.deepEqual(
      resultIds(await search({ query: '', sort: { _score: 'desc' }, page: { size: 100 } })),
      FIXTURE_DOCUMENTS.map((document) => document.id),
    );
  });

  it('finds nothing for words no document has', async () => {
    const response = await search({ query: 'xylophone quartet' });
    assert.equal(response.meta.page.total_results, 0);
    assert.deepEqual(response.results, []);
    assert.equal(response.meta.page.total_pages, 0);
  });

  it('searches only the fields asked, with their weights', async () => {
    assert.deepEqual(await ids({ query: 'inspections', search_fields: { title: {} } }), ['inspections-title']);
    const bodyHeavy = await ids({ query: 'inspections', search_fields: { title: { weight: 1 }, body: { weight: 10 } } });
    assert.equal(bodyHeavy[0], 'annual-report');
  });
});

describe('embedded search: filters, facets, sorting and paging', () => {
  it('filters with all, any and none', async () => {
    const found = await ids({
      filters: {
        all: [{ topic: 'Building and planning' }],
        none: [{ document_type: 'Policy' }],
        any: [{ subtopic: 'Building consents' }, { subtopic: 'Resource consents' }],
      },
      page: { size: 50 },
    });
    assert.deepEqual(found.sort(), ['consent-guide', 'resource-consents']);
  });

  it('filters by date range (to excluded) together with the query', async () => {
    const found = await ids({ query: 'consent', filters: { published_date: { from: '2025-07-01', to: '2026-03-01' } } });
    assert.deepEqual(found, ['consent-fees']);
  });

  it('counts facets over the filtered results: value facets by count, range facets in order', async () => {
    const response = await search({
      query: 'building',
      filters: { none: [{ document_type: 'Report' }] },
      facets: {
        document_type: { type: 'value' },
        published_date: {
          type: 'range',
          ranges: [
            { from: '2025-01-01', name: 'Since 2025' },
            { to: '2025-01-01', name: 'Before' },
          ],
        },
      },
    });
    const total = response.meta.page.total_results;
    const types = response.facets!.document_type[0].data as ApiValueFacetData[];
    assert.deepEqual(types, [
      { value: 'Guidance', count: 2 },
      { value: 'Policy', count: 1 },
    ]);
    assert.equal(
      types.reduce((sum, entry) => sum + entry.count, 0),
      total,
    );
    assert.deepEqual(response.facets!.published_date[0].data, [
      { from: '2025-01-01', name: 'Since 2025', count: 2 },
      { to: '2025-01-01', name: 'Before', count: 1 },
    ]);
  });

  it('limits value facets to size', async () => {
    const response = await search({ facets: { subsite: [{ type: 'value', size: 2 }] } });
    assert.deepEqual(response.facets!.subsite[0].data[0], { value: 'Harbourton City Council', count: 8 });
    assert.equal(response.facets!.subsite[0].data.length, 2);
  });

  it('sorts by a field, and by a list of fields', async () => {
    const newest = await ids({ sort: { published_date: 'desc' }, page: { size: 3 } });
    assert.deepEqual(newest, ['dog-registration', 'consent-guide', 'water-restrictions']);
    const byTypeThenDate = await ids({ sort: [{ document_type: 'asc' }, { published_date: 'desc' }], page: { size: 4 } });
    assert.deepEqual(byTypeThenDate, ['dog-registration', 'consent-guide', 'resource-consents', 'inspections-title']);
    const byScore = await ids({ query: 'building consent', sort: [{ _score: 'desc' }] });
    assert.deepEqual(byScore, await ids({ query: 'building consent' }));
  });

  it('pages: size and current, with total_pages and total_results', async () => {
    const everything = resultIds(await search({ page: { size: 100 } }));
    const response = await search({ page: { size: 3, current: 2 } });
    assert.deepEqual(resultIds(response), everything.slice(3, 6));
    assert.deepEqual(response.meta.page, { current: 2, size: 3, total_pages: 4, total_results: ALL });
    const beyond = await search({ page: { size: 3, current: 9 } });
    assert.deepEqual(beyond.results, []);
    assert.equal(beyond.meta.page.total_results, ALL);
    assert.equal((await search({})).meta.page.size, DEFAULT_RESULTS_PER_PAGE, 'the site’s page size, as the Elasticsearch backend');
  });
});

describe('embedded search: the response', () => {
  it('answers in App Search’s shape with a fresh request id each time', async () => {
    const first = await search({ query: 'dog' });
    const second = await search({ query: 'dog' });
    assert.deepEqual(first.meta.engine, { name: ENGINE, type: 'default' });
    assert.deepEqual(first.meta.alerts, []);
    assert.deepEqual(first.meta.warnings, []);
    assert.match(first.meta.request_id, /^[0-9a-f]{32}$/);
    assert.notEqual(first.meta.request_id, second.meta.request_id);
    const [result] = first.results;
    assert.equal(result._meta.id, 'dog-registration');
    assert.equal(result._meta.engine, ENGINE);
    assert.ok(result._meta.score > 0);
  });

  it('returns every field raw by default', async () => {
    const [result] = (await search({ query: 'register your dog' })).results;
    const document = FIXTURE_DOCUMENTS.find((entry) => entry.id === 'dog-registration')!;
    for (const [field, value] of Object.entries(document)) assert.deepEqual(result[field], { raw: value }, field);
  });

  it('returns only the result fields asked, raw cut to size, snippets with matches, and always the id', async () => {
    const [result] = (
      await search({
        query: 'registration',
        result_fields: {
          title: { raw: { size: 8 } },
          summary: { snippet: { size: 60 } },
          url: { raw: {}, snippet: {} },
          unknown: { raw: {} },
        },
      })
    ).results;
    assert.deepEqual(Object.keys(result).sort(), ['_meta', 'id', 'summary', 'title', 'url']);
    assert.deepEqual(result.title, { raw: 'Register' });
    assert.deepEqual(result.summary, { snippet: 'Dog <em>registration</em> is due by 31 July every year.' });
    assert.deepEqual(result.url, { raw: '/documents/dog-registration', snippet: '/documents/dog-<em>registration</em>' });
    assert.deepEqual(result.id, { raw: 'dog-registration' });
  });

  it('escapes markup in snippets and marks the matches', async () => {
    const [result] = (
      await search({ query: 'parking script', result_fields: { title: { snippet: {} }, body: { snippet: { size: 200 } } } })
    ).results;
    assert.equal(result._meta.id, 'markup');
    const title = result.title as { snippet: string };
    const body = result.body as { snippet: string };
    assert.equal(title.snippet, '<em>Parking</em> fines &lt;<em>script</em>&gt;alert(1)&lt;/<em>script</em>&gt;');
    assert.doesNotMatch(body.snippet, /<(?!\/?em>)/);
    assert.match(body.snippet, /&lt;<em>script<\/em>&gt;alert\(&quot;x&quot;\)/);
  });

  it('falls back to the start of the text for a snippet without a match', async () => {
    const [result] = (await search({ query: 'Sprinklers', result_fields: { title: { snippet: { size: 20 } } } })).results;
    assert.deepEqual(result.title, { snippet: 'Water restrictions' });
  });
});

describe('embedded search: engines and failures', () => {
  it('refuses an engine outside the allowlist with UnknownEngineError, for every call', async () => {
    for (const call of [
      () => backend.search('other', { query: 'x' }),
      () => backend.suggest('other', { query: 'x' }),
      () => backend.click('other', { query: 'x', document_id: 'y' }),
      () => backend.search('constructor', { query: 'x' }),
    ]) {
      await assert.rejects(call, (error: Error) => error instanceof UnknownEngineError && error.name === 'UnknownEngineError');
    }
  });

  it('stops when the signal is aborted, with its reason', async () => {
    const controller = new AbortController();
    const reason = new Error('too slow');
    controller.abort(reason);
    await assert.rejects(backend.search(ENGINE, { query: 'consent' }, controller.signal), (error) => error === reason);
  });

  it('serves several engines, each with its own documents', async () => {
    const twoEngines = createEmbeddedBackend({
      engines: {
        site: () => FIXTURE_DOCUMENTS,
        library: () => FIXTURE_DOCUMENTS.filter((document) => document.subsite === 'Harbourton Libraries'),
      },
      dataDir: await temporaryDataDir(),
    });
    await twoEngines.ready();
    assert.equal((await twoEngines.search('library', { query: '' })).meta.page.total_results, 1);
    assert.equal((await twoEngines.search('site', { query: '' })).meta.page.total_results, ALL);
    assert.deepEqual(twoEngines.engines, ['site', 'library']);
  });

  it('rejects engine names that are not safe file names', () => {
    assert.throws(() => createEmbeddedBackend({ engines: { '../etc': () => [] } }), /Engine name/);
  });

  it('reports a failing document source as a BackendError when the engine is used', async () => {
    const broken = createEmbeddedBackend({
      engines: {
        site: () => {
          throw new Error('CMS unreachable');
        },
      },
      dataDir: await temporaryDataDir(),
    });
    await assert.rejects(
      broken.search('site', { query: 'x' }),
      (error: Error) => error.name === 'BackendError' && /CMS unreachable/.test(error.message),
    );
    await assert.rejects(broken.ready());
  });
});
