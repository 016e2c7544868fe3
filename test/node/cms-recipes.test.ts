import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';

/**
 * The recipes of docs/cms-recipes.md, run against the service over real HTTP.
 *
 * Silverstripe's search-service module (silverstripe/silverstripe-search-service 2.x, its EnterpriseSearchService
 * on Elastic's PHP client 8.x) is replayed call by call as it sends them: the method, the path, the client's headers
 * (the private key as a Bearer token, `Content-Type: application/json` on every call, a body only when it has one)
 * and the bodies' shapes; each answer is then read the way the module reads it.
 */

const KEY = 'private-cms-recipes-key-0123456789';
/** The module names engines `<SS_ENVIRONMENT_TYPE>-<index>`: the index "content" on a live site. */
const ENGINE = 'live-content';

let service: SearchService;
let server: ReturnType<typeof serve>;
let base: string;
let dataDir: string;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'civic-cms-recipes-'));
  service = await createSearchService({ dataDir, privateKey: KEY, rateLimit: { windowMs: 60_000, limit: 10_000 } });
  await service.ready();
  server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  await new Promise((resolve) => server.close(resolve));
  await service.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * A call as the module's client sends it: ENTERPRISE_SEARCH_ENDPOINT + the request's path, the token from
 * ENTERPRISE_SEARCH_API_KEY, JSON in and out. An empty body (a list without paging) is not sent at all.
 */
