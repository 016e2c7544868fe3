/**
 * civic-search on a live three-node OpenSearch 2.19 cluster started from Maven Central's artifacts (test/cluster),
 * one JVM for the whole file: the backend contract, two `civic-search serve` processes sharing the cluster, and
 * faults (a node killed under searches and writes; the whole cluster stopped and started again).
 * Skipped, saying why, where Java 17 or Maven is missing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchService, type SearchService } from 'civic-search';
import { clusterUnavailableReason, startCluster, type TestCluster } from '../cluster/cluster';
import { backendContract } from './backend-contract';
import { startServe, type ServeProcess } from './serve-process';

const unavailable = clusterUnavailableReason();
if (unavailable) console.log(`# SKIPPED every live OpenSearch test (contract, two processes, faults): ${unavailable}`);

const KEY = 'private-live-key-0123456789abcdef';
/**
 * A change made through one process is seen through the other within this long: a document once the index has
 * refreshed (every second), an engine or schema once the other process has read the catalog again (every half
 * second), plus a search's own time on a busy two-core machine: seen here in 0.5 to 1.2 s at a load of 16.
 */
const SHARED_WITHIN_MS = 2_000;

/** Polls `check` until it holds; answers how long that took, or fails after `withinMs`. */
/** A fault test's own limit: a node's stop and the cluster's recovery take tens of seconds on a loaded machine. */
const FAULT_TEST_LIMIT_MS = 240_000;
/** How long one call of the fault tests is waited for (the service's own deadlines are far shorter). */
const CALL_PATIENCE_MS = 30_000;

