import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createSearchService, DocumentsFileError, readDocumentsFile, runCli, type SearchService } from 'civic-search';
import { readServeSettings, serveHelp, SERVE_OPTIONS, UsageError } from '../../packages/civic-search/src/cli/serve-options';

const PLACES = [
  { id: 'library', name: 'Central Library', description: 'Books and study rooms', kind: 'Library', pages: 120, opened: '1998-05-01' },
  { id: 'pool', name: 'Harbour Pool', description: 'Lane swimming', kind: 'Pool', pages: 3, opened: '2010-11-20' },
  { id: 'garden', name: 'Botanic Garden', description: 'A library of seeds', kind: 'Park', pages: 12, opened: '1869-01-01' },
];
const SITE = 'https://www.example.govt.nz';

async function temporary(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'civic-search-service-'));
}

async function placesFile(dir: string, lines = PLACES.map((place) => JSON.stringify(place))): Promise<string> {
  const file = join(dir, 'places.ndjson');
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('civic-search: documents files', () => {
  it('infers numbers and dates, and names the line and field of every problem', async () => {
    const dir = await temporary();
    const { schema, documents } = await readDocumentsFile(await placesFile(dir));
    assert.deepEqual(schema, { name: 'text', description: 'text', kind: 'text', pages: 'number', opened: 'date' });
    assert.equal(documents.length, 3);

    const bad = await placesFile(dir, [
      JSON.stringify(PLACES[0]),
      '{"id": "x", "name": ',
      JSON.stringify({ id: 'library', name: 'Again' }),
      JSON.stringify({ id: 'y', Name: 'Capital' }),
    ]);
    await assert.rejects(
      readDocumentsFile(bad, { name: 'text', description: 'text', kind: 'text', pages: 'number', opened: 'date' }),
      (error) => {
        assert.ok(error instanceof DocumentsFileError);
        assert.match(error.message, /line 2: is not valid JSON/);
        assert.match(error.message, /line 3: the id "library" is already used at line 1/);
        assert.match(error.message, /line 4, field "Name": Field name can only contain lowercase letters, numbers, and underscores/);
        return true;
      },
    );
  });

  it('checks values against a given schema', async () => {
    const dir = await temporary();
    const file = await placesFile(dir, [JSON.stringify({ id: '1', pages: 'many', opened: '31/12/2020' })]);
    await assert.rejects(readDocumentsFile(file, { pages: 'number', opened: 'date' }), (error: Error) => {
      assert.match(error.message, /line 1, field "pages": must be a number/);
      assert.match(error.message, /line 1, field "opened": must be an ISO 8601 date/);
      return true;
    });
  });
});

describe('civic-search: the service over an engine of its own schema', () => {
  let service: SearchService;
  let dataDir: string;
  before(async () => {
    dataDir = await temporary();
    service = await createSearchService({
      engines: [
        { name: 'places', documents: await placesFile(dataDir), searchFields: { name: { weight: 3 }, description: { weight: 1 } } },
      ],
      dataDir,
      corsOrigins: [SITE],
      rateLimit: { windowMs: 60_000, limit: 10_000 },
    });
    await service.ready();
  });
  after(() => service.close());

  it('keeps a generated private key owner-only in the data folder, and never answers with it', async () => {
    assert.equal(service.privateKey.source, 'generated');
    const file = join(dataDir, 'private-key');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    const key = (await readFile(file, 'utf8')).trim();
    assert.ok(key.length >= 16);
    const response = await service.request('/api/as/v1/engines/places/search.json', json({ query: key }));
    assert.ok(!(await response.text()).includes(key));
  });

  it('searches, filters by number ranges and counts range facets, by the schema', async () => {
    const response = await service.request(
      '/api/as/v1/engines/places/search.json',
      json({
        query: 'library',
        filters: { pages: { from: 10 } },
        facets: { kind: { type: 'value' }, pages: { type: 'range', ranges: [{ from: 0, to: 50 }, { from: 50 }] } },
      }),
    );
    assert.equal(response.status, 200);
    const answer = await response.json();
    assert.deepEqual(
      answer.results.map((result: { id: { raw: string } }) => result.id.raw),
      ['library', 'garden'],
    );
    assert.deepEqual(
      answer.facets.pages[0].data.map((bucket: { count: number }) => bucket.count),
      [1, 1],
    );
  });

  it('refuses what the schema cannot do, naming the field', async () => {
    const refused = async (body: object, pattern: RegExp) => {
      const response = await service.request('/_search-proxy/api/as/v1/engines/places/search.json', json(body));
      assert.equal(response.status, 400);
      assert.match(JSON.stringify(await response.json()), pattern);
    };
    await refused({ query: 'x', filters: { pages: 'many' } }, /filters\.pages: must be a number/);
    await refused({ query: 'x', facets: { opened: { type: 'value' } } }, /only a \\"range\\" facet fits this field/);
    await refused({ query: 'x', sort: { colour: 'asc' } }, /can sort only by _score, name, description, kind, pages, opened/);
    await refused({ query: 'x', filters: { title: 'x' } }, /filters\.title: is not a field of the documents/);
  });

  it('suggests words of the most weighted field', async () => {
    const response = await service.request('/api/as/v1/engines/places/query_suggestion', json({ query: 'harb' }));
    const answer = await response.json();
    assert.deepEqual(
      answer.results.documents.map((document: { suggestion: string }) => document.suggestion),
      ['harbour', 'harbour pool'],
    );
  });

  it('answers a preflight from a named origin only, and refuses other sites', async () => {
    const preflight = (origin: string) =>
      service.request('/api/as/v1/engines/places/search.json', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type, authorization',
        },
      });
    const allowed = await preflight(SITE);
    assert.equal(allowed.status, 204);
    assert.equal(allowed.headers.get('access-control-allow-origin'), SITE);
    assert.match(allowed.headers.get('access-control-allow-headers') ?? '', /Authorization/);
    assert.equal(allowed.headers.get('access-control-allow-credentials'), 'true', 'App Search clients send credentials');
    const other = await preflight('https://evil.example');
    assert.equal(other.status, 403);
    assert.equal(other.headers.get('access-control-allow-origin'), null);

    const fromSite = await service.request('/api/as/v1/engines/places/search.json', json({ query: 'pool' }, { Origin: SITE }));
    assert.equal(fromSite.status, 200);
    assert.equal(fromSite.headers.get('access-control-allow-origin'), SITE);
    const fromElsewhere = await service.request(
      '/api/as/v1/engines/places/click.json',
      json({ query: 'pool', document_id: 'pool' }, { Origin: 'https://evil.example' }),
    );
    assert.equal(fromElsewhere.status, 403);
    const form = await service.request('/_search-proxy', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
      body: new URLSearchParams({ key: '{key}', engine: 'places', action: 'click', params: '{"query":"x","document_id":"pool"}' }),
    });
    assert.equal(form.status, 403);
  });
});

