import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Client, errors as clientErrors } from '@elastic/enterprise-search';
import AppSearchClient from '@elastic/app-search-node';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';

/**
 * Relevance a search manager tunes, driven with the official clients over real HTTP against the service on its
 * embedded engine: search settings, boosts in a request, synonyms and curations each change what a visitor's search
 * finds, and undoing each puts it back.
 */

const KEY = 'private-relevance-test-key-0123456';
const ENGINE = 'council';
const SCHEMA = {
  title: 'text',
  body: 'text',
  document_type: 'text',
  published_date: 'date',
  popularity: 'number',
  location: 'geolocation',
} as const;

/** `plain` ranks above `favoured` for "lantern"; every boost below favours `favoured` by a value it alone has. */
const DOCUMENTS = [
  {
    id: 'plain',
    title: 'Lantern repairs',
    body: 'Fixing a lantern.',
    document_type: 'Page',
    published_date: '2001-01-01',
    popularity: 1,
    location: '-36.85, 174.76',
  },
  {
    id: 'favoured',
    title: 'Lantern festival notice board schedule for the coming summer season',
    body: 'Events across the district.',
    document_type: 'Notice',
    published_date: '2026-11-01',
    popularity: 100,
    location: '-41.29, 174.78',
  },
  {
    id: 'bins',
    title: 'Bin collection days',
    body: 'Refuse is collected every week from the kerb.',
    document_type: 'Page',
    published_date: '2020-01-01',
    popularity: 5,
    location: '-41.2, 174.7',
  },
  {
    id: 'dogs',
    title: 'Dog registration',
    body: 'Register your dog every year before July.',
    document_type: 'Form',
    published_date: '2021-01-01',
    popularity: 5,
    location: '-41.2, 174.7',
  },
  {
    id: 'pay-rates',
    title: 'Pay your rates',
    body: 'Pay online, by direct debit or at a service centre.',
    document_type: 'Page',
    published_date: '2022-01-01',
    popularity: 5,
    location: '-41.2, 174.7',
  },
  {
    id: 'rates-2019',
    title: 'Rates archive 2019',
    body: 'Rates for the 2019 year.',
    document_type: 'Report',
    published_date: '2019-01-01',
    popularity: 5,
    location: '-41.2, 174.7',
  },
  {
    id: 'rates-rebate',
    title: 'Rates rebate',
    body: 'A rebate on rates for people on low incomes.',
    document_type: 'Page',
    published_date: '2023-01-01',
    popularity: 5,
    location: '-41.2, 174.7',
  },
  {
    id: 'contact',
    title: 'Contact the council',
    body: 'Phone us or visit a service centre.',
    document_type: 'Page',
    published_date: '2023-01-01',
    popularity: 5,
    location: '-41.2, 174.7',
  },
  {
    id: 'parks',
    title: 'Parks and reserves',
    body: 'Walks, playgrounds and sports grounds.',
    document_type: 'Page',
    published_date: '2023-01-01',
    popularity: 5,
    location: '-41.2, 174.7',
  },
];

let dataDir: string;
let service: SearchService;
let server: ReturnType<typeof serve>;
let client: Client;

type Hit = { id: { raw: string }; _meta: { score: number } };

async function search(body: Record<string, unknown>): Promise<{ ids: string[]; scores: number[]; total: number }> {
  const answer = (await client.app.search({ engine_name: ENGINE, body: body as never })) as unknown as {
    results: Hit[];
    meta: { page: { total_results: number } };
  };
  return {
    ids: answer.results.map((result) => result.id.raw),
    scores: answer.results.map((result) => result._meta.score),
    total: answer.meta.page.total_results,
  };
}
const idsFor = async (body: Record<string, unknown>) => (await search(body)).ids;

async function refusal(work: Promise<unknown>): Promise<{ status: number; body: { errors?: string[] } }> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof clientErrors.ResponseError, `expected a ResponseError, got ${String(error)}`);
    return { status: error.meta.statusCode ?? 0, body: error.meta.body as { errors?: string[] } };
  }
  assert.fail('the call was expected to fail');
}

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'civic-relevance-'));
  service = await createSearchService({
    dataDir,
    privateKey: KEY,
    engines: [{ name: ENGINE, schema: SCHEMA, searchFields: { title: { weight: 1 }, body: { weight: 1 } }, documents: DOCUMENTS }],
    rateLimit: { windowMs: 60_000, limit: 100_000 },
    costBudget: false,
  });
  await service.ready();
  server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  client = new Client({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, auth: { token: KEY } });
});

