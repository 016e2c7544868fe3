import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Client, errors as clientErrors } from '@elastic/enterprise-search';
import AppSearchClient from '@elastic/app-search-node';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import { MAX_MULTI_SEARCH_QUERIES } from '../../packages/civic-search/src/search-proxy/multi-search';

/** multi_search, several searches of one engine in one call, driven over real HTTP by both official clients. */

const KEY = 'private-multi-search-test-key-01';
const PAGES = [
  { id: 'bins', title: 'Bin collection days' },
  { id: 'rates', title: 'Pay your rates' },
  { id: 'dogs', title: 'Dog registration' },
  { id: 'bins-2', title: 'Replacement bin request' },
];

const idsOf = (answer: unknown) => (answer as { results: Array<{ id: { raw: string } }> }).results.map((result) => result.id.raw);

describe('multi_search', () => {
  let dataDir: string;
  let service: SearchService;
  let server: ReturnType<typeof serve>;
  let url: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'civic-multi-search-'));
    service = await createSearchService({ dataDir, privateKey: KEY, inProcess: true, rateLimit: { windowMs: 60_000, limit: 10_000 } });
    server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const app = new Client({ url, auth: { token: KEY } }).app;
    await app.createEngine({ body: { name: 'council', language: 'en' } });
    await app.indexDocuments({ engine_name: 'council', documents: PAGES });
  });
  after(async () => {
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers each search in the order sent, with its own options (the Enterprise Search client)', async () => {
    const app = new Client({ url, auth: { token: KEY } }).app;
    const answers = (await app.multiSearch({
      engine_name: 'council',
      body: { queries: [{ query: 'rates' }, { query: 'bin', page: { size: 1 } }, { query: 'dog' }] },
    })) as unknown as Array<{ meta: { page: { size: number; total_results: number } } }>;
    assert.equal(answers.length, 3);
    assert.deepEqual(idsOf(answers[0]), ['rates']);
    assert.equal(idsOf(answers[1]).length, 1);
    assert.ok(['bins', 'bins-2'].includes(idsOf(answers[1])[0]));
    assert.deepEqual(answers[1].meta.page.size, 1);
    assert.equal(answers[1].meta.page.total_results, 2);
    assert.deepEqual(idsOf(answers[2]), ['dogs']);
  });

  it('answers the older App Search client’s multiSearch', async () => {
    const client = new AppSearchClient(undefined, KEY, () => `${url}/api/as/v1/`);
    const answers = (await client.multiSearch('council', [
      { query: 'dog', options: {} },
      { query: 'rates', options: { page: { size: 5 } } },
    ])) as unknown[];
    assert.deepEqual(answers.map(idsOf), [['dogs'], ['rates']]);
  });

  it('refuses more searches than App Search takes in one call, and names the search that is wrong', async () => {
    const app = new Client({ url, auth: { token: KEY } }).app;
    const refused = async (queries: unknown[]) => {
      try {
        await app.multiSearch({ engine_name: 'council', body: { queries: queries as never } });
      } catch (error) {
        assert.ok(error instanceof clientErrors.ResponseError);
        return { status: error.meta.statusCode, body: error.meta.body as { errors: string[] } };
      }
      assert.fail('the call was expected to be refused');
    };
    const tooMany = await refused(Array.from({ length: MAX_MULTI_SEARCH_QUERIES + 1 }, () => ({ query: 'bin' })));
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.body.errors[0], /at most 10 searches/);
    const wrong = await refused([{ query: 'bin' }, { query: 'bin', page: { size: -1 } }]);
    assert.equal(wrong.status, 400);
    assert.match(wrong.body.errors[0], /^queries\[1\]\.page\.size: /);
    const none = await refused([]);
    assert.equal(none.status, 400);
  });

  it('is answered at the search proxy’s path too, with no key, as a visitor’s search is', async () => {
    const answer = await fetch(`${url}/_search-proxy/api/as/v1/engines/council/multi_search.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ queries: [{ query: 'dog' }, { query: 'nothing-matches-this' }] }),
    });
    assert.equal(answer.status, 200);
    const answers = (await answer.json()) as unknown[];
    assert.deepEqual(answers.map(idsOf), [['dogs'], []]);
  });
});
