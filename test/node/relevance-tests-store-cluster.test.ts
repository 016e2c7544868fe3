import { after, before, describe } from 'node:test';
import { createOpenSearchClient } from '../../packages/civic-search/src/search/opensearch';
import type { ClusterClient } from '../../packages/civic-search/src/search/cluster';
import { openClusterOperatorStore } from '../../packages/civic-search/src/operator-state';
import { clusterUnavailableReason } from '../cluster/cluster';
import { sharedCluster, type SharedCluster } from '../cluster/shared-cluster';
import { relevanceTestStoreContract } from './relevance-tests-store-contract';

/**
 * An engine's relevance tests and run history in the operator index of a live OpenSearch node: the cases the data
 * folder's SQLite file passes, an import failing part-way included. Each handle has a client of its own, as another
 * process would, and every case's records are under an index prefix of their own.
 */

const unavailable = clusterUnavailableReason();
if (unavailable) console.log(`# SKIPPED relevance tests in a live OpenSearch cluster's operator index: ${unavailable}`);

describe('relevance tests on a live OpenSearch node', { skip: unavailable }, () => {
  let cluster: SharedCluster | undefined;
  const clients: ClusterClient[] = [];
  before(async () => {
    cluster = await sharedCluster();
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await cluster?.close();
  });

  relevanceTestStoreContract(
    'the operator index of a live OpenSearch node',
    async () => {
      const indexPrefix = `relevance-tests-${process.pid}`;
      return {
        open: () => {
          const client = createOpenSearchClient({ url: cluster!.urls, indexPrefix });
          clients.push(client);
          return openClusterOperatorStore({ client, indexPrefix });
        },
      };
    },
    { fullList: false },
  );
});
