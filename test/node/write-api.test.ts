import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { PROXY_PATH } from '../../src/core/search/app-search-api';
import { writeApi, type WriteApiChange } from '../../packages/civic-search/src/write-api';
import {
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_REQUEST,
  MAX_FIELDS,
  MAX_ID_LENGTH,
  MAX_REQUEST_BYTES,
  MESSAGES,
} from '../../packages/civic-search/src/write-api/app-search-rules';
import { fieldNameProblem } from '../../packages/civic-search/src/engines/engine-schema';
import { engineNameProblem } from '../../packages/civic-search/src/engines/engine-definition';
import { searchProxy } from '../../packages/civic-search/src/search-proxy';
import { openTempStore, type RecordingAdmin } from './fixtures/write-api/temp-store';
import { DocumentsRejectedError } from '../../packages/civic-search/src/engines/engine-admin';
import { createInMemoryBackend } from './support/in-memory-search-backend';

const KEY = 'private-write-api-test-key-0123';
const PREFIXES = ['/api/as/v1', `${PROXY_PATH}/api/as/v1`];
const GENERATED_ID = /^doc-[0-9a-f]{24}$/;

let admin: RecordingAdmin;
let closeStore: () => Promise<void>;
let changes: WriteApiChange[];
let app: Hono;

// Each test runs against the durable engine store in a folder of its own.
beforeEach(async () => {
  ({ admin, close: closeStore } = await openTempStore());
  changes = [];
  app = writeApi({ admin, privateKey: KEY, onChange: (change) => changes.push(change) });
});
afterEach(() => closeStore());

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the JSON shape its endpoint answers
  body: any;
  text: string;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { Authorization: `Bearer ${KEY}`, ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
  }
  const response = await app.request(
    path.startsWith('/') && !path.startsWith('/api') && !path.startsWith(PROXY_PATH) ? `/api/as/v1${path}` : path,
    init,
  );
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

async function withEngine(name = 'parks', schema?: Record<string, string>) {
  assert.equal((await call('POST', '/engines', { name })).status, 200);
  if (schema) assert.equal((await call('POST', `/engines/${name}/schema`, schema)).status, 200);
}

