import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiSearchRequest, ApiSearchResponse } from '../../src/core/search/app-search-api';
import type { SearchBackend } from '../../packages/civic-search/src/search/types';
import type { EngineSchema } from '../../packages/civic-search/src/engines/engine-schema';
import { MetaEngines } from '../../packages/civic-search/src/meta-engines/meta-engines';
import { withMetaSearch } from '../../packages/civic-search/src/meta-engines/meta-search';
import { openDataFolderOperatorStore, type OperatorStore } from '../../packages/civic-search/src/operator-state';

/**
 * The meta search over a backend that answers as a cluster does (scores from its own ranking, totals beyond the page):
 * what it asks each source for and how it merges, whatever the backend below.
 */

const answer = (engine: string, hits: Array<[string, number]>, total: number, requestId: string): ApiSearchResponse => ({
  meta: {
    alerts: [],
    warnings: [],
    page: { current: 1, size: hits.length, total_pages: 1, total_results: total },
    engine: { name: engine, type: 'default' },
    request_id: requestId,
  },
  results: hits.map(([id, score]) => ({ id: { raw: id }, title: { raw: `${engine} ${id}` }, _meta: { id, engine, score } })),
  facets: { topic: [{ type: 'value', data: [{ value: 'Contact', count: total }] }] },
});

describe('meta search over any backend', () => {
  let dataDir: string;
  let store: OperatorStore;
  const asked: Array<{ engine: string; request: ApiSearchRequest }> = [];
  const clicked: Array<{ engine: string; id: string; requestId?: string }> = [];
  const cluster: SearchBackend = {
    name: 'elasticsearch',
    search: async (engine, request) => {
      asked.push({ engine, request });
      return engine === 'council'
        ? answer(
            'council',
            [
              ['a', 9],
              ['b', 4],
              ['c', 1],
            ],
            12,
            'council-request',
          )
        : answer(
            'library',
            [
              ['x', 7],
              ['y', 5],
              ['z', 0.5],
            ],
            3,
            'library-request',
          );
    },
    suggest: async (engine) => ({
      results: { documents: engine === 'council' ? [{ suggestion: 'rates' }, { suggestion: 'rubbish' }] : [{ suggestion: 'reading' }] },
      meta: { request_id: engine },
    }),
    click: async (engine, click) => void clicked.push({ engine, id: click.document_id, requestId: click.request_id }),
  };
  let backend: SearchBackend;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'civic-meta-search-'));
    store = openDataFolderOperatorStore(dataDir);
    const metas = new MetaEngines(store);
    await metas.create({ name: 'everything', source_engines: ['council', 'library'] });
    backend = withMetaSearch(cluster, metas);
  });
  after(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('asks each source for the whole depth of the page and merges the page by score', async () => {
    asked.length = 0;
    const page = await backend.search('everything', { query: 'hours', page: { current: 2, size: 2 } });
    assert.deepEqual(
      asked.map(({ engine, request }) => [engine, request.page]),
      [
        ['council', { current: 1, size: 4 }],
        ['library', { current: 1, size: 4 }],
      ],
    );
    // By score: a 9, x 7, y 5, b 4, c 1, z 0.5; the second page of two is y, b.
    assert.deepEqual(
      page.results.map((result) => [(result.id as { raw: string }).raw, result._meta.engine, result._meta.id]),
      [
        ['library|y', 'library', 'y'],
        ['council|b', 'council', 'b'],
      ],
    );
    assert.deepEqual(page.meta.page, { current: 2, size: 2, total_results: 15, total_pages: 8 });
    assert.deepEqual(page.meta.engine, { name: 'everything', type: 'meta' });
    assert.deepEqual(page.facets?.topic[0].data, [{ value: 'Contact', count: 15 }]);
  });

  it('asks each source with the meta engine’s own settings, in the fields it has, and not a source that has none', async () => {
    const metas = new MetaEngines(store);
    const tuned = withMetaSearch(cluster, metas, {
      settingsOf: async () => ({
        search_fields: { title: { weight: 3 }, summary: { weight: 1 } },
        result_fields: { title: { raw: {} } },
        boosts: {},
      }),
      schemaOf: (engine): EngineSchema => (engine === 'council' ? { title: 'text', topic: 'text' } : { name: 'text' }),
    });
    asked.length = 0;
    const page = await tuned.search('everything', { query: 'hours' });
    assert.deepEqual(asked, [
      {
        engine: 'council',
        request: {
          query: 'hours',
          page: { current: 1, size: 10 },
          search_fields: { title: { weight: 3 } },
          result_fields: { title: { raw: {} } },
          boosts: {},
        },
      },
    ]);
    assert.deepEqual(
      page.results.map((result) => result._meta.engine),
      ['council', 'council', 'council'],
    );
    assert.equal(page.meta.page.total_results, 12);
    // A search without words matches every document of every source, whatever fields it searches.
    asked.length = 0;
    await tuned.search('everything', { query: '' });
    assert.deepEqual(
      asked.map(({ engine }) => engine),
      ['council', 'library'],
    );
  });

  it('passes searches of other engines through untouched', async () => {
    asked.length = 0;
    const direct = await backend.search('council', { query: 'hours', page: { current: 3, size: 5 } });
    assert.deepEqual(asked, [{ engine: 'council', request: { query: 'hours', page: { current: 3, size: 5 } } }]);
    assert.equal((direct.results[0].id as { raw: string }).raw, 'a');
  });

  it('refuses sort, which a merge by score cannot honour', async () => {
    await assert.rejects(backend.search('everything', { query: 'x', sort: [{ title: 'asc' }] }), { name: 'InvalidRequestError' });
  });

  it('sends a click to the result’s source with the request id that source gave', async () => {
    const searched = await backend.search('everything', { query: 'hours' });
    await backend.click('everything', { query: 'hours', document_id: 'library|x', request_id: searched.meta.request_id });
    assert.deepEqual(clicked.at(-1), { engine: 'library', id: 'x', requestId: 'library-request' });
    await assert.rejects(backend.click('everything', { query: 'hours', document_id: 'x' }), { name: 'InvalidRequestError' });
  });

  it('takes suggestions from each source in turn', async () => {
    const suggested = await backend.suggest('everything', { query: 'r' });
    assert.deepEqual(
      suggested.results.documents.map((document) => document.suggestion),
      ['rates', 'reading'],
    );
  });
});
