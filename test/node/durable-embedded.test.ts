/**
 * The embedded engine over the durable store, as `civic-search serve` runs it: configured engines seeded, writes
 * searchable at once and kept across restarts, an index that took writes saved at close and loaded at the next
 * start, and a configured documents file taking effect when it changes without losing what the API wrote.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDurableEmbedded } from '../../packages/civic-search/src/service/durable-embedded';
import { PAGE_SCHEMA, PAGE_SEARCH_FIELDS } from '../../packages/civic-search/src/engines/page-schema';

const page = (id: string, title: string) => ({ id, title, summary: '', body: '', published_date: '2026-01-01' });
const ids = (answer: { results: { _meta: { id: string } }[] }) => answer.results.map((result) => result._meta.id);

describe('the durable embedded engine', () => {
  it('keeps what the API wrote across a restart, and loads the index saved at close instead of building it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'durable-embedded-'));
    const seed = { name: 'site', language: 'en', schema: PAGE_SCHEMA, searchFields: PAGE_SEARCH_FIELDS, documents: [page('a', 'Dog registration')] };
    let engine = await createDurableEmbedded({ dataDir, engines: [seed] });
    await engine.ready();
    await engine.putDocuments('site', [page('b', 'Rates rebate'), page('c', 'Library hours')]);
    assert.deepEqual(ids(await engine.search('site', { query: 'rebate' })), ['b'], 'searchable as soon as the write resolves');
    await engine.deleteDocuments('site', ['c']);
    assert.deepEqual(ids(await engine.search('site', { query: 'library' })), []);
    await engine.close();

    engine = await createDurableEmbedded({ dataDir, engines: [seed] });
    await engine.ready();
    assert.equal((await engine.indexStatus('site')).source, 'loaded', 'the index saved at close fits the stored documents');
    assert.deepEqual(ids(await engine.search('site', { query: 'rebate' })), ['b']);
    assert.deepEqual(ids(await engine.search('site', { query: 'dog' })), ['a']);
    assert.deepEqual(ids(await engine.search('site', { query: 'library' })), []);

    // The configured documents changed: they are loaded (a replaced, the file's others added); b, written through
    // the API, is not in the file, so loading the file replaces it too.
    await engine.close();
    const edited = { ...seed, documents: [page('a', 'Dog registration and fees'), page('d', 'Swimming pools')] };
    engine = await createDurableEmbedded({ dataDir, engines: [edited] });
    await engine.ready();
    assert.deepEqual(ids(await engine.search('site', { query: 'fees' })), ['a']);
    assert.deepEqual(ids(await engine.search('site', { query: 'swimming' })), ['d']);
    assert.deepEqual(ids(await engine.search('site', { query: 'rebate' })), [], 'the file is the list of the engine\'s documents');
    await engine.close();
  });

  it('serves engines made through the API, with fields added as documents arrive and weights from configuration', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'durable-embedded-'));
    const engine = await createDurableEmbedded({ dataDir });
    await engine.createEngine('parks', 'en');
    await engine.putDocuments('parks', [{ id: 'p1', name: 'Harbour reserve', description: 'Picnic tables and a playground' }]);
    assert.deepEqual(ids(await engine.search('parks', { query: 'playground' })), ['p1'], 'a field added by a write is searched');
    await engine.updateSchema('parks', { area: 'number' });
    await engine.putDocuments('parks', [{ id: 'p2', name: 'Hill park', description: 'Walking tracks', area: 12 }]);
    const sorted = await engine.search('parks', { query: '', sort: { area: 'desc' } });
    assert.deepEqual(ids(sorted), ['p2', 'p1']);
    assert.deepEqual(
      engine.definitions().map((definition) => [definition.name, definition.schema]),
      [['parks', { name: 'text', description: 'text', area: 'number' }]],
    );
    await engine.deleteEngine('parks');
    await assert.rejects(engine.search('parks', { query: 'park' }), { name: 'UnknownEngineError' });
    await engine.close();
  });
});
