/**
 * indexEngine() against a loopback stand-in for Elasticsearch: each request the real client sends is checked
 * against the next expected one (method, path, JSON or NDJSON body) and answered as Elasticsearch documents.
 * No Elasticsearch runs here; fixtures/elasticsearch/indexing/ holds the hand-written exchanges.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClusterClient } from '../../packages/civic-search/src/search/cluster/cluster-client';
import { checkedEngineDefinition, type EngineDefinition } from '../../packages/civic-search/src/engines/engine-definition';
import { createElasticsearchClient, indexEngine } from '../../packages/civic-search/src/search/elasticsearch';

interface Exchange {
  request: { method: string; path: string; body?: unknown; ndjson?: unknown[] };
  response: { status: number; body?: unknown };
}
interface IndexingFixture {
  description: string;
  engine: string;
  now: string;
  documents: Record<string, unknown>[];
  exchanges: Exchange[];
  result: unknown;
}

const FIXTURES_DIR = join(import.meta.dirname, 'fixtures', 'elasticsearch');
const readJson = <T>(...path: string[]) => JSON.parse(readFileSync(join(FIXTURES_DIR, ...path), 'utf8')) as T;
const LIBRARY = checkedEngineDefinition(readJson<EngineDefinition>('engines', 'library.json'));
const FIRST_RUN = readJson<IndexingFixture>('indexing', 'library-first-run.json');
const NOW = () => new Date(FIRST_RUN.now);
const NEW_INDEX = 'civic-search-library-20261124093015123';
const OLD_INDEX = 'civic-search-library-20261101080000000';

interface Received {
  method: string;
  path: string;
  text: string;
}

let server: Server;
let client: ClusterClient;
let received: Received[] = [];
/** Answers one request; the default answers 500 so an unexpected request fails loudly. */
let respond: (request: Received) => Exchange['response'] = () => ({ status: 500, body: { error: { type: 'unexpected' } } });

