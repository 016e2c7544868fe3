/**
 * The Elasticsearch admin (App Search's write side over a cluster) against a loopback stand-in for Elasticsearch:
 * the real client sends each request to a server that checks it (method, path with query, JSON or NDJSON body)
 * against fixtures/elasticsearch/admin/, hand-written exchanges in the format Elasticsearch documents, and answers
 * the fixture's response. No Elasticsearch runs here.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClusterClient } from '../../packages/civic-search/src/search/cluster/cluster-client';
import { EngineExistsError } from '../../packages/civic-search/src/engines/engine-admin';
import { BackendError, InvalidRequestError, UnknownEngineError } from '../../packages/civic-search/src/search/types';
import { createElasticsearchClient } from '../../packages/civic-search/src/search/elasticsearch';
import { createClusterAdmin, type ClusterAdmin } from '../../packages/civic-search/src/search/cluster/admin';
import { DocumentsRejectedError } from '../../packages/civic-search/src/search/cluster/bulk-writes';
import { readFixtures } from './support/elasticsearch-stand-in';

interface Exchange {
  request: { method: string; path: string; body?: unknown; ndjson?: unknown[] };
  response: { status: number; body?: unknown };
  /** Sent alongside others (one count per engine): may arrive in any order among its neighbours. */
  concurrent?: boolean;
}
interface Call {
  call: keyof ClusterAdmin;
  args?: unknown[];
  result?: unknown;
  error?: { name: string; message: string; errors?: string[][] };
}
interface AdminFixture {
  file: string;
  description: string;
  now: string;
  engines?: unknown[];
  log?: string[];
  calls: Call[];
  exchanges: Exchange[];
}

/** The errors a fixture may name: the types the write API tells apart. */
const ERROR_TYPES: Record<string, new (...args: never[]) => Error> = {
  EngineExistsError,
  UnknownEngineError,
  InvalidRequestError,
  BackendError,
  DocumentsRejectedError,
};

const fixtures = readFixtures<AdminFixture>('admin');
const fixture = (file: string) => fixtures.find((one) => one.file === file)!;

interface Received {
  method: string;
  path: string;
  text: string;
}

let server: Server;
let client: ClusterClient;
let received: Received[] = [];
/** Answers one request; the default answers 500 so an unexpected request fails loudly. */
let respond: (request: Received) => Exchange['response'] | Promise<Exchange['response']> = () => ({
  status: 500,
  body: { error: { type: 'unexpected_request' } },
});

before(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const entry = { method: request.method ?? '', path: request.url ?? '', text: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      const { status, body } = await respond(entry);
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

const bodyOf = (request: Received) => (request.text ? JSON.parse(request.text) : undefined);
const ndjsonOf = (request: Received) =>
  request.text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
const signature = (request: { method: string; path: string }) => `${request.method} ${request.path}`;

/**
 * Answers each request with the first exchange not yet used that has its method and path (so calls sent side by
 * side may arrive in any order); returns a check that every exchange was used once, in the fixture's order
 * (exchanges marked `concurrent` excepted), each with the body the fixture expects.
 */
function playing(exchanges: Exchange[]): () => void {
  const used: number[] = [];
  respond = (request) => {
    const index = exchanges.findIndex((exchange, position) => !used.includes(position) && signature(exchange.request) === signature(request));
    if (index === -1) return { status: 500, body: { error: { type: 'unexpected_request', reason: signature(request) } } };
    used.push(index);
    return exchanges[index].response;
  };
  return () => {
    assert.deepEqual(
      received.map(signature).sort(),
      exchanges.map(({ request }) => signature(request)).sort(),
      'the requests sent are the fixture’s',
    );
    const ordered = used.filter((index) => !exchanges[index].concurrent);
    assert.deepEqual(ordered, [...ordered].sort((a, b) => a - b), `requests in the fixture's order: ${received.map(signature).join(', ')}`);
    received.forEach((request, position) => {
      const { body, ndjson } = exchanges[used[position]].request;
      if (ndjson) assert.deepEqual(ndjsonOf(request), ndjson, `${signature(request)}: NDJSON body`);
      else assert.deepEqual(bodyOf(request), body, `${signature(request)}: body`);
    });
  };
}

function start(fixture: Pick<AdminFixture, 'now' | 'engines'>, log: string[] = []): Promise<ClusterAdmin> {
  return createClusterAdmin({
    client,
    indexPrefix: 'civic-search',
    engines: (fixture.engines ?? []) as never,
    now: () => new Date(fixture.now),
    log: (line) => log.push(line),
  });
}

/** A call's answer as JSON has it (nothing for undefined, no undefined properties), to compare with the fixture. */
async function perform(admin: ClusterAdmin, { call, args = [] }: Call): Promise<unknown> {
  const answer = await (admin[call] as (...given: unknown[]) => unknown)(...args);
  return answer === undefined ? null : JSON.parse(JSON.stringify(answer));
}

describe('the admin against recorded exchanges', () => {
  for (const current of fixtures) {
    it(`${current.file}: ${current.description}`, async () => {
      const check = playing(current.exchanges);
      const log: string[] = [];
      const admin = await start(current, log);
      for (const step of current.calls) {
        const where = `${step.call}(${JSON.stringify(step.args ?? []).slice(1, -1).slice(0, 80)})`;
        if (step.error) {
          await assert.rejects(perform(admin, step), (error: Error & { errors?: unknown }) => {
            assert.ok(error instanceof ERROR_TYPES[step.error!.name], `${where}: ${error.name} is a ${step.error!.name}`);
            assert.equal(error.name, step.error!.name, where);
            assert.equal(error.message, step.error!.message, where);
            if (step.error!.errors) assert.deepEqual(error.errors, step.error!.errors, where);
            return true;
          });
        } else {
          assert.deepEqual(await perform(admin, step), step.result, where);
        }
      }
      check();
      if (current.log) assert.deepEqual(log, current.log);
    });
  }
});

/** A promise with its resolve at hand, to hold an answer until the test lets it go. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Resolves once `predicate` holds for the requests received so far (checked as each arrives). */
function whenReceived(predicate: (requests: Received[]) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const previous = respond;
    respond = (request) => {
      const answer = previous(request);
      if (predicate(received)) resolve();
      return answer;
    };
  });
}