after(async () => {
  (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  await new Promise((resolve) => server.close(resolve));
  await service.close();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await client.app.resetSearchSettings({ engine_name: ENGINE });
  for (const { id } of (await client.app.listSynonymSets({ engine_name: ENGINE })).results)
    await client.app.deleteSynonymSet({ engine_name: ENGINE, synonym_set_id: id! });
  for (const { id } of (await client.app.listCurations({ engine_name: ENGINE })).results)
    await client.app.deleteCuration({ engine_name: ENGINE, curation_id: id! });
});

describe('boosts in a search request', () => {
  it('ranks the plainer page first without boosts', async () => {
    assert.deepEqual((await idsFor({ query: 'lantern' })).slice(0, 2), ['plain', 'favoured']);
  });

  const boosts: Record<string, Record<string, unknown>> = {
    'a value boost (add)': { document_type: { type: 'value', value: 'Notice', factor: 10 } },
    'a value boost (multiply)': { document_type: { type: 'value', value: ['Notice', 'Event'], operation: 'multiply', factor: 10 } },
    'a linear functional boost': { popularity: { type: 'functional', function: 'linear', operation: 'multiply', factor: 1 } },
    'a logarithmic functional boost': { popularity: { type: 'functional', function: 'logarithmic', operation: 'add', factor: 5 } },
    'an exponential functional boost': { popularity: { type: 'functional', function: 'exponential', operation: 'multiply', factor: 0.1 } },
    'a proximity boost on a number': { popularity: { type: 'proximity', function: 'gaussian', center: 100, factor: 10 } },
    'a proximity boost on a date (recency)': { published_date: { type: 'proximity', function: 'exponential', center: 'now', factor: 10 } },
    'a proximity boost on a geolocation': { location: { type: 'proximity', function: 'linear', center: '-41.28, 174.77', factor: 10 } },
  };
  for (const [name, boost] of Object.entries(boosts)) {
    it(`puts the favoured page first with ${name}`, async () => {
      assert.deepEqual((await idsFor({ query: 'lantern', boosts: boost })).slice(0, 2), ['favoured', 'plain']);
    });
  }

  it('refuses a boost the field cannot take, naming it', async () => {
    const { status, body } = await refusal(
      client.app.search({
        engine_name: ENGINE,
        body: { query: 'lantern', boosts: { title: { type: 'functional', function: 'linear' } } } as never,
      }),
    );
    assert.equal(status, 400);
    assert.match(body.errors!.join(' '), /boosts.*title.*"value"/);
  });
});

describe('search settings', () => {
  it('answers the engine defaults, then what was put, then the defaults again after a reset', async () => {
    const defaults = await client.app.getSearchSettings({ engine_name: ENGINE });
    assert.deepEqual(defaults.search_fields, { title: { weight: 1 }, body: { weight: 1 } });
    assert.deepEqual(defaults.boosts, {});
    const put = { search_fields: { title: { weight: 1 }, body: { weight: 10 } }, result_fields: { title: { raw: {} } }, boosts: {} };
    assert.deepEqual(await client.app.putSearchSettings({ engine_name: ENGINE, body: put }), put);
    assert.deepEqual(await client.app.getSearchSettings({ engine_name: ENGINE }), put);
    assert.deepEqual(await client.app.resetSearchSettings({ engine_name: ENGINE }), defaults);
  });

  it('weights change the order for every search that does not name its own, and a reset undoes them', async () => {
    const favourBody = { search_fields: { title: { weight: 1 }, body: { weight: 10 } } };
    // "fixing" is in the plain page's body only; "festival" in the favoured page's title only.
    const before = await idsFor({ query: 'lantern festival fixing' });
    await client.app.putSearchSettings({ engine_name: ENGINE, body: favourBody });
    assert.equal((await idsFor({ query: 'lantern festival fixing' }))[0], 'plain');
    await client.app.putSearchSettings({ engine_name: ENGINE, body: { search_fields: { title: { weight: 10 }, body: { weight: 1 } } } });
    assert.equal((await idsFor({ query: 'lantern festival fixing' }))[0], 'favoured');
    // A request's own search_fields win over the settings.
    assert.equal((await idsFor({ query: 'lantern festival fixing', search_fields: { body: {} } }))[0], 'plain');
    await client.app.resetSearchSettings({ engine_name: ENGINE });
    assert.deepEqual(await idsFor({ query: 'lantern festival fixing' }), before);
  });

  it('boosts in the settings apply to every search, the request own boosts replace them, and a reset removes them', async () => {
    await client.app.putSearchSettings({
      engine_name: ENGINE,
      body: { boosts: { published_date: [{ type: 'proximity', function: 'gaussian', center: 'now', factor: 10 }] } },
    });
    assert.deepEqual((await idsFor({ query: 'lantern' })).slice(0, 2), ['favoured', 'plain']);
    assert.deepEqual(
      (await idsFor({ query: 'lantern', boosts: { document_type: { type: 'value', value: 'Page', factor: 10 } } })).slice(0, 2),
      ['plain', 'favoured'],
    );
    await client.app.resetSearchSettings({ engine_name: ENGINE });
    assert.deepEqual((await idsFor({ query: 'lantern' })).slice(0, 2), ['plain', 'favoured']);
  });

  it('result fields in the settings shape every result', async () => {
    await client.app.putSearchSettings({
      engine_name: ENGINE,
      body: { result_fields: { title: { raw: {} }, body: { snippet: { size: 20 } } } },
    });
    const answer = (await client.app.search({ engine_name: ENGINE, body: { query: 'lantern' } })) as unknown as {
      results: Record<string, unknown>[];
    };
    assert.deepEqual(Object.keys(answer.results[0]).sort(), ['_meta', 'body', 'id', 'title']);
  });

  it('refuses settings it would not keep, naming each problem, and keeps the old ones', async () => {
    const { status, body } = await refusal(
      client.app.putSearchSettings({ engine_name: ENGINE, body: { search_fields: { popularity: { weight: 2 } }, precision: 3 } as never }),
    );
    assert.equal(status, 400);
    assert.ok(body.errors!.some((message) => /precision/.test(message)));
    assert.ok(body.errors!.some((message) => /search_fields\.popularity/.test(message)));
    assert.deepEqual((await client.app.getSearchSettings({ engine_name: ENGINE })).search_fields, {
      title: { weight: 1 },
      body: { weight: 1 },
    });
  });

  it('needs the private key and a known engine', async () => {
    const stranger = new Client({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      auth: { token: 'private-not-the-key-000000000' },
    });
    assert.equal((await refusal(stranger.app.getSearchSettings({ engine_name: ENGINE }))).status, 401);
    assert.equal((await refusal(client.app.getSearchSettings({ engine_name: 'nope' }))).status, 404);
  });
});

describe('synonyms', () => {
  it('make a word find a page that lacks it, both ways, and deleting the set undoes it', async () => {
    assert.deepEqual(await idsFor({ query: 'rubbish' }), []);
    const created = await client.app.createSynonymSet({ engine_name: ENGINE, body: { synonyms: ['rubbish', 'refuse', 'garbage'] } });
    assert.match(created.id!, /^syn-[0-9a-f]{24}$/);
    assert.deepEqual(await idsFor({ query: 'rubbish' }), ['bins']);
    assert.deepEqual(await idsFor({ query: 'Garbage' }), ['bins']);
    await client.app.deleteSynonymSet({ engine_name: ENGINE, synonym_set_id: created.id! });
    assert.deepEqual(await idsFor({ query: 'rubbish' }), []);
  });

  it('match phrases of several words', async () => {
    assert.deepEqual(await idsFor({ query: 'dog licence' }), []);
    await client.app.createSynonymSet({ engine_name: ENGINE, body: { synonyms: ['dog licence', 'dog registration'] } });
    assert.deepEqual(await idsFor({ query: 'dog licence' }), ['dogs']);
    assert.deepEqual(await idsFor({ query: 'my dog licence' }), ['dogs']);
  });

  it('are listed in pages, read, updated and refused past App Search limits', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await client.app.createSynonymSet({ engine_name: ENGINE, body: { synonyms: [`a${i}`, `b${i}`] } })).id!);
    const page2 = await client.app.listSynonymSets({ engine_name: ENGINE, page: { current: 2, size: 2 } } as never);
    assert.deepEqual(page2.meta.page, { current: 2, total_pages: 2, total_results: 3, size: 2 });
    assert.deepEqual(page2.results, [{ id: ids[2], synonyms: ['a2', 'b2'] }]);
    assert.deepEqual(await client.app.putSynonymSet({ engine_name: ENGINE, synonym_set_id: ids[0], body: { synonyms: ['x', 'y'] } }), {
      id: ids[0],
      synonyms: ['x', 'y'],
    });
    assert.deepEqual(await client.app.getSynonymSet({ engine_name: ENGINE, synonym_set_id: ids[0] }), { id: ids[0], synonyms: ['x', 'y'] });
    const tooMany = Array.from({ length: 33 }, (_, i) => `word${i}`);
    assert.equal((await refusal(client.app.createSynonymSet({ engine_name: ENGINE, body: { synonyms: tooMany } }))).status, 400);
    assert.equal((await refusal(client.app.createSynonymSet({ engine_name: ENGINE, body: { synonyms: ['alone'] } }))).status, 400);
    assert.equal((await refusal(client.app.getSynonymSet({ engine_name: ENGINE, synonym_set_id: 'syn-none' }))).status, 404);
  });
});

