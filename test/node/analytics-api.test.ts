import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Client, errors as clientErrors } from '@elastic/enterprise-search';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';

/**
 * Visitors search a real service over HTTP; the search manager reads what they did through the official Enterprise
 * Search client's analytics, API logs and (through its transport) log settings calls.
 */

const KEY = 'private-analytics-test-key-0123';
const PAGES = [
  { id: 'rates', title: 'Pay your rates', body: 'Rates are due quarterly. Pay rates online.' },
  { id: 'rates-rebate', title: 'Rates rebate', body: 'A rates rebate for people on low incomes.' },
  { id: 'bins', title: 'Rubbish and recycling bins', body: 'Bins are collected weekly.' },
  { id: 'parks', title: 'Parks and playgrounds', body: 'Find a park near you.' },
];

let dir: string;
let service: SearchService;
let server: ReturnType<typeof serve>;
let url: string;
let client: Client;

/** A visitor's call: no key, as the site's search box sends it. */
async function visitor(endpoint: string, body: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/as/v1/engines/site/${endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as { meta: { request_id: string } };
}

const today = () => new Date().toISOString().slice(0, 10);
const responseStatus = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof clientErrors.ResponseError, String(error));
    return error.meta.statusCode;
  }
  assert.fail('expected the call to fail');
};

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'analytics-api-'));
  service = await createSearchService({ engines: [{ name: 'site', documents: PAGES }], dataDir: dir, privateKey: KEY, inProcess: true });
  await service.ready();
  server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = new Client({ url, auth: { token: KEY } });

  const rates = await visitor('search', { query: 'Rates', analytics: { tags: ['header'] } });
  await visitor('search', { query: 'rates ' });
  await visitor('search', { query: 'rates', page: { current: 2, size: 1 } });
  await visitor('click', { query: 'rates', document_id: 'rates', request_id: rates.meta.request_id, tags: ['header'] });
  await visitor('search', { query: 'parks' });
  await visitor('search', { query: 'zebra crossing' });
  await visitor('search', { query: 'zebra crossing' });
  await visitor('search', { query: 'secret', record_analytics: false });
  await visitor('query_suggestion', { query: 'bin' });
  // The operator's own tools search with the private key: not a visitor's search.
  await visitor('search', { query: 'operator preview' }, { Authorization: `Bearer ${KEY}` });
});