async function silverstripe(method: string, path: string, body?: unknown): Promise<{ status: number; answer: unknown }> {
  const empty = body === undefined || (Array.isArray(body) && body.length === 0);
  const payload = empty ? undefined : JSON.stringify(body);
  // node:http rather than fetch: the PHP client sends GET requests with a body (paging, ids), which fetch refuses.
  return new Promise((resolve, reject) => {
    const call = request(
      `${base}${path}`,
      {
        method,
        headers: {
          Authorization: `Bearer ${KEY}`,
          'Content-Type': 'application/json',
          'User-Agent': 'enterprise-search-php/8.4.0 (Linux x86_64; PHP 8.1.2)',
          'x-elastic-client-meta': 'ent=8.4.0,php=8.1.2,t=8.4.0,a=0,gu=7.4.5',
          ...(payload !== undefined && { 'Content-Length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, answer: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/** The module's error check: every `errors` list in the answer (or in each of its items) must be empty. */
function moduleErrors(answer: unknown): string[] {
  const items = Array.isArray(answer) ? answer : [answer];
  return items.flatMap((item) => (item as { errors?: string[] } | null)?.errors ?? []);
}

/** A page as the module's DocumentBuilder sends it: its fields, then id, source_class and the record's meta. */
const page = (id: number, title: string, content: string) => ({
  page_content: `${title} ${content}`,
  title,
  content,
  last_edited: '2026-11-20T09:30:00+13:00',
  id: `silverstripe_cms_model_sitetree_${id}`,
  source_class: 'Page',
  record_base_class: 'SilverStripe\\CMS\\Model\\SiteTree',
  record_id: id,
});

describe("Silverstripe's search-service module (EnterpriseSearchService)", () => {
  const schema = { title: 'text', content: 'text', page_content: 'text', last_edited: 'date' };

  it('dev/tasks/SearchConfigure: finds no engine, creates it, reads its schema and sets the fields it lacks', async () => {
    const engines = await silverstripe('GET', '/api/as/v1/engines');
    assert.equal(engines.status, 200);
    const names = (engines.answer as { results: Array<{ name: string }> }).results.map((engine) => engine.name);
    assert.ok(!names.includes(ENGINE));

    const created = await silverstripe('POST', '/api/as/v1/engines', { name: ENGINE });
    assert.equal(created.status, 200);
    assert.deepEqual(moduleErrors(created.answer), []);
    assert.equal((created.answer as { name: string }).name, ENGINE);

    const current = await silverstripe('GET', `/api/as/v1/engines/${ENGINE}/schema`);
    assert.equal(current.status, 200);
    assert.deepEqual(moduleErrors(current.answer), []);
    const missing = Object.keys(schema).filter((field) => !(field in (current.answer as Record<string, string>)));
    assert.ok(missing.length > 0, 'a new engine lacks the configured fields, so the module updates the schema');

    const updated = await silverstripe('POST', `/api/as/v1/engines/${ENGINE}/schema`, schema);
    assert.equal(updated.status, 200);
    assert.deepEqual(moduleErrors(updated.answer), []);
    for (const [field, type] of Object.entries(schema)) assert.equal((updated.answer as Record<string, string>)[field], type, field);
  });

  it('SearchConfigure again: the engine is listed by name, so nothing is created twice', async () => {
    const engines = await silverstripe('GET', '/api/as/v1/engines');
    const names = (engines.answer as { results: Array<{ name: string }> }).results.map((engine) => engine.name);
    assert.ok(names.includes(ENGINE));
    const again = await silverstripe('GET', `/api/as/v1/engines/${ENGINE}/schema`);
    for (const [field, type] of Object.entries(schema)) assert.equal((again.answer as Record<string, string>)[field], type, field);
  });

  it('publishing pages (IndexDocuments): each accepted, with no errors for the module to raise', async () => {
    const indexed = await silverstripe('POST', `/api/as/v1/engines/${ENGINE}/documents`, [
      page(12, 'Dog registration', 'Register your dog by 31 July every year.'),
      page(13, 'Rates rebates', 'You may get a rebate on your rates if your income is low.'),
      page(14, 'Holiday collection days', 'Rubbish is collected a day later after public holidays.'),
    ]);
    assert.equal(indexed.status, 200);
    assert.deepEqual(moduleErrors(indexed.answer), []);
    assert.deepEqual(
      (indexed.answer as Array<{ id: string }>).map((result) => result.id),
      ['silverstripe_cms_model_sitetree_12', 'silverstripe_cms_model_sitetree_13', 'silverstripe_cms_model_sitetree_14'],
    );
  });

  it('visitors find a published page through the search API', async () => {
    const deadline = Date.now() + 10_000;
    let ids: unknown[] = [];
    while (Date.now() < deadline) {
      const response = await fetch(`${base}/api/as/v1/engines/${ENGINE}/search.json`, {
        method: 'POST',
        headers: { Authorization: 'Bearer search-key', 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: 'rebate' }),
      });
      ids = ((await response.json()) as { results: Array<{ id: { raw: unknown } }> }).results.map((result) => result.id.raw);
      if (ids.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(ids, ['silverstripe_cms_model_sitetree_13']);
  });

  it("the admin's document count (ListDocuments without paging) reads meta.page.total_results", async () => {
    const listed = await silverstripe('GET', `/api/as/v1/engines/${ENGINE}/documents/list`);
    assert.equal(listed.status, 200);
    assert.equal((listed.answer as { meta: { page: { total_results: number } } }).meta.page.total_results, 3);
  });

  it("listing from page 0 (the module's default) answers the first page", async () => {
    const listed = await silverstripe('GET', `/api/as/v1/engines/${ENGINE}/documents/list`, { page: { current: 0, size: 100 } });
    assert.equal(listed.status, 200);
    const results = (listed.answer as { results: Array<{ id: string; record_id: unknown }> }).results;
    assert.deepEqual(results.map((result) => result.id).sort(), [
      'silverstripe_cms_model_sitetree_12',
      'silverstripe_cms_model_sitetree_13',
      'silverstripe_cms_model_sitetree_14',
    ]);
  });

  it('getting documents by id (GetDocuments, ids as the GET body) answers them in order, as App Search does', async () => {
    const got = await silverstripe('GET', `/api/as/v1/engines/${ENGINE}/documents`, [
      'silverstripe_cms_model_sitetree_14',
      'silverstripe_cms_model_sitetree_99',
    ]);
    assert.equal(got.status, 200);
    const [found, missing] = got.answer as Array<{ id: string; title: string } | null>;
    assert.equal(found?.title, 'Holiday collection days');
    assert.equal(missing, null);
  });

  it('unpublishing a page (DeleteDocuments) answers deleted: true for it', async () => {
    const deleted = await silverstripe('DELETE', `/api/as/v1/engines/${ENGINE}/documents`, ['silverstripe_cms_model_sitetree_12']);
    assert.equal(deleted.status, 200);
    assert.deepEqual(moduleErrors(deleted.answer), []);
    assert.deepEqual(deleted.answer, [{ id: 'silverstripe_cms_model_sitetree_12', deleted: true }]);
  });

  it('dev/tasks/SearchClearIndex: lists page 1 and deletes what it lists until the list is empty', async () => {
    let removed = 0;
    for (let round = 0; round < 10; round++) {
      const listed = await silverstripe('GET', `/api/as/v1/engines/${ENGINE}/documents/list`, { page: { current: 1, size: 100 } });
      const ids = (listed.answer as { results: Array<{ id: string }> }).results.map((result) => result.id);
      if (ids.length === 0) break;
      const deleted = await silverstripe('DELETE', `/api/as/v1/engines/${ENGINE}/documents`, ids);
      removed += (deleted.answer as Array<{ deleted: boolean }>).filter((result) => result.deleted === true).length;
    }
    assert.equal(removed, 2);
    const total = await silverstripe('GET', `/api/as/v1/engines/${ENGINE}/documents/list`);
    assert.equal((total.answer as { meta: { page: { total_results: number } } }).meta.page.total_results, 0);
  });
});

describe('any App Search module: the base URL and the keys', () => {
  it('a module given http://host:port as its endpoint writes under /api/as/v1/ with the private key, and nothing else may', async () => {
    const url = `${base}/api/as/v1/engines`;
    const withKey = await fetch(url, { headers: { Authorization: `Bearer ${KEY}` } });
    assert.equal(withKey.status, 200);
    const withSearchKey = await fetch(url, {
      method: 'POST',
      headers: { Authorization: 'Bearer search-abc123', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'wordpress' }),
    });
    assert.equal(withSearchKey.status, 401);
    assert.deepEqual(await withSearchKey.json(), { error: 'Invalid authentication token.' });
  });
});