before(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { method: request.method ?? '', path: request.url ?? '', text: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      const { status, body } = respond(entry);
      response.writeHead(status, { 'Content-Type': 'application/json', 'X-Elastic-Product': 'Elasticsearch' });
      response.end(body === undefined || request.method === 'HEAD' ? undefined : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = createElasticsearchClient({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, indexPrefix: 'civic-search' });
});
after(async () => {
  await client.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received = [];
});

/** Answers from `exchanges` in order, failing the test at the first request that differs from the expected one. */
function playing(exchanges: Exchange[]): () => void {
  let next = 0;
  respond = () => {
    const expected = exchanges[next++];
    if (!expected) return { status: 500, body: { error: { type: 'unexpected_request' } } };
    return expected.response;
  };
  return () => {
    assert.deepEqual(
      received.map(({ method, path }) => `${method} ${path}`),
      exchanges.map(({ request }) => `${request.method} ${request.path}`),
    );
    received.forEach((request, index) => {
      const { body, ndjson } = exchanges[index].request;
      if (ndjson) {
        const lines = request.text.split('\n').filter(Boolean);
        assert.deepEqual(
          lines.map((line) => JSON.parse(line)),
          ndjson,
          `${request.method} ${request.path}: NDJSON body`,
        );
      } else {
        assert.deepEqual(request.text ? JSON.parse(request.text) : undefined, body, `${request.method} ${request.path}: body`);
      }
    });
  };
}

/** Routes by method and path, for runs whose exchanges differ from the first run's in a few places. */
function routing(routes: Record<string, Exchange['response'] | ((request: Received) => Exchange['response'])>): void {
  respond = (request) => {
    const route = routes[`${request.method} ${request.path}`];
    if (!route) return { status: 500, body: { error: { type: 'unexpected_request' } } };
    return typeof route === 'function' ? route(request) : route;
  };
}

const ok = { status: 200, body: { acknowledged: true } };
const bulkAnswer = (request: Received) => {
  const actions = request.text
    .split('\n')
    .filter(Boolean)
    .filter((_, index) => index % 2 === 0)
    .map((line) => (JSON.parse(line) as { index: { _index: string; _id: string } }).index);
  return {
    status: 200,
    body: { took: 1, errors: false, items: actions.map((action) => ({ index: { ...action, status: 201, result: 'created' } })) },
  };
};

describe('indexing an engine', () => {
  it(`${FIRST_RUN.description}`, async () => {
    const check = playing(FIRST_RUN.exchanges);
    const log: string[] = [];
    const result = await indexEngine(client, 'civic-search', LIBRARY, FIRST_RUN.documents, { now: NOW, log: (line) => log.push(line) });
    check();
    assert.deepEqual(result, FIRST_RUN.result);
    assert.deepEqual(log.slice(0, 1), ['Created civic-search-clicks.']);
    assert.match(log[1], /^Indexed 2 documents into civic-search-library-20261124093015123 in \d+\.\d s\.$/);
    assert.equal(log[2], 'civic-search-library now points at civic-search-library-20261124093015123.');
  });

  it('moves the alias from the previous index in one step, then deletes that index', async () => {
    routing({
      'HEAD /civic-search-clicks': ok,
      'HEAD /_alias/civic-search-library': ok,
      'GET /_alias/civic-search-library': { status: 200, body: { [OLD_INDEX]: { aliases: { 'civic-search-library': {} } } } },
      [`PUT /${NEW_INDEX}`]: ok,
      'POST /_bulk': bulkAnswer,
      [`PUT /${NEW_INDEX}/_settings`]: ok,
      [`GET /${NEW_INDEX}/_refresh`]: ok,
      'POST /_aliases': ok,
      [`DELETE /${OLD_INDEX}`]: ok,
    });
    const result = await indexEngine(client, 'civic-search', LIBRARY, FIRST_RUN.documents, { now: NOW });
    assert.deepEqual(result.removed, [OLD_INDEX]);
    const aliases = received.find((request) => request.path === '/_aliases')!;
    assert.deepEqual(JSON.parse(aliases.text), {
      actions: [
        { remove: { index: OLD_INDEX, alias: 'civic-search-library' } },
        { add: { index: NEW_INDEX, alias: 'civic-search-library' } },
      ],
    });
    const order = received.map((request) => `${request.method} ${request.path}`);
    assert.ok(order.indexOf('POST /_aliases') < order.indexOf(`DELETE /${OLD_INDEX}`), 'the old index is deleted only after the switch');
    assert.ok(!order.includes('PUT /civic-search-clicks'), 'an existing clicks index is kept');
  });

  it('deletes the new index and leaves the alias alone when a document is refused', async () => {
    routing({
      'HEAD /civic-search-clicks': ok,
      'HEAD /_alias/civic-search-library': { status: 404 },
      'HEAD /civic-search-library': { status: 404 },
      [`PUT /${NEW_INDEX}`]: ok,
      'POST /_bulk': {
        status: 200,
        body: {
          took: 2,
          errors: true,
          items: [
            { index: { _index: NEW_INDEX, _id: 'central', status: 201, result: 'created' } },
            {
              index: {
                _index: NEW_INDEX,
                _id: '7',
                status: 400,
                error: { type: 'document_parsing_exception', reason: '[1:80] failed to parse field [location] of type [geo_point]' },
              },
            },
          ],
        },
      },
      [`DELETE /${NEW_INDEX}`]: ok,
    });
    await assert.rejects(
      indexEngine(client, 'civic-search', LIBRARY, FIRST_RUN.documents, { now: NOW }),
      /1 of 2 documents could not be indexed:\n {2}7: \[1:80\] failed to parse field \[location\] of type \[geo_point\]/,
    );
    const order = received.map((request) => `${request.method} ${request.path}`);
    assert.ok(order.includes(`DELETE /${NEW_INDEX}`), 'the half-built index is deleted');
    assert.ok(!order.includes('POST /_aliases'), 'the alias is not moved');
  });

  it('checks every document against the schema before asking Elasticsearch anything', async () => {
    const documents = [
      { id: 'a', name: 'A', pages: 'many' },
      { id: 'b', name: 'B', shelves: 4 },
      { id: 'a', name: 'C', opened: '24/11/2026' },
    ];
    await assert.rejects(indexEngine(client, 'civic-search', LIBRARY, documents, { now: NOW }), (error: Error) => {
      assert.match(error.message, /^engine "library": 4 documents problems:/);
      assert.match(error.message, /document 1, field "pages": must be a number/);
      assert.match(error.message, /document 2, field "shelves": is not in the engine's schema/);
      assert.match(error.message, /document 3, field "opened": must be an ISO 8601 date/);
      assert.match(error.message, /document 3: the id "a" is already used by document 1/);
      return true;
    });
    assert.equal(received.length, 0);
  });

  it('refuses to replace a real index that holds the alias’s name, before building anything', async () => {
    routing({
      'HEAD /civic-search-clicks': ok,
      'HEAD /_alias/civic-search-library': { status: 404 },
      'HEAD /civic-search-library': ok,
    });
    await assert.rejects(
      indexEngine(client, 'civic-search', LIBRARY, FIRST_RUN.documents, { now: NOW }),
      /civic-search-library is an index, not an alias/,
    );
    assert.ok(!received.some((request) => request.method === 'PUT' && request.path.startsWith(`/${NEW_INDEX}`)));
  });

  it('builds a te reo Māori engine with its folding analyzer in the index settings', async () => {
    routing({
      'HEAD /civic-search-clicks': ok,
      'HEAD /_alias/civic-search-whare': { status: 404 },
      'HEAD /civic-search-whare': { status: 404 },
      'PUT /civic-search-whare-20261124093015123': ok,
      'POST /_bulk': bulkAnswer,
      'PUT /civic-search-whare-20261124093015123/_settings': ok,
      'GET /civic-search-whare-20261124093015123/_refresh': ok,
      'POST /_aliases': ok,
    });
    const whare = checkedEngineDefinition(readJson<EngineDefinition>('engines', 'whare.json'));
    await indexEngine(client, 'civic-search', whare, [{ id: 'kooti', ingoa: 'Te Kooti Whenua Māori', tau: 1862 }], { now: NOW });
    const created = JSON.parse(
      received.find((request) => request.method === 'PUT' && request.path === '/civic-search-whare-20261124093015123')!.text,
    );
    assert.deepEqual(created.settings.analysis.analyzer, {
      folded_text: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
    });
    assert.equal(created.mappings.properties.ingoa.analyzer, 'folded_text');
    assert.deepEqual(created.mappings.properties.tau, { type: 'double' });
  });
});
