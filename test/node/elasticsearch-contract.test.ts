/**
 * Contract tests of the Elasticsearch backend against request/response pairs in fixtures/elasticsearch/: the real
 * client sends its request to a loopback HTTP server standing in for Elasticsearch, which checks the request
 * (method, path, body) against the fixture and answers the fixture's response. No Elasticsearch runs here.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROXY_PATH } from '../../src/core/search/app-search-api';
import { searchProxy } from '../../packages/civic-search/src/search-proxy';
import {
  createElasticsearchBackend,
  createElasticsearchClient,
  createElasticsearchBackendFromEnv,
} from '../../packages/civic-search/src/search/elasticsearch';
import { checkedEngineDefinition, type EngineDefinition } from '../../packages/civic-search/src/engines/engine-definition';
import { BackendError, BackendUnavailableError, UnknownEngineError, type SearchBackend } from '../../packages/civic-search/src/search/types';
import { capturingErrors } from './support/proxy-requests';
import { readFixtures } from './support/elasticsearch-stand-in';

interface Fixture {
  file: string;
  description: string;
  call: { method: 'search' | 'suggest' | 'click'; engine: string; request: never };
  elasticsearch: {
    request: { method: string; path: string; body: unknown };
    response: { status: number; body: unknown };
  };
  answer?: unknown;
  error?: string;
}

const FIXTURES_DIR = join(import.meta.dirname, 'fixtures', 'elasticsearch');
/** The engines the fixtures search besides `site` (content pages): engines/<name>.json. */
const ENGINES_DIR = join(FIXTURES_DIR, 'engines');
const customEngines: EngineDefinition[] = readdirSync(ENGINES_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => checkedEngineDefinition(JSON.parse(readFileSync(join(ENGINES_DIR, file), 'utf8')) as EngineDefinition));
const ENGINES = ['site', ...customEngines];
const fixtures = readFixtures<Fixture>();

const API_KEY = 'VnVhQ2ZHY0JDZGJrUW0tZTVhT3g6dWkybHAyYXhUTm1zeWFrdzl0dk5udw==';
const PLACEHOLDERS: Record<string, (value: unknown) => boolean> = {
  '<any>': () => true,
  '<uuid>': (value) => typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value),
  '<iso-timestamp>': (value) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
};

