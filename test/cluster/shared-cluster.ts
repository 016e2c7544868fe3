/**
 * One OpenSearch node shared by every node test file of a run, so the suite pays one JVM start, not one per file.
 *
 * `npm test` starts it (test/cluster/hold-shared-cluster.ts) beside the node tests and names, in the environment, the
 * file where its address will appear; a test file waits for that file. A file run on its own, with no such
 * variable, starts a node of its own and stops it at the end. Files sharing the node keep apart by index prefix, and
 * none may stop it: a test that stops nodes starts its own cluster.
 */
import { watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { startCluster } from './cluster';

/** The variable naming the file where the shared node's address, or why it could not start, is written. */
export const SHARED_CLUSTER_FILE = 'CIVIC_SHARED_CLUSTER_FILE';

/** Longer than the launcher's own start limit, so its error, not this wait's, is the one reported. */
const WAIT_MS = 240_000;

/** What the holder writes once, when the node is green or has failed. */
export type SharedClusterState = { urls: string[] } | { error: string };

export interface SharedCluster {
  readonly urls: string[];
  /** Stops the node if this file started it; leaves the shared one running. */
  close(): Promise<void>;
}

async function readState(file: string): Promise<SharedClusterState | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as SharedClusterState;
  } catch {
    // Not written yet. The holder writes a temporary file and renames it, so a file that exists is whole.
    return undefined;
  }
}

/**
 * Waits for the holder's file. It is written once, by rename, so the first state read is the last. The watch starts
 * before the first look, so a file written in between is still seen.
 */
function awaitState(file: string): Promise<SharedClusterState> {
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void) => {
      watcher.close();
      clearTimeout(timer);
      outcome();
    };
    const look = () =>
      void readState(file).then((state) => {
        if (state) finish(() => resolve(state));
      });
    const watcher = watch(dirname(file), (_, name) => {
      if (name === basename(file)) look();
    });
    const timer = setTimeout(
      () => finish(() => reject(new Error(`the shared OpenSearch node wrote nothing to ${file} in ${WAIT_MS / 1000} s`))),
      WAIT_MS,
    );
    look();
  });
}

/** The run's shared node, or a node of this file's own when it runs alone. Call clusterUnavailableReason() first. */
export async function sharedCluster(): Promise<SharedCluster> {
  const file = process.env[SHARED_CLUSTER_FILE];
  if (!file) {
    const own = await startCluster({ nodes: 1 });
    return { urls: own.urls, close: () => own.close() };
  }
  const state = await awaitState(file);
  if ('error' in state) throw new Error(`the shared OpenSearch node did not start: ${state.error}`);
  return { urls: state.urls, close: async () => {} };
}