describe('write API: authorization', () => {
  for (const prefix of PREFIXES) {
    it(`refuses calls without the private key under ${prefix}, with App Search's bodies`, async () => {
      const missing = await app.request(`${prefix}/engines`);
      assert.equal(missing.status, 401);
      assert.deepEqual(await missing.json(), { error: MESSAGES.signInRequired });
      assert.match(missing.headers.get('www-authenticate') ?? '', /^Bearer /);
      assert.equal(missing.headers.get('cache-control'), 'no-store');

      const wrongKey = 'private-not-the-right-key-99999';
      const wrong = await app.request(`${prefix}/engines`, { method: 'POST', headers: { Authorization: `Bearer ${wrongKey}` } });
      assert.equal(wrong.status, 401);
      const text = await wrong.text();
      assert.deepEqual(JSON.parse(text), { error: MESSAGES.invalidToken });
      assert.ok(!text.includes(wrongKey) && !text.includes(KEY), 'the answer names no key');

      const basic = await app.request(`${prefix}/engines`, { headers: { Authorization: `Basic ${btoa(`user:${KEY}`)}` } });
      assert.equal(basic.status, 401);
      assert.deepEqual(admin.calls, [], 'nothing reached the engines');
    });

    it(`answers with the right key under ${prefix}`, async () => {
      const answer = await call('GET', `${prefix}/engines`);
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body, { meta: { page: { current: 1, total_pages: 0, total_results: 0, size: 25 } }, results: [] });
      assert.equal(answer.headers.get('cache-control'), 'no-store');
    });
  }

  it('refuses a key that is only a prefix of the private key, or the key with more after it', async () => {
    for (const key of [KEY.slice(0, -1), `${KEY}x`]) {
      const answer = await app.request('/api/as/v1/engines', { headers: { Authorization: `Bearer ${key}` } });
      assert.equal(answer.status, 401);
    }
  });

  it('refuses writes from another site’s page even with the key, and sends no CORS headers', async () => {
    const answer = await call('POST', '/engines', { name: 'parks' }, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    assert.equal(answer.status, 403);
    assert.deepEqual(answer.body, { errors: [MESSAGES.otherSites] });
    assert.equal(answer.headers.get('access-control-allow-origin'), null);
    const preflight = await app.request('/api/as/v1/engines', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(preflight.headers.get('access-control-allow-origin'), null);
    assert.ok(preflight.status >= 400);
    assert.deepEqual(admin.calls, []);
  });

  it('rejects a private key too short to be safe', () => {
    assert.throws(() => writeApi({ admin, privateKey: 'short' }), /at least 16 characters/);
  });
});

describe('write API: engines', () => {
  it('creates an engine (language null unless given), gets it, lists it and deletes it', async () => {
    const created = await call('POST', '/engines', { name: 'parks' });
    assert.equal(created.status, 200);
    assert.deepEqual(created.body, { name: 'parks', type: 'default', language: null, document_count: 0 });
    const english = await call('POST', '/engines', { name: 'news', language: 'en' });
    assert.deepEqual(english.body, { name: 'news', type: 'default', language: 'en', document_count: 0 });

    assert.deepEqual((await call('GET', '/engines/parks')).body, { name: 'parks', type: 'default', language: null, document_count: 0 });
    const listed = await call('GET', '/engines');
    assert.deepEqual(
      listed.body.results.map((engine: { name: string }) => engine.name),
      ['news', 'parks'],
    );

    const deleted = await call('DELETE', '/engines/parks');
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body, { deleted: true });
    const again = await call('DELETE', '/engines/parks');
    assert.equal(again.status, 404);
    assert.deepEqual(again.body, { errors: [MESSAGES.unknownEngine] });
    assert.deepEqual(
      changes.map(({ engine, action }) => `${action} ${engine}`),
      ['create-engine parks', 'create-engine news', 'delete-engine parks'],
    );
  });

  it('refuses a taken name, a bad name, a missing name and meta engines with App Search style errors', async () => {
    await withEngine('parks');
    const taken = await call('POST', '/engines', { name: 'parks' });
    assert.equal(taken.status, 400);
    assert.deepEqual(taken.body, { errors: [MESSAGES.nameTaken] });

    const bad = await call('POST', '/engines', { name: 'Parks And Rec' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, { errors: [engineNameProblem('Parks And Rec')] });

    assert.deepEqual((await call('POST', '/engines', {})).body, { errors: [MESSAGES.nameRequired] });
    assert.deepEqual((await call('POST', '/engines', { name: 'meta', type: 'meta', source_engines: ['parks'] })).body, {
      errors: [MESSAGES.metaEngines],
    });
    assert.deepEqual((await call('POST', '/engines', { name: 'x', language: 7 })).body, { errors: [MESSAGES.languageType] });
  });

  it('answers 404 with App Search’s text for an engine nobody created, on every engine path', async () => {
    for (const [method, path, body] of [
      ['GET', '/engines/nope'],
      ['GET', '/engines/nope/schema'],
      ['POST', '/engines/nope/schema', { a: 'text' }],
      ['POST', '/engines/nope/documents', [{ id: '1' }]],
      ['PATCH', '/engines/nope/documents', [{ id: '1' }]],
      ['GET', '/engines/nope/documents?ids[]=1'],
      ['DELETE', '/engines/nope/documents', ['1']],
      ['GET', '/engines/nope/documents/list'],
    ] as const) {
      const answer = await call(method, path, body);
      assert.equal(answer.status, 404, `${method} ${path}`);
      assert.deepEqual(answer.body, { errors: ['Could not find engine.'] }, `${method} ${path}`);
    }
  });

  it('pages the engine list with App Search’s meta.page, from the query string or a JSON body', async () => {
    for (const name of ['cats', 'alpacas', 'bees']) await withEngine(name);
    const second = await call('GET', '/engines?page%5Bcurrent%5D=2&page%5Bsize%5D=2');
    assert.deepEqual(second.body, {
      meta: { page: { current: 2, total_pages: 2, total_results: 3, size: 2 } },
      results: [{ name: 'cats', type: 'default', language: null, document_count: 0 }],
    });
    const unencoded = await call('GET', '/engines?page[current]=1&page[size]=1');
    assert.deepEqual(
      unencoded.body.results.map((engine: { name: string }) => engine.name),
      ['alpacas'],
    );
    const posted = await call('POST', '/engines', { page: { current: 1, size: 2 } });
    assert.equal(posted.status, 200);
    assert.deepEqual(posted.body.meta.page, { current: 1, total_pages: 2, total_results: 3, size: 2 });

    for (const query of ['page[size]=0', 'page[size]=101', 'page[current]=-1', 'page[current]=two']) {
      const refused = await call('GET', `/engines?${query}`);
      assert.equal(refused.status, 400, query);
      assert.equal(refused.body.errors.length, 1);
    }
  });
});

describe('write API: schema', () => {
  it('adds fields and changes types, answering the whole schema', async () => {
    await withEngine('parks');
    assert.deepEqual((await call('GET', '/engines/parks/schema')).body, {});
    const first = await call('POST', '/engines/parks/schema', { title: 'text', visitors: 'number' });
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, { title: 'text', visitors: 'number' });
    const second = await call('POST', '/engines/parks/schema', { established: 'date', visitors: 'text' });
    assert.deepEqual(second.body, { title: 'text', visitors: 'text', established: 'date' });
    assert.deepEqual((await call('GET', '/engines/parks/schema')).body, second.body);
    assert.deepEqual(changes.at(-1), { engine: 'parks', action: 'schema' });
  });

  it('refuses bad names and types, changing nothing', async () => {
    await withEngine('parks', { title: 'text' });
    const answer = await call('POST', '/engines/parks/schema', { Title: 'text', body: 'string', _hidden: 'text', id: 'text', ok: 'date' });
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body.errors, [
      `Invalid field name "Title": ${fieldNameProblem('Title')}`,
      'Invalid field type for "body": "string" (use text, number, date or geolocation)',
      `Invalid field name "_hidden": ${fieldNameProblem('_hidden')}`,
      `Invalid field name "id": ${fieldNameProblem('id')}`,
    ]);
    assert.deepEqual((await call('GET', '/engines/parks/schema')).body, { title: 'text' });
    assert.equal((await call('POST', '/engines/parks/schema', ['title'])).status, 400);
  });

  it(`refuses a schema of more than ${MAX_FIELDS} fields`, async () => {
    await withEngine('parks');
    const fields = Object.fromEntries(Array.from({ length: MAX_FIELDS + 1 }, (_, i) => [`field_${i}`, 'text']));
    const answer = await call('POST', '/engines/parks/schema', fields);
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body, { errors: [MESSAGES.schemaLimit] });
  });
});