describe('civic-search: clicks', () => {
  it('counts only clicks on results it gave, and at most 30 a minute from one client', async () => {
    const dir = await temporary();
    const service = await createSearchService({ engines: [{ name: 'places', documents: await placesFile(dir) }], dataDir: dir });
    try {
      const searched = await (await service.request('/api/as/v1/engines/places/search.json', json({ query: 'pool' }))).json();
      const click = (body: object) => service.request('/api/as/v1/engines/places/click.json', json({ query: 'pool', ...body }));
      assert.equal((await click({ document_id: 'pool', request_id: searched.meta.request_id })).status, 200);
      assert.equal((await click({ document_id: 'pool', request_id: 'made-up' })).status, 400, 'a request id it never issued');
      assert.equal(
        (await click({ document_id: 'nowhere', request_id: searched.meta.request_id })).status,
        400,
        'a document it does not hold',
      );
      const statuses = [];
      for (let i = 0; i < 30; i++) statuses.push((await click({ document_id: 'pool', request_id: searched.meta.request_id })).status);
      assert.equal(statuses.at(-1), 429);
      assert.equal(statuses.filter((status) => status === 429).length, 3, 'the 31st click of the minute and after');
    } finally {
      await service.close();
    }
  });
});

describe('civic-search: over real HTTP', () => {
  let service: SearchService;
  let server: ReturnType<typeof serve>;
  let port: number;
  before(async () => {
    const dir = await temporary();
    service = await createSearchService({
      engines: [{ name: 'places', documents: await placesFile(dir) }],
      dataDir: dir,
      trustProxy: 'X-Forwarded-For',
      rateLimit: { windowMs: 60_000, limit: 2 },
    });
    await service.ready();
    server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await service.close();
  });

  /** A raw request, so a GET can carry a body as the older App Search client sends it. */
  function send(method: string, path: string, body: string | undefined, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, method, path, headers: { ...headers, ...(body && { 'Content-Length': Buffer.byteLength(body) }) } },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  it('reads a GET search from its JSON body instead of answering a blank query', async () => {
    const answer = await send('GET', '/api/as/v1/engines/places/search.json', JSON.stringify({ query: 'pool' }), {
      'Content-Type': 'application/json',
      'X-Forwarded-For': '203.0.113.1',
    });
    assert.equal(answer.status, 200);
    assert.deepEqual(
      JSON.parse(answer.body).results.map((result: { id: { raw: string } }) => result.id.raw),
      ['pool'],
    );
    const both = await send('GET', '/api/as/v1/engines/places/search.json?query=pool', JSON.stringify({ query: 'pool' }), {
      'Content-Type': 'application/json',
      'X-Forwarded-For': '203.0.113.1',
    });
    assert.equal(both.status, 400);
  });

  it('counts clients by the trusted header, by its last address (the one the proxy added)', async () => {
    const search = (forwardedFor: string) =>
      send('POST', '/api/as/v1/engines/places/search.json', '{"query":"pool"}', {
        'Content-Type': 'application/json',
        'X-Forwarded-For': forwardedFor,
      });
    assert.equal((await search('198.51.100.7')).status, 200);
    assert.equal((await search('1.1.1.1, 198.51.100.7')).status, 200, 'a claimed first address does not make a new client');
    assert.equal((await search('2.2.2.2, 198.51.100.7')).status, 429);
    assert.equal((await search('198.51.100.8')).status, 200, 'another client has its own limit');
  });
});

