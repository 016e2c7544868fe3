import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { open, readFile, stat, writeFile } from 'node:fs/promises';
import { createEmbeddedBackend, type IndexReadyEvent } from '../../packages/civic-search/src/search/embedded/backend';
import { documentsHash, indexFile, loadOrBuildIndex } from '../../packages/civic-search/src/search/embedded/index-store';
import type { SiteDocument } from '../../packages/civic-search/src/search/types';
import { capturingErrors, ENGINE, FIXTURE_DOCUMENTS, resultIds, temporaryDataDir } from './embedded-fixtures';

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
    let restarted!: Awaited<ReturnType<typeof start>>;
    const logged = await capturingErrors(async () => (restarted = await start(dataDir)));
    assert.match(logged.join('\n'), /cannot be used/, 'said on the console');
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

describe('embedded backend: a damaged saved index', () => {
  /** Starts on `dataDir`, capturing what is logged; the backend, how its index was obtained, and the log. */
  async function startLogged(dataDir: string) {
    let started!: Awaited<ReturnType<typeof start>>;
    const logged = await capturingErrors(async () => (started = await start(dataDir)));
    return { ...started, logged };
  }

  /** Overwrites bytes of the saved index in place, at `offset` (negative: from the end). */
  async function overwrite(dataDir: string, locate: (text: string) => number, bytes: string) {
    const file = indexFile(dataDir, ENGINE);
    const at = locate(await readFile(file, 'latin1'));
    const handle = await open(file, 'r+');
    try {
      await handle.write(Buffer.from(bytes, 'latin1'), 0, bytes.length, at);
    } finally {
      await handle.close();
    }
  }

  it('is rebuilt, loudly, when bytes of its postings were overwritten but it still parses', async () => {
    const dataDir = await temporaryDataDir();
    const fresh = await start(dataDir);
    const expected = resultIds(await fresh.backend.search(ENGINE, { query: 'consent' }));
    // The title field's offsets, overwritten with other valid base64: still JSON, still the right lengths.
    await overwrite(dataDir, (text) => text.indexOf('"offsets":"') + '"offsets":"'.length, 'AAAAAAAAAAAA');
    JSON.parse(await readFile(indexFile(dataDir, ENGINE), 'utf8'));

    const restarted = await startLogged(dataDir);
    assert.equal(restarted.events[0].source, 'built', 'not trusted');
    assert.match(restarted.events[0].note ?? '', /damaged: its checksum does not match/);
    assert.equal(restarted.logged.length, 1);
    assert.ok(restarted.logged[0].includes(indexFile(dataDir, ENGINE)), 'the message names the file');
    assert.match(restarted.logged[0], /checksum does not match.*rebuilding it from the documents/);
    assert.deepEqual(resultIds(await restarted.backend.search(ENGINE, { query: 'consent' })), expected);
    assert.equal((await start(dataDir)).events[0].source, 'loaded', 'the rebuilt index was saved whole');
  });

  it('is rebuilt when its vocabulary was emptied (same header, other contents)', async () => {
    const dataDir = await temporaryDataDir();
    const fresh = await start(dataDir);
    const expected = (await fresh.backend.search(ENGINE, { query: 'bui' })).meta.page.total_results;
    const file = indexFile(dataDir, ENGINE);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/"vocabulary":\[.*\]\}$/, '"vocabulary":[]}'));
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')).vocabulary, []);

    const restarted = await startLogged(dataDir);
    assert.equal(restarted.events[0].source, 'built');
    assert.match(restarted.logged.join('\n'), /cannot be used \(damaged/);
    assert.equal((await restarted.backend.search(ENGINE, { query: 'bui' })).meta.page.total_results, expected);
  });

  it('is rebuilt when its checksum itself was overwritten', async () => {
    const dataDir = await temporaryDataDir();
    await start(dataDir);
    await overwrite(dataDir, (text) => text.indexOf('"checksum":"') + '"checksum":"'.length, '0000');
    const restarted = await startLogged(dataDir);
    assert.equal(restarted.events[0].source, 'built');
    assert.equal(restarted.logged.length, 1);
  });
});
