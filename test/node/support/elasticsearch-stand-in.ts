import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ClusterClient } from '../../../packages/civic-search/src/search/cluster/cluster-client';
import { createElasticsearchClient } from '../../../packages/civic-search/src/search/elasticsearch';

/** The recorded Elasticsearch fixtures of one kind, `test/node/fixtures/elasticsearch/<kind>/*.json`, by file name. */
export function readFixtures<T>(kind = ''): (T & { file: string })[] {
  const dir = join(import.meta.dirname, '..', 'fixtures', 'elasticsearch', kind);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(dir, file), 'utf8')) as T) }));
}

/** One request and its answer, as Elasticsearch documents them: the body is JSON, or NDJSON lines (`ndjson`). */
export interface Exchange {
  request: { method: string; path: string; body?: unknown; ndjson?: unknown[] };
  response: { status: number; body?: unknown };
  /** Sent side by side with its neighbours marked so: may arrive in any order among them. */
  concurrent?: boolean;
}

interface Received {
  method: string;
  path: string;
  text: string;
}

const signature = (request: { method: string; path: string }) => `${request.method} ${request.path}`;
const bodyOf = (request: Received) => (request.text ? JSON.parse(request.text) : undefined);
const ndjsonOf = (request: Received) =>
  request.text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/**
 * A loopback stand-in for Elasticsearch that the real client talks to. `play` answers the requests that follow
 * with a fixture's exchanges (each request gets the first unused exchange of its method and path; one the fixture
 * does not have is answered 500, so its call fails loudly) and returns a check that every exchange was sent once,
 * in the fixture's order (those marked `concurrent` excepted), each with the body the fixture expects.
 */
export async function startElasticsearchStandIn(indexPrefix = 'civic-search') {
  let received: Received[] = [];
  let respond: (request: Received) => Exchange['response'] = () => ({ status: 500, body: { error: { type: 'unexpected_request' } } });
  const server = createServer((request, response) => {
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
  const client: ClusterClient = createElasticsearchClient({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    indexPrefix,
  });

  return {
    client,
    play(exchanges: readonly Exchange[]): () => void {
      received = [];
      const used: number[] = [];
      respond = (request) => {
        const index = exchanges.findIndex(
          (exchange, position) => !used.includes(position) && signature(exchange.request) === signature(request),
        );
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
        assert.deepEqual(
          ordered,
          [...ordered].sort((a, b) => a - b),
          `requests in the fixture's order: ${received.map(signature).join(', ')}`,
        );
        received.forEach((request, position) => {
          const { body, ndjson } = exchanges[used[position]].request;
          if (ndjson) assert.deepEqual(ndjsonOf(request), ndjson, `${signature(request)}: NDJSON body`);
          else assert.deepEqual(bodyOf(request), body, `${signature(request)}: body`);
        });
      };
    },
    async close() {
      await client.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type ElasticsearchStandIn = Awaited<ReturnType<typeof startElasticsearchStandIn>>;

/** One call of a recorded exchange: what the store was asked, and what it answered or threw. */
export interface RecordedCall {
  call: string;
  args?: unknown[];
  result?: unknown;
  error?: { name: string; message: string };
}

/**
 * Makes each recorded call on the store in turn and checks its answer, or that it threw the error recorded (of the
 * class `errorTypes` names, with the same message). `label` names a call in a failure.
 */
export async function checkRecordedCalls<C extends RecordedCall>(
  calls: readonly C[],
  perform: (step: C) => Promise<unknown>,
  label: (step: C) => string,
  errorTypes: Record<string, new (...args: never[]) => Error>,
) {
  for (const step of calls) {
    const where = label(step);
    if (step.error) {
      await assert.rejects(perform(step), (error: Error) => {
        assert.ok(error instanceof errorTypes[step.error!.name], `${where}: ${error.name} is a ${step.error!.name}`);
        assert.equal(error.message, step.error!.message, where);
        return true;
      });
    } else {
      assert.deepEqual(await perform(step), step.result, where);
    }
  }
}