describe('civic-search serve: options', () => {
  it('reads flags, then the environment, then the config file, with engines from both', async () => {
    const dir = await temporary();
    await writeFile(
      join(dir, 'config.json'),
      JSON.stringify({ port: 4000, host: '0.0.0.0', engines: [{ name: 'pages', documents: './pages.json' }] }),
    );
    const settings = await readServeSettings(
      ['--config', 'config.json', '--engine', 'places=./places.ndjson', '--cors-origin', SITE, '--port', '4100'],
      { CIVIC_SEARCH_HOST: '127.0.0.2', CIVIC_SEARCH_TRUST_PROXY: 'X-Real-IP' },
      dir,
    );
    assert.equal(settings.port, 4100);
    assert.equal(settings.host, '127.0.0.2');
    assert.deepEqual(
      settings.service.engines!.map((engine) => [engine.name, engine.documents]),
      [
        ['pages', join(dir, 'pages.json')],
        ['places', join(dir, 'places.ndjson')],
      ],
    );
    assert.deepEqual(settings.service.corsOrigins, [SITE]);
    assert.equal(settings.service.trustProxy, 'X-Real-IP');
    assert.equal(settings.service.dataDir, join(dir, '.civic-search'));
  });

  it('reads "search needs a search key" from its flag or variable, off by default', async () => {
    assert.equal((await readServeSettings(['--search-needs-key', 'on'], {})).service.searchNeedsKey, true);
    assert.equal((await readServeSettings([], { CIVIC_SEARCH_SEARCH_NEEDS_KEY: 'yes' })).service.searchNeedsKey, true);
    assert.equal((await readServeSettings(['--search-needs-key', 'off'], {})).service.searchNeedsKey, undefined);
    assert.equal((await readServeSettings([], {})).service.searchNeedsKey, undefined);
    await assert.rejects(readServeSettings(['--search-needs-key', 'maybe'], {}), /--search-needs-key "maybe": give on or off/);
  });

  it('says what is wrong with a bad option', async () => {
    await assert.rejects(
      readServeSettings(['--engine', 'places'], {}),
      (error) => error instanceof UsageError && /<name>=<documents file>/.test(error.message),
    );
    await assert.rejects(readServeSettings(['--engine', 'a=b', '--port', 'http'], {}), /--port "http": give a port number/);
    await assert.rejects(readServeSettings(['--engine', 'a=b', '--backend', 'solr'], {}), /choose embedded, elasticsearch or opensearch/);
    await assert.rejects(readServeSettings(['--colour', 'red'], {}), /Unknown option '--colour'/);
    // No engine at all is a service a CMS fills through the write API.
    assert.deepEqual((await readServeSettings([], {})).service.engines, []);
  });

  it('documents every option and its variable in --help', () => {
    const help = serveHelp();
    for (const [name, option] of Object.entries(SERVE_OPTIONS)) {
      assert.match(help, new RegExp(`--${name} `));
      assert.match(help, new RegExp(option.env));
    }
  });

  it('stops with the reason when the documents file has problems', async () => {
    const dir = await temporary();
    const file = await placesFile(dir, ['{"id": 1, "opened": "yesterday"}', '{"id": 1}']);
    const errors: string[] = [];
    const original = console.error;
    console.error = (message: string) => errors.push(message);
    try {
      const code = await runCli(['serve', '--engine', `places=${file}`, '--data', dir, '--port', '0'], {});
      assert.equal(code, 1);
    } finally {
      console.error = original;
    }
    assert.match(errors.join('\n'), /line 2: the id "1" is already used at line 1/);
  });
});
