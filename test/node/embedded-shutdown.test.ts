import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { access, readdir } from 'node:fs/promises';
import { createEmbeddedBackend, type IndexReadyEvent } from '../../packages/civic-search/src/search/embedded/backend';
import { indexFile } from '../../packages/civic-search/src/search/embedded/index-store';
import { generateCorpus } from '../../examples/content/generate-corpus';
import { ENGINE, temporaryDataDir } from './embedded-fixtures';

/** Large enough that building takes many slices (each a turn of the event loop), small enough for a quick test. */
const LARGE_CORPUS = generateCorpus({ count: 20_000 });

const isShuttingDown = (error: Error) => error.name === 'BackendError' && /shutting down/.test(error.message);

describe('embedded backend: close while indexes load', () => {
  it('stops a large build when closed during it: nothing is built or saved, and calls after close fail', async () => {
    const dataDir = await temporaryDataDir();
    const events: IndexReadyEvent[] = [];
    let documentsAsked!: () => void;
    const asked = new Promise<void>((resolve) => (documentsAsked = resolve));
    const backend = createEmbeddedBackend({
      engines: {
        [ENGINE]: () => {
          documentsAsked();
          return LARGE_CORPUS;
        },
        second: () => LARGE_CORPUS,
      },
      dataDir,
      onIndexReady: (event) => events.push(event),
    });
    await asked;
    // A few turns of the event loop: the build is under way.
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    await backend.close();

    assert.deepEqual(events, [], 'no engine finished loading or building');
    await assert.rejects(access(indexFile(dataDir, ENGINE)), { code: 'ENOENT' }, 'no index saved');
    assert.deepEqual(
      (await readdir(dataDir)).filter((name) => name.includes('index')),
      [],
      'no index or half-written file',
    );
    await assert.rejects(backend.indexStatus(ENGINE), isShuttingDown);
    await assert.rejects(backend.search('second', { query: 'rates' }), isShuttingDown, 'the next engine never started');
  });

  it('stops loading a saved index when closed right away', async () => {
    const dataDir = await temporaryDataDir();
    const corpus = LARGE_CORPUS.slice(0, 2000);
    const first = createEmbeddedBackend({ engines: { [ENGINE]: () => corpus }, dataDir });
    await first.ready();
    await first.close();

    const events: IndexReadyEvent[] = [];
    const second = createEmbeddedBackend({ engines: { [ENGINE]: () => corpus }, dataDir, onIndexReady: (event) => events.push(event) });
    await second.close();
    assert.deepEqual(events, []);
    await assert.rejects(second.search(ENGINE, { query: 'rates' }), isShuttingDown);
  });
});
