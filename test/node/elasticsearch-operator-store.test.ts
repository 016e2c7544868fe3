/**
 * The operator store (search settings, synonyms, curations, meta engines, keys) on Elasticsearch, against a loopback
 * stand-in: the real client sends each request to a server that checks it (method, path with query, JSON or NDJSON
 * body) against fixtures/elasticsearch/operator-state/, hand-written exchanges in the format Elasticsearch documents,
 * and answers the fixture's response. No Elasticsearch runs here; a live OpenSearch node runs the same store in
 * operator-state-cluster.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import { BackendError, BackendUnavailableError } from '../../packages/civic-search/src/search/types';
import { openClusterOperatorStore, type OperatorStore } from '../../packages/civic-search/src/operator-state';
import { checkRecordedCalls, readFixtures, startElasticsearchStandIn, type ElasticsearchStandIn, type Exchange } from './support/elasticsearch-stand-in';

/** A call on the store (`collection` names the collection of a record call), with what it answers or throws. */
interface Call {
  collection?: string;
  call: string;
  args?: unknown[];
  result?: unknown;
  error?: { name: string; message: string };
}
interface StoreFixture {
  file: string;
  description: string;
  now: string;
  calls: Call[];
  exchanges: Exchange[];
}

const ERROR_TYPES: Record<string, new (...args: never[]) => Error> = { BackendError, BackendUnavailableError };

const fixtures = readFixtures<StoreFixture>('operator-state');

let cluster: ElasticsearchStandIn;
before(async () => {
  cluster = await startElasticsearchStandIn();
});
after(() => cluster.close());

/** A call's answer as JSON has it, to compare with the fixture. */
async function perform(store: OperatorStore, { collection, call, args = [] }: Call): Promise<unknown> {
  const target = (collection ? store.collection(collection) : store) as unknown as Record<string, (...given: unknown[]) => unknown>;
  const answer = await target[call](...args);
  return answer === undefined ? null : JSON.parse(JSON.stringify(answer));
}

const performAll = (store: OperatorStore, calls: readonly Call[]) =>
  checkRecordedCalls(calls, (step) => perform(store, step), (step) => `${step.collection ? `${step.collection}.` : ''}${step.call}(${JSON.stringify(step.args ?? []).slice(1, 81)})`, ERROR_TYPES);

describe('the operator store on Elasticsearch, against recorded exchanges', () => {
  for (const current of fixtures) {
    it(`${current.file}: ${current.description}`, async () => {
      const check = cluster.play(current.exchanges);
      const store = await openClusterOperatorStore({
        client: cluster.client,
        indexPrefix: 'civic-search',
        now: () => new Date(current.now),
      });
      try {
        await performAll(store, current.calls);
      } catch (error) {
        // A call failed: when the requests sent were not the fixture's, say so beside its failure.
        try {
          check();
        } catch (requests) {
          throw new Error(`${(error as Error).message}\n\nThe requests sent: ${(requests as Error).message}`, { cause: error });
        }
        throw error;
      }
      await store.close();
      check();
    });
  }
});
