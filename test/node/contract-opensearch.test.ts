/**
 * The backend contract against a live OpenSearch 2.19 node started from Maven Central's artifacts (test/cluster).
 * Skipped, saying why, where Java 17 or Maven is missing.
 */
import { after, before, describe } from 'node:test';
import { clusterUnavailableReason, startCluster, type TestCluster } from '../cluster/cluster';
import { backendContract } from './backend-contract';

const unavailable = clusterUnavailableReason();
if (unavailable) console.log(`# SKIPPED the OpenSearch contract: ${unavailable}`);

describe('a live OpenSearch node', { skip: unavailable }, () => {
  let cluster: TestCluster | undefined;
  const env: NodeJS.ProcessEnv = {};
  before(async () => {
    cluster = await startCluster({ nodes: 1 });
    env.OPENSEARCH_URL = cluster.urls[0];
    env.OPENSEARCH_REPLICAS = '0';
  });
  after(() => cluster?.close());

  backendContract({ backend: 'opensearch', env });
});
