/** The crawl store of the embedded backend, files in the data folder: the contract, and the files it keeps. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historyFileOf, openFolderCrawlStore, stateFileOf } from '../../packages/civic-search/src/crawler/folder-crawl-store';
import { readState } from '../../packages/civic-search/src/crawler/crawl-state';
import { crawlStoreContract } from './crawl-store-contract';

const tempDir = () => mkdtemp(join(tmpdir(), 'crawl-store-'));

// Each handle on one folder, as the service after a restart would hold.
crawlStoreContract('files in the data folder', async () => {
  const dir = await tempDir();
  return { open: async () => openFolderCrawlStore(dir) };
});

describe('crawl store (files in the data folder)', () => {
  it('keeps the state in the file `civic-search crawl --data` reads, and the history beside it', async () => {
    const dir = await tempDir();
    const store = openFolderCrawlStore(dir);
    const { state, save } = await store.loadState('council', 'https://www.council.example/');
    state.urls['https://www.council.example/about'] = { id: 'crawl-about', hash: 'a' };
    await save(state);
    await store.addRun('council', { started_at: '2026-11-03T10:00:00.000Z', finished_at: '2026-11-03T10:01:00.000Z', indexed: 1 });
    assert.deepEqual((await readState(stateFileOf(dir, 'council'), 'https://www.council.example/', 'council')).urls, state.urls);
    const history = JSON.parse(await readFile(historyFileOf(dir, 'council'), 'utf8'));
    assert.equal(history.runs[0].indexed, 1);
  });

  it('refuses an unreadable history with what to do, and keeps the file', async () => {
    const dir = await tempDir();
    await writeFile(historyFileOf(dir, 'council'), '{ not json');
    const store = openFolderCrawlStore(dir);
    await assert.rejects(store.history('council'), /crawl history .* is not valid JSON: delete it/);
    assert.equal(await readFile(historyFileOf(dir, 'council'), 'utf8'), '{ not json');
  });
});
