/**
 * The embedded engine takes writes while it serves: what is put is found by the next search, what is removed is
 * gone from results, facets, suggestions and clicks, and a change of text fields never stops searches.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiSearchRequest, ApiValueFacetData } from '../../src/core/search/app-search-api';
import { createEmbeddedBackend, type EmbeddedBackend } from '../../packages/civic-search/src/search/embedded/backend';
import { PAGE_TEXT_FIELDS } from '../../packages/civic-search/src/search/embedded/engine-index';
import { InvalidRequestError, UnknownEngineError, type SiteDocument } from '../../packages/civic-search/src/search/types';
import { ENGINE, FIXTURE_DOCUMENTS, resultIds, temporaryDataDir } from './embedded-fixtures';

const page = (id: string, title: string, extra: Partial<SiteDocument> = {}): SiteDocument => ({
  ...FIXTURE_DOCUMENTS[0],
  id,
  title,
  summary: '',
  body: '',
  ...extra,
});

describe('embedded engine: writes while serving', () => {
  let backend: EmbeddedBackend;
  const search = async (request: Partial<ApiSearchRequest>) => backend.search(ENGINE, { query: '', ...request });
  const ids = async (request: Partial<ApiSearchRequest>) => resultIds(await search(request));
  const suggestions = async (query: string) =>
    (await backend.suggest(ENGINE, { query, size: 10 })).results.documents.map((document) => document.suggestion);

  before(async () => {
    backend = createEmbeddedBackend({ engines: { [ENGINE]: () => FIXTURE_DOCUMENTS }, dataDir: await temporaryDataDir() });
    await backend.ready();
  });

  it('finds a document put, in results, facets and suggestions, at the next search', async () => {
    assert.deepEqual(await ids({ query: 'trampoline' }), []);
    await backend.write(ENGINE, { put: [page('trampoline-park', 'Trampoline park opening hours', { topic: 'Leisure and play' })] });
    assert.deepEqual(await ids({ query: 'trampoline' }), ['trampoline-park']);
    assert.deepEqual(await ids({ query: 'trampolin' }), ['trampoline-park'], 'completions know the new word');
    assert.deepEqual(await ids({ query: 'trampolne park' }), ['trampoline-park'], 'typo variants know the new word');
    const facet = (await search({ facets: { topic: { type: 'value', size: 50 } } })).facets!.topic[0].data as ApiValueFacetData[];
    assert.deepEqual(
      facet.find((entry) => entry.value === 'Leisure and play'),
      { value: 'Leisure and play', count: 1 },
    );
    assert.ok((await suggestions('tramp')).includes('trampoline'), 'suggested');
  });

  it('replaces a document put again under its id: the old words are gone, the new ones found', async () => {
    await backend.write(ENGINE, { put: [page('trampoline-park', 'Skate park opening hours')] });
    assert.deepEqual(await ids({ query: 'trampoline' }), []);
    assert.deepEqual(await ids({ query: 'skate' }), ['trampoline-park']);
    assert.ok(!(await suggestions('tramp')).includes('trampoline'));
    const total = (await search({})).meta.page.total_results;
    assert.equal(total, FIXTURE_DOCUMENTS.length + 1, 'one document, not two');
  });

  it('removes documents: gone from results, blank searches, facets, suggestions, and clicks on them are refused', async () => {
    const answer = await search({ query: 'skate' });
    const removed = await backend.write(ENGINE, { remove: ['trampoline-park', 'no-such-page'] });
    assert.deepEqual(removed, [true, false]);
    assert.deepEqual(await ids({ query: 'skate' }), []);
    assert.ok(!(await ids({ page: { size: 100 } })).includes('trampoline-park'));
    assert.equal((await search({})).meta.page.total_results, FIXTURE_DOCUMENTS.length);
    const noneFilter = await ids({ filters: { none: [{ topic: 'Nothing at all' }] }, page: { size: 100 } });
    assert.equal(noneFilter.length, FIXTURE_DOCUMENTS.length, 'a none filter does not bring a removed document back');
    const facet = (await search({ facets: { topic: { type: 'value', size: 50 } } })).facets!.topic[0].data as ApiValueFacetData[];
    assert.ok(!facet.some((entry) => entry.value === 'Leisure and play'));
    assert.ok(!(await suggestions('ska')).includes('skate'));
    await assert.rejects(
      backend.click(ENGINE, { query: 'skate', document_id: 'trampoline-park', request_id: answer.meta.request_id }),
      InvalidRequestError,
    );
  });

  it('adds a new text field in place and searches it; other weights take effect at once', async () => {
    const text = { ...PAGE_TEXT_FIELDS, fields: [...PAGE_TEXT_FIELDS.fields, 'keywords'], weights: { ...PAGE_TEXT_FIELDS.weights, keywords: 5 } };
    await backend.setTextFields(ENGINE, text);
    await backend.write(ENGINE, { put: [{ ...page('pool-hours', 'Pool opening hours'), keywords: 'natatorium hydrotherapy' } as SiteDocument] });
    assert.deepEqual(await ids({ query: 'hydrotherapy' }), ['pool-hours']);
  });

  it('re-indexes when a field that documents have changes, answering searches meanwhile', async () => {
    const withoutKeywords = { ...PAGE_TEXT_FIELDS, fields: ['title', 'summary'], weights: { title: 3, summary: 2 } };
    const changing = backend.setTextFields(ENGINE, withoutKeywords);
    const during = await ids({ query: 'consent' });
    assert.ok(during.length > 0, 'searches answer during the re-index');
    await backend.write(ENGINE, { put: [page('late-page', 'Library late fees')] });
    await changing;
    assert.deepEqual(await ids({ query: 'hydrotherapy' }), [], 'keywords are no longer searched');
    assert.deepEqual(await ids({ query: 'late fees' }), ['late-page'], 'a write made during the re-index is in the new index');
    assert.deepEqual(await ids({ query: 'pool' }), ['pool-hours']);
  });

  it('serves engines added later and forgets dropped ones', async () => {
    backend.addEngine('notices', { documents: () => [page('n1', 'Water shortage notice')] });
    assert.deepEqual(resultIds(await backend.search('notices', { query: 'water' })), ['n1']);
    await backend.dropEngine('notices');
    await assert.rejects(backend.search('notices', { query: 'water' }), UnknownEngineError);
  });
});

describe('embedded engine: a search stopped mid-way', () => {
  it('stops while scoring when its signal fires, and leaves nothing behind for the next search', async () => {
    const backend = createEmbeddedBackend({ engines: { [ENGINE]: () => FIXTURE_DOCUMENTS }, dataDir: await temporaryDataDir() });
    const request = { query: 'building consent fees inspections', page: { size: 50 } };
    const before = await backend.search(ENGINE, request);
    // A signal that fires after a few looks: in the middle of scoring the query's terms.
    let looks = 0;
    const stop = new Error('deadline');
    const fires = () => ++looks > 4;
    const signal = {
      get aborted() {
        return fires();
      },
      reason: stop,
      throwIfAborted() {
        if (fires()) throw stop;
      },
    } as unknown as AbortSignal;
    await assert.rejects(backend.search(ENGINE, request, signal), (error) => error === stop);
    assert.ok(looks > 4);
    const after = await backend.search(ENGINE, request);
    assert.deepEqual(
      after.results.map((result) => [result._meta.id, result._meta.score]),
      before.results.map((result) => [result._meta.id, result._meta.score]),
    );
    await backend.close();
  });
});