/** Deep equality where a placeholder string in `expected` stands for any value it accepts. */
function assertMatches(actual: unknown, expected: unknown, path = '$'): void {
  if (typeof expected === 'string' && PLACEHOLDERS[expected]) {
    assert.ok(PLACEHOLDERS[expected](actual), `${path}: ${JSON.stringify(actual)} is not ${expected}`);
    return;
  }
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${path}: expected a list, got ${JSON.stringify(actual)}`);
    assert.equal(actual.length, expected.length, `${path}: length`);
    expected.forEach((item, index) => assertMatches(actual[index], item, `${path}[${index}]`));
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    assert.ok(actual !== null && typeof actual === 'object' && !Array.isArray(actual), `${path}: expected an object`);
    assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort(), `${path}: keys`);
    for (const [key, value] of Object.entries(expected)) assertMatches((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    return;
  }
  assert.deepEqual(actual, expected, path);
}

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A stand-in for Elasticsearch: records each request and answers with `respond`'s response. */
let server: Server;
let base = '';
let received: Received[] = [];
/** A canned answer; `raw` is sent as it is (not as JSON), 'hang' never answers. */
type Answer = { status: number; body: unknown } | { status: number; raw: string } | 'hang';
let respond: (request: Received) => Answer = () => ({ status: 500, body: {} });

before(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const entry = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      received.push(entry);
      const answer = respond(entry);
      if (answer === 'hang') return;
      response.writeHead(answer.status, {
        'Content-Type': 'application/vnd.elasticsearch+json;compatible-with=9',
        'X-Elastic-Product': 'Elasticsearch',
      });
      response.end('raw' in answer ? answer.raw : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

let backend: SearchBackend;
beforeEach(() => {
  received = [];
  backend = createElasticsearchBackend({
    client: createElasticsearchClient({ url: base, apiKey: API_KEY, indexPrefix: 'civic-search' }),
    indexPrefix: 'civic-search',
    engines: ENGINES,
  });
});

function call(fixture: Fixture, signal?: AbortSignal): Promise<unknown> {
  const { method, engine, request } = fixture.call;
  return backend[method](engine, request, signal);
}

describe('recorded request/response pairs', () => {
  for (const fixture of fixtures) {
    it(`${fixture.file}: ${fixture.description}`, async () => {
      respond = () => fixture.elasticsearch.response;
      if (fixture.error !== undefined) {
        await assert.rejects(call(fixture), (error: Error) => {
          assert.ok(error instanceof BackendError, `a BackendError, not ${error.name}`);
          assert.equal(error.message, fixture.error);
          return true;
        });
      } else {
        const answer = await call(fixture);
        if (fixture.answer === null) assert.equal(answer, undefined);
        else assertMatches(answer, fixture.answer);
      }
      assert.ok(received.length >= 1, 'the client called Elasticsearch');
      for (const request of received) {
        assert.equal(request.method, fixture.elasticsearch.request.method);
        assert.equal(request.path, fixture.elasticsearch.request.path);
        assertMatches(request.body, fixture.elasticsearch.request.body, 'request body');
        assert.equal(request.headers.authorization, `ApiKey ${API_KEY}`);
        assert.match(String(request.headers['content-type']), /^application\/vnd\.elasticsearch\+json; ?compatible-with=9/);
      }
    });
  }

  it('covers search, suggestions, clicks and failures, for content pages and custom schemas', () => {
    const methods = new Set(fixtures.map((fixture) => fixture.call.method));
    assert.deepEqual([...methods].sort(), ['click', 'search', 'suggest']);
    assert.ok(fixtures.some((fixture) => fixture.error));
    const engines = new Set(fixtures.map((fixture) => fixture.call.engine));
    for (const name of ENGINES.map((engine) => (typeof engine === 'string' ? engine : engine.name))) {
      assert.ok(engines.has(name), `a fixture for the ${name} engine`);
    }
  });
});

describe('the client code path beyond the fixtures', () => {
  const search = () => fixtures.find((fixture) => fixture.file === 'search-full-text-facets.json')!;

  it('asks nothing of Elasticsearch for an empty suggestion query', async () => {
    const answer = await backend.suggest('site', { query: '  ' });
    assert.deepEqual(answer.results.documents, []);
    assert.equal(received.length, 0);
  });

  it('refuses an engine it does not serve as unknown (the proxy answers 404), without a request', async () => {
    for (const engine of ['Clicks', 'clicks', 'libraries', '../site']) {
      await assert.rejects(backend.search(engine, { query: 'x' }), UnknownEngineError, engine);
      await assert.rejects(backend.suggest(engine, { query: 'x' }), UnknownEngineError, engine);
      await assert.rejects(backend.click(engine, { query: 'x', document_id: 'd' }), UnknownEngineError, engine);
    }
    assert.equal(received.length, 0);
  });

  it('will not serve an engine whose name would clash with the clicks index, or one given twice', () => {
    const client = createElasticsearchClient({ url: base, indexPrefix: 'civic-search' });
    assert.throws(() => createElasticsearchBackend({ client, indexPrefix: 'civic-search', engines: ['clicks'] }), /engine "clicks"/);
    assert.throws(() => createElasticsearchBackend({ client, indexPrefix: 'civic-search', engines: ['site', 'site'] }), /given twice/);
  });

  it('stops waiting when the proxy aborts, passing the abort through', async () => {
    respond = () => 'hang';
    const controller = new AbortController();
    const pending = call(search(), controller.signal);
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(pending, (error: Error) => error.name === 'RequestAbortedError');
  });

  it('reports an unreachable cluster as a BackendUnavailableError (the proxy answers 503)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createElasticsearchBackendFromEnv({ ELASTICSEARCH_URL: `http://127.0.0.1:${port}` }, undefined, ['site']);
    await assert.rejects(unreachable.search('site', { query: 'x' }), (error: Error) => {
      assert.ok(error instanceof BackendUnavailableError, `a BackendUnavailableError, not ${error.name}`);
      assert.equal(error.message, 'Elasticsearch is unreachable');
      return true;
    });
  });

  it('reports an answer that is not JSON, or not a search answer, as a BackendError', async () => {
    for (const raw of ['<html>Bad gateway</html>', '', '{"acknowledged": true}']) {
      respond = () => ({ status: 200, raw });
      await assert.rejects(call(search()), { name: 'BackendError', message: 'Elasticsearch sent an answer that could not be read' }, raw);
    }
  });

  it('answers through the proxy: 200 with the App Search answer, 502 with the reason on failure', async () => {
    const app = searchProxy({ backend, engines: ['site'], privateKey: API_KEY, rateLimit: { windowMs: 60_000, limit: 100 } });
    const post = () =>
      app.request(`${PROXY_PATH}/api/as/v1/engines/site/search.json`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(search().call.request),
      });
    respond = () => search().elasticsearch.response;
    const ok = await post();
    assert.equal(ok.status, 200);
    assertMatches(await ok.json(), search().answer);

    respond = () => fixtures.find((fixture) => fixture.file === 'error-unauthorized.json')!.elasticsearch.response;
    const { result: failed, logged } = await capturingErrors(post);
    assert.equal(failed.status, 502);
    const text = await failed.text();
    assert.deepEqual(JSON.parse(text), { errors: ['Search is unavailable right now: Elasticsearch refused the credentials (401)'] });
    assert.ok(!text.includes(API_KEY) && !logged.join('\n').includes(API_KEY));
  });
});

describe('configuration from the environment', () => {
  it('needs ELASTICSEARCH_URL and names it when missing', () => {
    assert.throws(() => createElasticsearchBackendFromEnv({}, undefined, ['site']), /ELASTICSEARCH_URL is not set/);
  });

  it('refuses an index prefix that cannot name an index', () => {
    assert.throws(
      () => createElasticsearchBackendFromEnv({ ELASTICSEARCH_URL: base, ELASTICSEARCH_INDEX_PREFIX: 'Civic Search' }, undefined, ['site']),
      /ELASTICSEARCH_INDEX_PREFIX/,
    );
  });

  it('uses ELASTICSEARCH_INDEX_PREFIX and the fallback key', async () => {
    const configured = createElasticsearchBackendFromEnv(
      { ELASTICSEARCH_URL: base, ELASTICSEARCH_INDEX_PREFIX: 'council' },
      API_KEY,
      customEngines,
    );
    await assert.rejects(configured.click('site', { query: 'q', document_id: 'd' }), UnknownEngineError);
    respond = () => ({ status: 201, body: { result: 'created' } });
    await configured.click('library', { query: 'q', document_id: 'd' });
    assert.equal(received[0].path, '/council-clicks/_doc');
    assert.equal((received[0].body as { engine: string }).engine, 'library');
    assert.equal(received[0].headers.authorization, `ApiKey ${API_KEY}`);
    await configured.close?.();
  });
});