describe('write API: creating documents', () => {
  it('accepts and refuses each document on its own, in order, with generated ids and new fields as text', async () => {
    await withEngine('parks', { visitors: 'number', established: 'date', location: 'geolocation' });
    const manyFields = Object.fromEntries(Array.from({ length: MAX_FIELDS + 1 }, (_, i) => [`f${i}`, 'x']));
    const answer = await call('POST', '/engines/parks/documents', [
      {
        id: 'park_rocky-mountain',
        title: 'Rocky Mountain',
        visitors: 4517585,
        established: '1915-01-26T06:00:00Z',
        location: '40.4,-105.58',
      },
      { title: 'Saguaro', states: ['Arizona'] },
      { id: 'bad-name', Title: 'Capitals' },
      { id: 'nested', title: 'Nested', address: { city: 'Estes Park' } },
      { id: 'wrong-type', visitors: 'lots', established: 'last year', location: 'north' },
      { id: 'huge', body: 'x'.repeat(MAX_DOCUMENT_BYTES) },
      { id: 'x'.repeat(MAX_ID_LENGTH + 1), title: 'Long id' },
      'not a document',
      { id: 'wide', ...manyFields },
      { id: 42, title: 'Numbered' },
      { id: { nested: true }, title: 'Odd id' },
    ]);
    assert.equal(answer.status, 200);
    const results = answer.body as Array<{ id: string | null; errors: string[] }>;
    assert.equal(results.length, 11);
    assert.deepEqual(results[0], { id: 'park_rocky-mountain', errors: [] });
    assert.match(results[1].id!, GENERATED_ID);
    assert.deepEqual(results[1].errors, []);
    assert.deepEqual(results[2], { id: 'bad-name', errors: [`Invalid field name "Title": ${fieldNameProblem('Title')}`] });
    assert.deepEqual(results[3], {
      id: 'nested',
      errors: ['Invalid field value: "address" holds a nested object or list; flatten it first'],
    });
    assert.equal(results[4].id, 'wrong-type');
    assert.equal(results[4].errors.length, 3);
    assert.match(results[4].errors[0], /^Invalid field value: "visitors" is a number field/);
    assert.match(results[4].errors[1], /^Invalid field value: "established" is a date field/);
    assert.match(results[4].errors[2], /^Invalid field value: "location" is a geolocation field/);
    assert.deepEqual(results[5], { id: 'huge', errors: [MESSAGES.documentTooLarge] });
    assert.deepEqual(results[6], { id: 'x'.repeat(MAX_ID_LENGTH + 1), errors: [MESSAGES.idLength] });
    assert.deepEqual(results[7], { id: null, errors: [MESSAGES.notAnObject] });
    assert.deepEqual(results[8], { id: 'wide', errors: [MESSAGES.tooManyFields] });
    assert.deepEqual(results[9], { id: '42', errors: [] });
    assert.deepEqual(results[10], { id: null, errors: [MESSAGES.idType] });

    const stored = await call('GET', `/engines/parks/documents?ids[]=park_rocky-mountain&ids[]=${results[1].id}&ids[]=bad-name&ids[]=42`);
    assert.deepEqual(stored.body, [
      {
        id: 'park_rocky-mountain',
        title: 'Rocky Mountain',
        visitors: 4517585,
        established: '1915-01-26T06:00:00Z',
        location: '40.4,-105.58',
      },
      { id: results[1].id, title: 'Saguaro', states: ['Arizona'] },
      null,
      { id: '42', title: 'Numbered' },
    ]);
    assert.deepEqual((await call('GET', '/engines/parks/schema')).body, {
      visitors: 'number',
      established: 'date',
      location: 'geolocation',
      title: 'text',
      states: 'text',
    });
    assert.deepEqual((await call('GET', '/engines/parks')).body.document_count, 3);
  });

  it('takes one document on its own and answers a list', async () => {
    await withEngine();
    const answer = await call('POST', '/engines/parks/documents', { title: 'Princess Zelda', year: 1986 });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.length, 1);
    assert.match(answer.body[0].id, GENERATED_ID);
    assert.deepEqual(answer.body[0].errors, []);
  });

  it(`accepts ${MAX_DOCUMENTS_PER_REQUEST} documents in a request and refuses one more, storing none of them`, async () => {
    await withEngine();
    const batch = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, title: `Park ${i}` }));
    const full = await call('POST', '/engines/parks/documents', batch(MAX_DOCUMENTS_PER_REQUEST, 'a'));
    assert.equal(full.status, 200);
    assert.ok(full.body.every((result: { errors: string[] }) => result.errors.length === 0));
    const over = await call('POST', '/engines/parks/documents', batch(MAX_DOCUMENTS_PER_REQUEST + 1, 'b'));
    assert.equal(over.status, 400);
    assert.deepEqual(over.body, { errors: [MESSAGES.tooManyDocuments] });
    assert.equal((await call('GET', '/engines/parks')).body.document_count, MAX_DOCUMENTS_PER_REQUEST);
  });

  it('refuses a document whose new fields would take the schema past its limit, keeping the ones before it', async () => {
    await withEngine();
    const fields = (from: number, count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${from + i}`, 'x']));
    const answer = await call('POST', '/engines/parks/documents', [
      { id: 'first', ...fields(0, 40) },
      { id: 'second', ...fields(40, 30) },
      { id: 'third', ...fields(0, 10) },
    ]);
    assert.deepEqual(
      answer.body.map((result: { errors: string[] }) => result.errors),
      [[], [MESSAGES.schemaFull], []],
    );
    assert.equal(Object.keys((await call('GET', '/engines/parks/schema')).body).length, 40);
  });

  it('refuses bodies that are not JSON documents: 400 for bad JSON or shapes, 415 for another type, 413 above the limit', async () => {
    await withEngine();
    const broken = await call('POST', '/engines/parks/documents', '[{"title": ');
    assert.equal(broken.status, 400);
    assert.deepEqual(broken.body, { errors: [MESSAGES.invalidJson] });
    assert.deepEqual((await call('POST', '/engines/parks/documents', '"text"')).body, { errors: [MESSAGES.documentsBody] });
    const form = await call('POST', '/engines/parks/documents', 'title=Acadia', { 'Content-Type': 'application/x-www-form-urlencoded' });
    assert.equal(form.status, 415);
    assert.deepEqual(form.body, { errors: [MESSAGES.sendJson] });
    const huge = await call('POST', '/engines/parks/documents', JSON.stringify([{ body: 'x'.repeat(MAX_REQUEST_BYTES) }]));
    assert.equal(huge.status, 413);
    assert.deepEqual(huge.body, { errors: [MESSAGES.requestTooLarge] });
    assert.equal((await call('GET', '/engines/parks')).body.document_count, 0);
  });
});

describe('write API: partial updates', () => {
  it('updates the fields given and keeps the others; refuses a missing id, an unknown id and bad fields on their own', async () => {
    await withEngine('parks', { visitors: 'number' });
    await call('POST', '/engines/parks/documents', [
      { id: 'park_yosemite', title: 'Yosemite', visitors: 4009436 },
      { id: 'park_wind-cave', title: 'Wind Cave', visitors: 656397 },
    ]);
    changes.length = 0;
    const answer = await call('PATCH', '/engines/parks/documents', [
      { id: 'park_yosemite', visitors: 4100000 },
      { title: 'Everglades' },
      { id: 'park_nowhere', title: 'Nowhere' },
      { id: 'park_wind-cave', visitors: 'many' },
      { id: 'park_wind-cave', rating: 'five stars' },
      { id: 'park_wind-cave', title: 'Wind Cave National Park' },
    ]);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body[0], { id: 'park_yosemite', errors: [] });
    assert.deepEqual(answer.body[1], { id: '', errors: ["Missing required key 'id'"] });
    assert.deepEqual(answer.body[2], { id: 'park_nowhere', errors: [MESSAGES.documentNotFound] });
    assert.match(answer.body[3].errors[0], /^Invalid field value: "visitors" is a number field/);
    assert.match(answer.body[4].errors[0], /^Invalid field "rating": a partial update can only change fields in the engine's schema/);
    assert.deepEqual(answer.body[5], { id: 'park_wind-cave', errors: [] });

    const stored = await call('GET', '/engines/parks/documents?ids[]=park_yosemite&ids[]=park_wind-cave&ids[]=park_nowhere');
    assert.deepEqual(stored.body, [
      { id: 'park_yosemite', title: 'Yosemite', visitors: 4100000 },
      { id: 'park_wind-cave', title: 'Wind Cave National Park', visitors: 656397 },
      null,
    ]);
    assert.deepEqual(changes, [{ engine: 'parks', action: 'documents' }]);
  });

  it('refuses an update that would make the document larger than App Search allows', async () => {
    await withEngine('parks', { title: 'text', body: 'text' });
    await call('POST', '/engines/parks/documents', [{ id: 'big', body: 'x'.repeat(MAX_DOCUMENT_BYTES - 1000) }]);
    const answer = await call('PATCH', '/engines/parks/documents', [{ id: 'big', title: 'y'.repeat(2000) }]);
    assert.deepEqual(answer.body, [{ id: 'big', errors: [MESSAGES.documentTooLarge] }]);
    assert.equal((await call('GET', '/engines/parks/documents?ids[]=big')).body[0].title, undefined);
  });
});

describe('write API: getting, listing and deleting documents', () => {
  beforeEach(async () => {
    await withEngine();
    await call(
      'POST',
      '/engines/parks/documents',
      ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, title: `Park ${id}` })),
    );
  });

  it('gets documents by ids[] in the order asked, null for missing ones', async () => {
    const answer = await call('GET', '/engines/parks/documents?ids%5B%5D=c&ids%5B%5D=zzz&ids%5B%5D=a');
    assert.deepEqual(answer.body, [{ id: 'c', title: 'Park c' }, null, { id: 'a', title: 'Park a' }]);
    assert.deepEqual((await call('GET', '/engines/parks/documents')).body, []);
  });

  it('reads ids[0]=, ids[1]= (as PHP clients send them) as ids[]= are read, in the order given', async () => {
    const answer = await call('GET', '/engines/parks/documents?ids%5B0%5D=d&ids%5B1%5D=zzz&ids%5B2%5D=b');
    assert.deepEqual(answer.body, [{ id: 'd', title: 'Park d' }, null, { id: 'b', title: 'Park b' }]);
    const deleted = await call('DELETE', '/engines/parks/documents?ids[0]=e&ids[1]=a');
    assert.deepEqual(deleted.body, [
      { id: 'e', deleted: true },
      { id: 'a', deleted: true },
    ]);
    assert.equal((await call('GET', '/engines/parks')).body.document_count, 3);
  });

  it('lists documents a page at a time with meta.page, from the query string or a JSON body', async () => {
    const third = await call('GET', '/engines/parks/documents/list?page[current]=3&page[size]=2');
    assert.deepEqual(third.body, {
      meta: { page: { current: 3, total_pages: 3, total_results: 5, size: 2 } },
      results: [{ id: 'e', title: 'Park e' }],
    });
    const posted = await call('POST', '/engines/parks/documents/list', { page: { current: 2, size: 2 } });
    assert.deepEqual(
      posted.body.results.map((document: { id: string }) => document.id),
      ['c', 'd'],
    );
    const pageZero = await call('POST', '/engines/parks/documents/list', { page: { current: 0, size: null } });
    assert.deepEqual(pageZero.body.meta.page, { current: 1, total_pages: 1, total_results: 5, size: 100 });
    assert.equal((await call('GET', '/engines/parks/documents/list?page[size]=500')).status, 400);
  });

  it('deletes documents by a JSON array of ids or ids[], answering [{id, deleted}] in order', async () => {
    changes.length = 0;
    const answer = await call('DELETE', '/engines/parks/documents', ['a', 'nope', 'b']);
    assert.deepEqual(answer.body, [
      { id: 'a', deleted: true },
      { id: 'nope', deleted: false },
      { id: 'b', deleted: true },
    ]);
    const byQuery = await call('DELETE', '/engines/parks/documents?ids[]=c');
    assert.deepEqual(byQuery.body, [{ id: 'c', deleted: true }]);
    assert.equal((await call('GET', '/engines/parks')).body.document_count, 2);
    assert.equal(changes.length, 2);
    const none = await call('DELETE', '/engines/parks/documents', ['nope']);
    assert.deepEqual(none.body, [{ id: 'nope', deleted: false }]);
    assert.equal(changes.length, 2, 'deleting nothing changes nothing');
  });

  it('refuses id lists that are not lists of ids, or longer than a batch', async () => {
    assert.deepEqual((await call('DELETE', '/engines/parks/documents', { ids: ['a'] })).body, { errors: [MESSAGES.idsBody] });
    assert.deepEqual((await call('DELETE', '/engines/parks/documents', [{ id: 'a' }])).body, { errors: [MESSAGES.idsType] });
    const many = Array.from({ length: MAX_DOCUMENTS_PER_REQUEST + 1 }, (_, i) => `id${i}`);
    const answer = await call('DELETE', '/engines/parks/documents', many);
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body, { errors: [MESSAGES.tooManyIds] });
    assert.equal((await call('GET', '/engines/parks')).body.document_count, 5);
  });
});

describe('write API: paths and methods', () => {
  it('answers 405 with Allow for a method a path does not take', async () => {
    await withEngine();
    const answer = await call('PUT', '/engines/parks/documents', [{ id: 'a' }]);
    assert.equal(answer.status, 405);
    assert.equal(answer.headers.get('allow'), 'GET, POST, PATCH, DELETE');
    assert.deepEqual(answer.body, { errors: ['PUT is not allowed here; use GET or POST or PATCH or DELETE.'] });
  });

  it('serves the same under the search proxy’s path', async () => {
    const created = await call('POST', `${PROXY_PATH}/api/as/v1/engines`, { name: 'parks' });
    assert.equal(created.status, 200);
    await call('POST', `${PROXY_PATH}/api/as/v1/engines/parks/documents`, [{ id: 'a', title: 'A' }]);
    assert.deepEqual((await call('GET', '/engines/parks/documents?ids[]=a')).body, [{ id: 'a', title: 'A' }]);
  });

  it('leaves searches, suggestions and clicks to the search proxy mounted after it, without asking for the key', async () => {
    const backend = createInMemoryBackend();
    const site = new Hono();
    site.route('/', app);
    site.route('/', searchProxy({ backend, engines: ['site'], privateKey: KEY, rateLimit: { windowMs: 60_000, limit: 1000 } }));
    const search = await site.request('/api/as/v1/engines/site/search.json', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'building consent' }),
    });
    assert.equal(search.status, 200);
    assert.ok(((await search.json()) as { results: unknown[] }).results.length > 0);
    const suggest = await site.request(`${PROXY_PATH}/api/as/v1/engines/site/query_suggestion`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'build' }),
    });
    assert.equal(suggest.status, 200);
    const write = await site.request('/api/as/v1/engines', { method: 'POST' });
    assert.equal(write.status, 401);
  });
});

describe('write API: documents a backend refuses after the checks', () => {
  it('answers each refused document with the backend\'s reasons, and the others as written', async () => {
    const { admin: store, close } = await openTempStore();
    try {
      await store.createEngine('parks', null);
      // A backend (say a cluster) that refuses one document's value after the request's own checks passed.
      const refusing = new Proxy(store, {
        get(target, name) {
          if (name !== 'putDocuments') return Reflect.get(target, name);
          return async (engine: string, documents: { id: string }[]) => {
            const kept = documents.filter((document) => document.id !== 'b');
            await target.putDocuments(engine, kept as never);
            throw new DocumentsRejectedError(
              documents.map((document) => document.id),
              documents.map((document) => (document.id === 'b' ? ['failed to parse field [title]'] : [])),
            );
          };
        },
      });
      const app = writeApi({ admin: refusing, privateKey: KEY });
      const response = await app.request('/api/as/v1/engines/parks/documents', {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify([{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }, { id: 'c', title: 'C' }]),
      });
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), [
        { id: 'a', errors: [] },
        { id: 'b', errors: ['failed to parse field [title]'] },
        { id: 'c', errors: [] },
      ]);
      assert.deepEqual(
        (await store.getDocuments('parks', ['a', 'b', 'c'])).map((document) => document?.id ?? null),
        ['a', null, 'c'],
      );
    } finally {
      await close();
    }
  });
});
