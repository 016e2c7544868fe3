/**
 * Starts the OpenSearch node a test run shares (see shared-cluster.ts), writes its address to the file named by
 * CIVIC_SHARED_CLUSTER_FILE, and stops it, deleting its data, when its standard input closes (the run is over, or
 * the run itself died). Without Java or Maven it writes nothing: the tests skip on their own, saying why.
 */
import { rename, writeFile } from 'node:fs/promises';
import { clusterUnavailableReason, startCluster, type TestCluster } from './cluster';
import { SHARED_CLUSTER_FILE, type SharedClusterState } from './shared-cluster';

const file = process.env[SHARED_CLUSTER_FILE];
if (!file) throw new Error(`${SHARED_CLUSTER_FILE} must name the file to write the node's address to`);

async function publish(state: SharedClusterState): Promise<void> {
  await writeFile(`${file}.partial`, JSON.stringify(state));
  await rename(`${file}.partial`, file!);
}

let cluster: TestCluster | undefined;
const stopped = new Promise<void>((resolve) => {
  process.stdin.on('end', resolve).on('close', resolve).resume();
});

if (clusterUnavailableReason() === undefined) {
  try {
    cluster = await startCluster({ nodes: 1 });
    await publish({ urls: cluster.urls });
  } catch (error) {
    await publish({ error: error instanceof Error ? error.message : String(error) });
  }
}
await stopped;
await cluster?.close();
