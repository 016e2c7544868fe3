import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { createEmbeddedBackend, type IndexReadyEvent } from '../../packages/civic-search/src/search/embedded/backend';
import { documentsHash, indexFile, loadOrBuildIndex } from '../../packages/civic-search/src/search/embedded/index-store';
import type { SiteDocument } from '../../packages/civic-search/src/search/types';
import { ENGINE, FIXTURE_DOCUMENTS, resultIds, temporaryDataDir } from './embedded-fixtures';

async function start(dataDir: string, documents: readonly SiteDocument[] = FIXTURE_DOCUMENTS) {
  const events: IndexReadyEvent[] = [];
  let calls = 0;
  const backend = createEmbeddedBackend({
    engines: {
      [ENGINE]: () => {
        calls++;
        return documents;
      },
    },
    dataDir,
    onIndexReady: (event) => events.push(event),
  });
  await backend.ready();
  return { backend, events, calls: () => calls };
}

const PROBES = ['building consent', 'bilding', 'swimm', 'consents', 'aud'];

describe('embedded backend: index persistence', () => {
  it('builds and saves the index on first start, and loads it on the next start with the same documents', async () => {
    const dataDir = await temporaryDataDir();
    const first = await start(dataDir);
    assert.equal(first.events.length, 1);
    assert.equal(first.events[0].source, 'built');
    assert.equal(first.events[0].documents, FIXTURE_DOCUMENTS.length);
    const saved = JSON.parse(await readFile(indexFile(dataDir, ENGINE), 'utf8'));
    assert.equal(saved.hash, documentsHash(FIXTURE_DOCUMENTS));

    const second = await start(dataDir);
    assert.equal(second.events[0].source, 'loaded', 'not rebuilt');
    assert.deepEqual(await second.backend.indexStatus(ENGINE), second.events[0]);
    for (const query of PROBES) {
      assert.deepEqual(
        resultIds(await second.backend.search(ENGINE, { query })),
        resultIds(await first.backend.search(ENGINE, { query })),
        `"${query}" answers the same from the loaded index`,
      );
    }
    assert.deepEqual(
      await second.backend.suggest(ENGINE, { query: 'bu' }).then((r) => r.results),
      await first.backend.suggest(ENGINE, { query: 'bu' }).then((r) => r.results),
    );
  });

  it('rebuilds when the documents changed, and saves the new index', async () => {
    const dataDir = await temporaryDataDir();
    await start(dataDir);
    const before = await stat(indexFile(dataDir, ENGINE));
    const changed = FIXTURE_DOCUMENTS.map((document) =>
      document.id === 'library-card' ? { ...document, title: 'Join the library today' } : document,
    );
    const restarted = await start(dataDir, changed);
    assert.equal(restarted.events[0].source, 'built');
    assert.match(restarted.events[0].note ?? '', /changed/);
    assert.equal(resultIds(await restarted.backend.search(ENGINE, { query: 'today' }))[0], 'library-card');
    const after = JSON.parse(await readFile(indexFile(dataDir, ENGINE), 'utf8'));
    assert.equal(after.hash, documentsHash(changed));
    assert.ok((await stat(indexFile(dataDir, ENGINE))).mtimeMs >= before.mtimeMs);
    assert.equal((await start(dataDir, changed)).events[0].source, 'loaded');
  });

  it('rebuilds when the saved index is unreadable', async () => {
    const dataDir = await temporaryDataDir();
    await start(dataDir);
    await writeFile(indexFile(dataDir, ENGINE), '{"format":1,"hash":');
    const restarted = await start(dataDir);
    assert.equal(restarted.events[0].source, 'built');
    assert.match(restarted.events[0].note ?? '', /unreadable/);
    assert.equal(resultIds(await restarted.backend.search(ENGINE, { query: 'dog' }))[0], 'dog-registration');
  });

  it('hashes documents by content and order', () => {
    assert.equal(documentsHash(FIXTURE_DOCUMENTS), documentsHash(FIXTURE_DOCUMENTS.map((document) => ({ ...document }))));
    assert.notEqual(documentsHash(FIXTURE_DOCUMENTS), documentsHash([...FIXTURE_DOCUMENTS].reverse()));
    assert.notEqual(documentsHash(FIXTURE_DOCUMENTS), documentsHash(FIXTURE_DOCUMENTS.slice(1)));
  });

  it('still searches when the index cannot be saved', async () => {
    const dataDir = await temporaryDataDir();
    const notAFolder = `${dataDir}/file`;
    await writeFile(notAFolder, '');
    const { index, source, note } = await loadOrBuildIndex(ENGINE, FIXTURE_DOCUMENTS, notAFolder);
    assert.equal(source, 'built');
    assert.match(note ?? '', /not saved/);
    assert.equal(index.documents.length, FIXTURE_DOCUMENTS.length);
  });

  it('asks each engine for its documents once per start', async () => {
    const started = await start(await temporaryDataDir());
    await started.backend.search(ENGINE, { query: 'a' });
    await started.backend.suggest(ENGINE, { query: 'a' });
    assert.equal(started.calls(), 1);
  });

  it('refuses duplicate document ids with a BackendError', async () => {
    const duplicated = [...FIXTURE_DOCUMENTS, FIXTURE_DOCUMENTS[0]];
    const backend = createEmbeddedBackend({ engines: { [ENGINE]: () => duplicated }, dataDir: await temporaryDataDir() });
    await assert.rejects(
      backend.search(ENGINE, { query: 'x' }),
      (error: Error) => error.name === 'BackendError' && /duplicate/i.test(error.message),
    );
  });
});
