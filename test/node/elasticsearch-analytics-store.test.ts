/**
 * Search analytics kept in Elasticsearch, against a loopback stand-in: the real client sends each request of the
 * cluster analytics store to a server that checks it (method, path with query, JSON or NDJSON body) against
 * fixtures/elasticsearch/analytics/, hand-written exchanges in the format Elasticsearch documents, and answers the
 * fixture's response. No Elasticsearch runs here; a live OpenSearch node runs the same store in
 * analytics-cluster.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import { AnalyticsStoreUnavailableError, openClusterAnalyticsStore } from '../../packages/civic-search/src/analytics';
import type { AnalyticsStore } from '../../packages/civic-search/src/analytics/types';
import { checkRecordedCalls, readFixtures, startElasticsearchStandIn, type ElasticsearchStandIn, type Exchange } from './support/elasticsearch-stand-in';

/** A call on the store, with what it answers or throws. */
interface Call {
  call: keyof AnalyticsStore;
  args?: unknown[];
  result?: unknown;
  error?: { name: string; message: string };
}
interface AnalyticsFixture {
  file: string;
  description: string;
  calls: Call[];
  exchanges: Exchange[];
}

const ERROR_TYPES: Record<string, new (...args: never[]) => Error> = { AnalyticsStoreUnavailableError };

const fixtures = readFixtures<AnalyticsFixture>('analytics');

let cluster: ElasticsearchStandIn;
before(async () => {
  cluster = await startElasticsearchStandIn();
});
after(() => cluster.close());

/** A call's answer as JSON has it, to compare with the fixture. */
async function perform(store: AnalyticsStore, { call, args = [] }: Call): Promise<unknown> {
  const answer = await (store[call] as (...given: unknown[]) => unknown)(...args);
  return answer === undefined ? null : JSON.parse(JSON.stringify(answer));
}

const performAll = (store: AnalyticsStore, calls: readonly Call[]) =>
  checkRecordedCalls(calls, (step) => perform(store, step), (step) => `${step.call}(${JSON.stringify(step.args ?? []).slice(1, 81)})`, ERROR_TYPES);

describe('search analytics on Elasticsearch, against recorded exchanges', () => {
  for (const current of fixtures) {
    it(`${current.file}: ${current.description}`, async () => {
      const check = cluster.play(current.exchanges);
      // Not closed: the store closes its client, which here is the stand-in's for every fixture.
      const store = openClusterAnalyticsStore({ client: cluster.client, indexPrefix: 'civic-search' });
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
      check();
    });
  }
});
