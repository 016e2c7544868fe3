import { after } from 'node:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteOperatorStore } from '../../packages/civic-search/src/operator-state';
import { relevanceTestStoreContract } from './relevance-tests-store-contract';

/**
 * An engine's relevance tests and run history in the data folder's SQLite file. The same cases run on a live
 * OpenSearch node in relevance-tests-store-cluster.test.ts.
 */

const dirs: string[] = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

relevanceTestStoreContract('the data folder’s SQLite file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'relevance-tests-store-'));
  dirs.push(dir);
  return { open: () => openSqliteOperatorStore(join(dir, 'operator.db')) };
});