after(async () => {
  (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  await new Promise((resolve) => server.close(resolve));
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

describe('analytics through the official client', () => {
  it('lists top queries with their searches and clicks, normalised', async () => {
    const answer = await client.app.getTopQueriesAnalytics({ engine_name: 'site', body: { page: { size: 20 } } });
    const byTerm = new Map(answer.results.map((row) => [row.term, row]));
    assert.deepEqual(byTerm.get('rates'), { term: 'rates', queries: 3, clicks: 1 });
    assert.equal(byTerm.get('zebra crossing')?.queries, 2);
    assert.equal(byTerm.get('bin')?.queries, 1, 'a query suggestion counts');
    assert.ok(!byTerm.has('secret'), 'record_analytics: false is not recorded');
    assert.ok(!byTerm.has('operator preview'), 'a search with the private key is the operator, not a visitor');
    assert.equal(answer.results[0].term, 'rates', 'most searched first');
  });

  it('finds the queries with no results and those with results but no click', async () => {
    const none = await client.app.getTopQueriesAnalytics({ engine_name: 'site', body: { filters: { results: false } } });
    assert.deepEqual(
      none.results.map((row) => row.term),
      ['zebra crossing'],
    );
    const unclicked = await client.app.getTopQueriesAnalytics({
      engine_name: 'site',
      body: { filters: { all: [{ clicks: false }, { date: { from: today(), to: today() } }] } },
    });
    assert.ok(unclicked.results.some((row) => row.term === 'parks'));
    assert.ok(!unclicked.results.some((row) => row.term === 'rates' || row.term === 'zebra crossing'));
  });

  it('filters by tag, and by a date range with nothing in it', async () => {
    const tagged = await client.app.getTopQueriesAnalytics({ engine_name: 'site', body: { filters: { tag: 'header' } } });
    assert.deepEqual(tagged.results, [{ term: 'rates', queries: 1, clicks: 1 }]);
    const past = await client.app.getTopQueriesAnalytics({
      engine_name: 'site',
      body: { filters: { date: { from: '2020-01-01', to: '2020-12-31' } } },
    });
    assert.deepEqual(past.results, []);
  });

  it('lists top clicked documents, overall and for one query', async () => {
    const all = await client.app.getTopClicksAnalytics({ engine_name: 'site', body: {} });
    assert.deepEqual(all.results, [{ document_id: 'rates', clicks: 1 }]);
    const forParks = await client.app.getTopClicksAnalytics({ engine_name: 'site', body: { query: 'parks' } });
    assert.deepEqual(forParks.results, []);
  });

  it('counts queries and clicks per day and per hour', async () => {
    const days = await client.app.getCountAnalytics({ engine_name: 'site', body: { filters: { date: { from: today(), to: today() } } } });
    assert.equal(days.results.length, 1);
    assert.deepEqual({ queries: days.results[0].queries, clicks: days.results[0].clicks }, { queries: 7, clicks: 1 });
    assert.equal(days.results[0].from, `${today()}T00:00:00.000Z`);
    const hours = await client.app.getCountAnalytics({
      engine_name: 'site',
      body: { interval: 'hour', filters: { date: { from: today(), to: today() } } },
    });
    assert.equal(hours.results.length, 24);
    assert.equal(
      hours.results.reduce((sum, row) => sum + row.queries, 0),
      7,
    );
  });

  it('logs API calls with method, path and status, never a query string, body or key', async () => {
    await fetch(`${url}/api/as/v1/engines/site/search?query=jane%40example.com`);
    await service.analytics!.flush();
    const logs = await client.app.getApiLogs({
      engine_name: 'site',
      body: { filters: { date: { from: today(), to: today() } }, page: { size: 100 } },
    });
    const results = logs.results as { http_method: string; path: string; status: number }[];
    assert.ok(results.some((row) => row.http_method === 'POST' && row.path === '/api/as/v1/engines/site/search' && row.status === 200));
    const text = JSON.stringify(logs);
    assert.ok(!text.includes('jane') && !text.includes(KEY) && !text.includes('zebra'), text);
    const failed = await client.app.getApiLogs({
      engine_name: 'site',
      body: { filters: { date: { from: today(), to: today() }, status: 401 } },
    });
    assert.equal(failed.meta?.page.total_results, 0);
  });

  it('reads and changes the log settings; recording switched off records nothing', async () => {
    const read = () =>
      client.app.transport.request({ method: 'GET', path: '/api/as/v1/log_settings' }) as Promise<
        Record<string, { enabled: boolean; retention_policy: { min_age_days: number } }>
      >;
    const before = await read();
    assert.deepEqual(before.analytics, { enabled: true, retention_policy: { is_default: true, min_age_days: 180 } });
    assert.equal(before.api.retention_policy.min_age_days, 7);
    const changed = (await client.app.transport.request({
      method: 'PUT',
      path: '/api/as/v1/log_settings',
      body: { analytics: { enabled: false, retention_policy: { min_age_days: 30 } } },
    })) as typeof before;
    assert.deepEqual(changed.analytics, { enabled: false, retention_policy: { is_default: false, min_age_days: 30 } });
    assert.deepEqual((await read()).analytics, changed.analytics);
    try {
      await visitor('search', { query: 'while switched off' });
      const top = await client.app.getTopQueriesAnalytics({ engine_name: 'site', body: { page: { size: 50 } } });
      assert.ok(!top.results.some((row) => row.term === 'while switched off'));
    } finally {
      await client.app.transport.request({
        method: 'PUT',
        path: '/api/as/v1/log_settings',
        body: { analytics: { enabled: true, retention_policy: { min_age_days: 180 } } },
      });
    }
    assert.equal(
      await responseStatus(
        client.app.transport.request({
          method: 'PUT',
          path: '/api/as/v1/log_settings',
          body: { analytics: { retention_policy: { min_age_days: 0 } } },
        }),
      ),
      400,
    );
  });

  it('refuses without the private key, for an unknown engine and for bad filters', async () => {
    const anonymous = await fetch(`${url}/api/as/v1/engines/site/analytics/queries`, { method: 'POST' });
    assert.equal(anonymous.status, 401);
    const searchKey = await fetch(`${url}/api/as/v1/log_settings`, { headers: { Authorization: 'Bearer search-not-the-key-000000' } });
    assert.equal(searchKey.status, 401);
    assert.equal(await responseStatus(client.app.getTopQueriesAnalytics({ engine_name: 'nowhere' })), 404);
    assert.equal(
      await responseStatus(
        client.app.getTopQueriesAnalytics({
          engine_name: 'site',
          body: { filters: { date: { from: 'yesterday', to: 'today' } } } as never,
        }),
      ),
      400,
    );
    assert.equal(
      await responseStatus(
        client.app.getTopQueriesAnalytics({ engine_name: 'site', body: { filters: { any: [{ results: false }] } } as never }),
      ),
      400,
    );
  });

  it('exports a report as CSV for a date range, with no cell a spreadsheet would run', async () => {
    await visitor('search', { query: '=HYPERLINK("http://evil")' });
    const response = await fetch(`${url}/api/as/v1/engines/site/analytics/queries?format=csv&from=${today()}&to=${today()}&size=100`, {
      headers: { Authorization: `Bearer ${KEY}` },
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(response.headers.get('content-disposition') ?? '', /attachment; filename="site-queries-/);
    const lines = (await response.text()).trim().split('\r\n');
    assert.equal(lines[0], 'term,queries,clicks');
    assert.ok(lines.includes('rates,3,1'), lines.join('\n'));
    assert.ok(
      lines.some((line) => line.startsWith(`"'=hyperlink(""http://evil"")"`)),
      lines.join('\n'),
    );
  });

  // Last: its searches would change the figures the tests above expect.
  it('counts searches made with a public search key, but not those made with private or admin keys from the credentials API', async () => {
    const keyFor = async (body: object) => ((await client.app.createApiKey({ body: body as never })) as unknown as { key: string }).key;
    const keys = {
      'search key term': await keyFor({ name: 'site-box', type: 'search', access_all_engines: true }),
      'private key term': await keyFor({ name: 'cms-preview', type: 'private', read: true, write: false, access_all_engines: true }),
      'admin key term': await keyFor({ name: 'council-admin', type: 'admin' }),
    };
    const statuses: Record<string, number> = {};
    for (const [query, key] of Object.entries(keys)) {
      const response = await fetch(`${url}/api/as/v1/engines/site/search`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify({ query }),
      });
      statuses[query] = response.status;
      await response.arrayBuffer();
    }
    assert.equal(statuses['search key term'], 200);
    assert.equal(statuses['private key term'], 200, "the operator's private key may search");
    const answer = await client.app.getTopQueriesAnalytics({ engine_name: 'site', body: { page: { size: 50 } } });
    const terms = answer.results.map((row) => row.term);
    assert.ok(terms.includes('search key term'), "a public search key is a visitor's");
    assert.ok(!terms.includes('private key term'), "a private key made for the operator's tools is not a visitor");
    assert.ok(!terms.includes('admin key term'), `an admin key is not a visitor (its search answered ${statuses['admin key term']})`);
  });
});