describe('changes from another site', () => {
  it('are refused with 403, whatever key they carry, and change nothing', async () => {
    const response = await service.request(`/api/as/v1/engines/${ENGINE}/synonyms`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' },
      body: JSON.stringify({ synonyms: ['rubbish', 'refuse'] }),
    });
    assert.equal(response.status, 403);
    assert.deepEqual(((await response.json()) as { errors: string[] }).errors, ['Requests from other sites are not accepted here.']);
    assert.deepEqual((await client.app.listSynonymSets({ engine_name: ENGINE })).results, []);
  });
});

describe('curations', () => {
  it('put promoted pages first in order, even ones the words miss, hide hidden ones, for their queries only', async () => {
    const organic = await idsFor({ query: 'rates' });
    assert.ok(organic.includes('rates-2019'));
    const { id } = await client.app.createCuration({
      engine_name: ENGINE,
      body: { queries: ['rates', 'council rates'], promoted: ['pay-rates', 'contact'], hidden: ['rates-2019'] },
    });
    assert.match(id, /^cur-[0-9a-f]{24}$/);
    const curated = await search({ query: 'Rates' });
    assert.deepEqual(curated.ids.slice(0, 2), ['pay-rates', 'contact']);
    assert.deepEqual(curated.scores.slice(0, 2), [1, 1], 'promoted results are marked as App Search marks them');
    assert.ok(!curated.ids.includes('rates-2019'));
    assert.equal(curated.total, 3);
    // Another query is not curated.
    assert.ok((await idsFor({ query: 'rates archive' })).includes('rates-2019'));
    await client.app.deleteCuration({ engine_name: ENGINE, curation_id: id });
    assert.deepEqual(await idsFor({ query: 'rates' }), organic);
  });

  it('keeps pages consistent: page 2 continues page 1', async () => {
    await client.app.createCuration({ engine_name: ENGINE, body: { queries: ['rates'], promoted: ['contact', 'pay-rates'] } });
    const all = await idsFor({ query: 'rates', page: { size: 10 } });
    const pages = [];
    for (let current = 1; current <= all.length; current++) pages.push(...(await idsFor({ query: 'rates', page: { size: 1, current } })));
    assert.deepEqual(pages, all);
    assert.deepEqual(all.slice(0, 2), ['contact', 'pay-rates']);
  });

  it('refuses a query another curation holds, and is listed, read and updated', async () => {
    const { id } = await client.app.createCuration({ engine_name: ENGINE, body: { queries: ['rates'], promoted: ['pay-rates'] } });
    const { status, body } = await refusal(
      client.app.createCuration({ engine_name: ENGINE, body: { queries: ['RATES'], hidden: ['rates-2019'] } }),
    );
    assert.equal(status, 400);
    assert.match(body.errors![0], new RegExp(id));
    await client.app.putCuration({ engine_name: ENGINE, curation_id: id, body: { queries: ['rates'], promoted: ['rates-rebate'] } });
    assert.deepEqual(await client.app.getCuration({ engine_name: ENGINE, curation_id: id }), {
      id,
      queries: ['rates'],
      promoted: ['rates-rebate'],
      hidden: [],
    });
    const listed = await client.app.listCurations({ engine_name: ENGINE });
    assert.deepEqual(
      listed.results.map((curation) => curation.id),
      [id],
    );
    assert.equal((await idsFor({ query: 'rates' }))[0], 'rates-rebate');
  });
});

describe('the older App Search client (@elastic/app-search-node)', () => {
  it('creates, lists, updates and deletes curations', async () => {
    const port = (server.address() as AddressInfo).port;
    const old = new AppSearchClient(undefined, KEY, () => `http://127.0.0.1:${port}/api/as/v1/`);
    const { id } = await old.createCuration(ENGINE, { queries: ['parks'], promoted: ['contact'] });
    assert.equal((await idsFor({ query: 'parks' }))[0], 'contact');
    const listed = await old.listCurations(ENGINE);
    assert.deepEqual(
      listed.results.map((curation) => curation.id),
      [id],
    );
    await old.updateCuration(ENGINE, id, { queries: ['parks'], hidden: ['parks'] });
    assert.deepEqual(await idsFor({ query: 'parks' }), []);
    assert.deepEqual(await old.destroyCuration(ENGINE, id), { deleted: true });
    assert.deepEqual(await idsFor({ query: 'parks' }), ['parks']);
  });
});
