import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  openDataFolderOperatorStore,
  openSqliteOperatorStore,
  OPERATOR_DB_FILE,
  OperatorStoreError,
} from '../../packages/civic-search/src/operator-state';
import { operatorStoreContract } from './operator-store-contract';

const KILL_WRITER = fileURLToPath(new URL('./fixtures/operator-state/kill-writer.ts', import.meta.url));
const tempDir = () => mkdtemp(join(tmpdir(), 'operator-state-'));

// Handles on one folder's store, as two processes sharing a data folder would hold.
operatorStoreContract('SQLite in the data folder', async () => {
  const dir = await tempDir();
  return { open: async () => openDataFolderOperatorStore(dir) };
});

describe('operator store (SQLite in the data folder)', () => {
  it('keeps every acknowledged write when the process is killed', async () => {
    const file = join(await tempDir(), OPERATOR_DB_FILE);
    const acknowledged = await new Promise<string[]>((resolve, reject) => {
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', KILL_WRITER, file], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      let errors = '';
      child.stderr.on('data', (data) => (errors += data));
      child.stdout.on('data', (data) => {
        text += data;
        if (text.split('\n').length > 200) child.kill('SIGKILL');
      });
      child.on('exit', (_code, signal) => {
        if (signal !== 'SIGKILL') reject(new Error(`the writer ended by itself: ${errors}`));
        // Only whole lines: a line is printed after its write resolved.
        else resolve(text.split('\n').slice(0, -1));
      });
    });
    assert.ok(acknowledged.length >= 200);
    const store = openSqliteOperatorStore(file);
    const kept = new Set((await store.collection('synonym-sets').all('council')).map(({ id }) => id));
    const lost = acknowledged.filter((id) => !kept.has(id));
    assert.deepEqual(lost, []);
    await store.close();
  });

  it('refuses a file that is not its store with a message naming it, and never overwrites it', async () => {
    const dir = await tempDir();
    const file = join(dir, OPERATOR_DB_FILE);
    await writeFile(file, 'not a database, but an operator would want it back'.repeat(100));
    assert.throws(
      () => openSqliteOperatorStore(file),
      (error: Error) => error instanceof OperatorStoreError && error.message.includes(file) && /backup/.test(error.message),
    );
  });

  it('refuses to use a store after it is closed', async () => {
    const store = openDataFolderOperatorStore(await tempDir());
    await store.close();
    await assert.rejects(store.collection('x').all('y'), OperatorStoreError);
  });
});