async function within(what: string, withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) assert.fail(`${what}: not seen within ${withinMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const idsOf = (answer: { status: number; body: unknown }) => {
  return answer.status === 200 ? (answer.body as { results: { id: { raw: string } }[] }).results.map((r) => r.id.raw) : [];
};

describe('a live three-node OpenSearch cluster', { skip: unavailable }, () => {
  let cluster: TestCluster | undefined;
  const env: NodeJS.ProcessEnv = {};
  before(async () => {
    cluster = await startCluster({ nodes: 3 });
    env.OPENSEARCH_URL = cluster.urls.join(',');
    env.OPENSEARCH_SHARDS = '2';
    env.OPENSEARCH_REPLICAS = '1';
  });
  after(() => cluster?.close());

  backendContract({ backend: 'opensearch', env });

  describe('two serve processes on one cluster', () => {
    const servers: ServeProcess[] = [];
    const dirs: string[] = [];
    before(async () => {
      const prefix = `shared-${process.pid}`;
      for (let i = 0; i < 2; i++) {
        const dir = await mkdtemp(join(tmpdir(), 'civic-serve-'));
        dirs.push(dir);
        servers.push(await startServe(['--backend', 'opensearch', '--data', dir], { ...env, OPENSEARCH_INDEX_PREFIX: prefix }, KEY));
      }
    });
    after(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it('sees an engine, its documents and its schema changes made through the other within a second', async () => {
      const [one, two] = servers as [ServeProcess, ServeProcess];
      const created = await one.api('POST', '/engines', { name: 'notices', language: 'en' });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const put = await one.api('POST', '/engines/notices/documents', [{ id: 'ferry', title: 'Ferry timetable changes' }]);
      assert.equal(put.status, 200, JSON.stringify(put.body));
      const documentSeen = await within('a document written through the other process', SHARED_WITHIN_MS, async () =>
        idsOf(await two.api('POST', '/engines/notices/search', { query: 'ferry' })).includes('ferry'),
      );

      const schema = await two.api('POST', '/engines/notices/schema', { sailings: 'number' });
      assert.equal(schema.status, 200, JSON.stringify(schema.body));
      const patched = await two.api('PATCH', '/engines/notices/documents', [{ id: 'ferry', sailings: 12 }]);
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      const schemaSeen = await within('a field added through the other process', SHARED_WITHIN_MS, async () =>
        idsOf(await one.api('POST', '/engines/notices/search', { query: '', filters: { sailings: { from: 10 } } })).includes('ferry'),
      );
      console.log(`# seen through the other process after ${documentSeen} ms (document) and ${schemaSeen} ms (schema and patch)`);
    });
  });
  describe('faults', () => {
    let service: SearchService;
    let dataDir: string;
    const TIMEOUT_MS = 3_000;
    let unanswered = 0;
    const call = async (method: string, path: string, body?: unknown) => {
      const answered = Promise.resolve(
        service.request(`/api/as/v1${path}`, {
          method,
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        }),
      ).then(async (response) => ({ status: response.status, headers: response.headers, body: (await response.json()) as unknown }));
      // A call still unanswered after this long counts as failed (status 0, never acknowledged), and is reported:
      // the test goes on instead of waiting for it for ever.
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<{ status: number; headers: Headers; body: unknown }>((resolve) => {
        timer = setTimeout(() => {
          unanswered += 1;
          resolve({ status: 0, headers: new Headers(), body: { errors: ["no answer within the test's patience"] } });
        }, CALL_PATIENCE_MS);
      });
      return Promise.race([answered, gaveUp]).finally(() => clearTimeout(timer));
    };
    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'civic-faults-'));
      service = await createSearchService({
        backend: 'opensearch',
        env: { ...env, OPENSEARCH_INDEX_PREFIX: `faults-${process.pid}` },
        engines: [
          {
            name: 'faults',
            schema: { title: 'text' },
            documents: Array.from({ length: 50 }, (_, i) => ({ id: `seed-${i}`, title: `Seed notice ${i}` })),
          },
        ],
        dataDir,
        privateKey: KEY,
        timeoutMs: TIMEOUT_MS,
        rateLimit: { windowMs: 60_000, limit: 1_000_000 },
        costBudget: false,
      });
    });
    after(async () => {
      await service?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    // Each fault test has a limit of its own: a call that never came back would otherwise hold the whole run.
    it('keeps searching and keeps every acknowledged write while a node goes down', { timeout: FAULT_TEST_LIMIT_MS }, async () => {
      const statuses: number[] = [];
      const acknowledged: string[] = [];
      const failedBodies: unknown[] = [];
      let running = true;
      let writes = 0;
      const searcher = (async () => {
        while (running) {
          const answer = await call('POST', '/engines/faults/search', { query: 'notice' });
          statuses.push(answer.status);
          if (answer.status !== 200) failedBodies.push(answer.body);
        }
      })();
      const writer = (async () => {
        while (running) {
          const id = `write-${writes++}`;
          const answer = await call('POST', '/engines/faults/documents', [{ id, title: `Written notice ${id}` }]);
          if (answer.status === 200 && (answer.body as { errors: string[] }[])[0]!.errors.length === 0) acknowledged.push(id);
        }
      })();
      await within('searches and writes under way', 30_000, async () => statuses.length >= 5 && acknowledged.length >= 5);
      const beforeFault = statuses.length;
      await cluster!.stopNode(2);
      const atFault = statuses.length;
      console.log(`# node 2 stopped after ${atFault} searches`);
      // Carry on until twenty more searches have been answered with the node gone.
      await within('searches after the node went', 60_000, async () => statuses.length >= atFault + 20);
      running = false;
      console.log(`# ${statuses.length - atFault} searches answered after the stop; waiting for the last calls`);
      await Promise.all([searcher, writer]);

      const afterFault = statuses.slice(atFault);
      console.log(
        `# node 2 stopped: ${beforeFault} searches before, ${afterFault.length} after (${afterFault.filter((s) => s !== 200).length} not 200); ` +
          `${acknowledged.length} of ${writes} writes acknowledged; ${unanswered} calls unanswered after ${CALL_PATIENCE_MS / 1000} s`,
      );
      // Every failure is App Search's error body, never a hang or a stack.
      for (const body of failedBodies) assert.ok(Array.isArray((body as { errors?: unknown }).errors), JSON.stringify(body));
      // Once the cluster has moved the replicas up, searches answer again without restarting the service.
      assert.deepEqual(afterFault.slice(-10), Array(10).fill(200));
      // Every write that was acknowledged is there: read back by id (realtime, not waiting for a refresh).
      const stored = await call('GET', `/engines/faults/documents?${acknowledged.map((id) => `ids[]=${id}`).join('&')}`);
      const missing = acknowledged.filter((_, i) => (stored.body as unknown[])[i] === null);
      assert.deepEqual(missing, []);
      await cluster!.startNode(2);
    });

    it(
      "answers App Search's error body within the deadline while the whole cluster is down, and resumes by itself",
      { timeout: FAULT_TEST_LIMIT_MS },
      async () => {
        await cluster!.stopAll();
        const started = Date.now();
        const down = await call('POST', '/engines/faults/search', { query: 'notice' });
        const took = Date.now() - started;
        // 503 when the cluster refuses connections; 504 if a connection hangs past the deadline instead.
        assert.ok([503, 504].includes(down.status), `status ${down.status}`);
        if (down.status === 503) assert.ok(Number(down.headers.get('retry-after')) > 0, 'a 503 says when to try again');
        assert.ok(Array.isArray((down.body as { errors?: unknown }).errors), JSON.stringify(down.body));
        assert.ok(took <= TIMEOUT_MS + 1_000, `answered in ${took} ms`);

        await cluster!.restart();
        const resumedAfter = await within(
          'search after the cluster came back',
          60_000,
          async () => (await call('POST', '/engines/faults/search', { query: 'notice' })).status === 200,
        );
        console.log(`# cluster down: answered ${down.status} in ${took} ms; search resumed ${resumedAfter} ms after the cluster was green`);
      },
    );
  });
});
