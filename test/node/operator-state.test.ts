import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cachedView,
  openDataFolderOperatorStore,
  openSqliteOperatorStore,
  OPERATOR_DB_FILE,
  OperatorStoreError,
  SERVICE_SCOPE,
} from '../../packages/civic-search/src/operator-state';

const KILL_WRITER = fileURLToPath(new URL('./fixtures/operator-state/kill-writer.ts', import.meta.url));
const tempDir = () => mkdtemp(join(tmpdir(), 'operator-state-'));

describe('operator store (SQLite in the data folder)', () => {
  it('keeps records per collection and scope, listed in the order first written, and paged', async () => {
    const store = openDataFolderOperatorStore(await tempDir());
    const curations = store.collection<{ queries: string[] }>('curations');
    await curations.put('council', 'cur-1', { queries: ['rates'] });
    await curations.put('council', 'cur-2', { queries: ['bins'] });
    await curations.put('library', 'cur-1', { queries: ['loans'] });
    await curations.put('council', 'cur-3', { queries: ['parking'] });
    // Replacing a value keeps the record's place in the order.
    await curations.put('council', 'cur-1', { queries: ['rates', 'pay rates'] });
    await store.collection('synonym-sets').put('council', 'cur-1', { synonyms: ['a', 'b'] });

    const all = await curations.all('council');
    assert.deepEqual(all.map(({ id }) => id), ['cur-1', 'cur-2', 'cur-3']);
    assert.deepEqual(all[0].value, { queries: ['rates', 'pay rates'] });
    const second = await curations.list('council', { offset: 1, limit: 1 });
    assert.equal(second.total, 3);
    assert.deepEqual(second.records.map(({ id }) => id), ['cur-2']);
    assert.deepEqual((await curations.get('library', 'cur-1'))?.value, { queries: ['loans'] });
    assert.equal(await curations.get('library', 'cur-2'), undefined);
    await store.close();
  });

  it('creates only when the id is free, deletes one record or a whole scope, and says when nothing was there', async () => {
    const store = openDataFolderOperatorStore(await tempDir());
    const keys = store.collection<{ name: string }>('credentials');
    assert.equal(await keys.create(SERVICE_SCOPE, 'search-key', { name: 'search-key' }), true);
    assert.equal(await keys.create(SERVICE_SCOPE, 'search-key', { name: 'other' }), false);
    assert.equal((await keys.get(SERVICE_SCOPE, 'search-key'))?.value.name, 'search-key');
    assert.equal(await keys.delete(SERVICE_SCOPE, 'search-key'), true);
    assert.equal(await keys.delete(SERVICE_SCOPE, 'search-key'), false);

    const settings = store.collection<object>('search-settings');
    await settings.put('council', 'a', {});
    await settings.put('council', 'b', {});
    await settings.put('library', 'a', {});
    assert.equal(await settings.deleteScope('council'), 2);
    assert.equal(await settings.deleteScope('council'), 0);
    assert.equal((await settings.all('library')).length, 1);
    await store.close();
  });

  it('moves its revision on every change and only then, so caches in this process or another see it', async () => {
    const dir = await tempDir();
    const writer = openDataFolderOperatorStore(dir);
    const reader = openDataFolderOperatorStore(dir);
    const sets = writer.collection<string[]>('synonym-sets');
    let loads = 0;
    const view = cachedView(reader, async () => {
      loads += 1;
      return (await reader.collection<string[]>('synonym-sets').all('council')).map(({ value }) => value);
    });
    assert.deepEqual(await view.read(), []);
    await sets.put('council', 's1', ['rubbish', 'refuse']);
    assert.deepEqual(await view.read(), [['rubbish', 'refuse']]);
    assert.deepEqual(await view.read(), [['rubbish', 'refuse']]);
    assert.equal(loads, 2, 'a read with no change in between is served from the cache');
    const before = await writer.revision();
    assert.equal(await sets.delete('council', 'missing'), false);
    assert.equal(await sets.create('council', 's1', ['other']), false);
    assert.equal(await writer.revision(), before, 'a change that changed nothing leaves the revision');
    await sets.delete('council', 's1');
    assert.deepEqual(await view.read(), []);
    await writer.close();
    await reader.close();
  });

  it('keeps every acknowledged write when the process is killed', async () => {
    const file = join(await tempDir(), OPERATOR_DB_FILE);
    const acknowledged = await new Promise<string[]>((resolve, reject) => {
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', KILL_WRITER, file], { stdio: ['ignore', 'pipe', 'pipe'] });
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