/** A lock held by mistake would leave a call waiting for ever: these tests fail instead. */
describe('writes beside schema changes', { timeout: 20_000 }, () => {
  const changeType = fixture('update-schema-change-type.json');
  const start = fixture('put-documents-partial-failure.json');
  const bulkCreated = (request: Received) => ({
    status: 200,
    body: {
      took: 1,
      errors: false,
      items: ndjsonOf(request)
        .filter((_, index) => index % 2 === 0)
        .map((action: { index: { _id: string } }) => ({ index: { _id: action.index._id, status: 201, result: 'created' } })),
    },
  });

  it('holds a write sent during a type change until the alias has moved, so it lands in the new index', async () => {
    const playback = changeType.exchanges.filter((exchange) => !exchange.request.path.startsWith('/_tasks/'));
    const taskDone = gate();
    const taskAnswer = changeType.exchanges.find((exchange) => exchange.request.path.startsWith('/_tasks/') && exchange.response.status === 200)!;
    let next = 0;
    respond = async (request) => {
      if (request.path.endsWith('/_bulk')) return bulkCreated(request);
      if (request.path.startsWith('/_tasks/')) {
        await taskDone.opened;
        return taskAnswer.response;
      }
      return playback[next++]?.response ?? { status: 500, body: { error: { type: 'unexpected_request' } } };
    };
    const admin = await createClusterAdmin({ client, indexPrefix: 'civic-search', now: () => new Date(changeType.now) });
    const waitingOnTask = whenReceived((requests) => requests.some((request) => request.path.startsWith('/_tasks/')));
    const change = admin.updateSchema('parks', { acres: 'number' });
    await waitingOnTask;
    const write = admin.putDocuments('parks', [{ id: 'arches', title: 'Arches', acres: 76679 }]);
    // The write is queued behind the change: nothing reaches the cluster until the re-index task answers.
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(!received.some((request) => request.path.endsWith('/_bulk')), 'no bulk request while the re-index runs');
    taskDone.open();
    await Promise.all([change, write]);
    const order = received.map(signature);
    assert.ok(order.indexOf('POST /_aliases') < order.indexOf('POST /civic-search-parks/_bulk'), `the write follows the alias move: ${order.join(', ')}`);
  });

  it('sends writes to one engine side by side when no schema change is under way', async () => {
    const bothArrived = gate();
    let bulks = 0;
    respond = async (request) => {
      if (request.path.endsWith('/_bulk')) {
        if (++bulks === 2) bothArrived.open();
        await bothArrived.opened;
        return bulkCreated(request);
      }
      return start.exchanges[received.length - 1]?.response ?? { status: 500, body: {} };
    };
    const admin = await createClusterAdmin({ client, indexPrefix: 'civic-search', now: () => new Date(start.now) });
    await Promise.all([
      admin.putDocuments('parks', [{ id: 'arches', title: 'Arches' }]),
      admin.putDocuments('parks', [{ id: 'glacier', title: 'Glacier' }]),
    ]);
    assert.equal(bulks, 2);
  });

  it('refuses an engine name that would collide with its own indexes, asking the cluster nothing', async () => {
    const check = playing(start.exchanges.slice(0, 2));
    const admin = await createClusterAdmin({ client, indexPrefix: 'civic-search' });
    for (const name of ['clicks', 'engines', 'parks-20261124093015123']) {
      await assert.rejects(admin.createEngine(name, 'en'), InvalidRequestError);
    }
    check();
  });
});
