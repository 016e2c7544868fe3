/**
 * The crawl store (state, history, leases) on Elasticsearch, against a loopback stand-in: the real client sends each
 * request to a server that checks it (method, path with query, JSON or NDJSON body) against
 * fixtures/elasticsearch/crawl-state/, hand-written exchanges in the format Elasticsearch documents, and answers the
 * fixture's response. No Elasticsearch runs here; a live OpenSearch node runs the same store in
 * crawl-store-cluster.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import { BackendError, BackendUnavailableError } from '../../packages/civic-search/src/search/types';
import { openClusterCrawlStore } from '../../packages/civic-search/src/crawler/cluster-crawl-store';
import type { CrawlLease, CrawlStore, LoadedState } from '../../packages/civic-search/src/crawler/crawl-store';
import { checkRecordedCalls, readFixtures, startElasticsearchStandIn, type ElasticsearchStandIn, type Exchange, type RecordedCall } from './support/elasticsearch-stand-in';

interface StoreFixture {
  file: string;
  description: string;
  now: string;
  urlParts?: number;
  calls: RecordedCall[];
  exchanges: Exchange[];
}

const ERROR_TYPES: Record<string, new (...args: never[]) => Error> = { BackendError, BackendUnavailableError };

const fixtures = readFixtures<StoreFixture>('crawl-state');

let cluster: ElasticsearchStandIn;
before(async () => {
  cluster = await startElasticsearchStandIn();
});
after(() => cluster.close());

/**
 * Makes the fixture's calls on one store. `save` saves through the state last loaded; `renew` and `release` act on
 * the lease last taken. An answer is compared as JSON has it (a lease as its holder, functions left out).
 */
function performer(store: CrawlStore) {
  let loaded: LoadedState | undefined;
  let lease: CrawlLease | undefined;
  const asJson = (answer: unknown) => (answer === undefined ? null : JSON.parse(JSON.stringify(answer)));
  return async ({ call, args = [] }: RecordedCall): Promise<unknown> => {
    switch (call) {
      case 'loadState':
        loaded = await store.loadState(...(args as [string, string]));
        return asJson(loaded.state);
      case 'save':
        return asJson(await loaded!.save(args[0] as LoadedState['state']));
      case 'takeLease': {
        const taken = await store.takeLease(...(args as [string, string, number]));
        lease = taken ?? lease;
        return asJson(taken && { holder: taken.holder });
      }
      case 'renew':
        return lease!.renew();
      case 'release':
        return asJson(await lease!.release());
      default:
        return asJson(await (store as unknown as Record<string, (...given: unknown[]) => Promise<unknown>>)[call]!(...args));
    }
  };
}

describe('the crawl store on Elasticsearch, against recorded exchanges', () => {
  for (const current of fixtures) {
    it(`${current.file}: ${current.description}`, async () => {
      const check = cluster.play(current.exchanges);
      try {
        const store = await openClusterCrawlStore({
          client: cluster.client,
          indexPrefix: 'civic-search',
          ...(current.urlParts && { urlParts: current.urlParts }),
          now: () => Date.parse(current.now),
        });
        await checkRecordedCalls(current.calls, performer(store), (step) => `${step.call}(${JSON.stringify(step.args ?? []).slice(1, 81)})`, ERROR_TYPES);
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
