import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openClickStore, parseClickLine } from '../../packages/civic-search/src/search/embedded/click-store';
import { IssuedRequests } from '../../packages/civic-search/src/search/embedded/issued-requests';
import type { EmbeddedBackend } from '../../packages/civic-search/src/search/embedded/backend';
import { capturingErrors, ENGINE, FIXTURE_DOCUMENTS, fixtureBackend, temporaryDataDir } from './embedded-fixtures';

const lines = async (file: string) => (await readFile(file, 'utf8')).split('\n').filter((line) => line !== '');

describe('click store', () => {
  it('appends one JSON line per click with query, document, request id, tags and time', async () => {
    const file = join(await temporaryDataDir(), 'nested', 'clicks.jsonl');
    const store = await openClickStore(file);
    const at = new Date('2026-11-20T10:00:00Z');
    await store.record({ engine: 'site', query: 'Dog registration', document_id: 'doc-1', request_id: 'r1', tags: ['header'] }, at);
    await store.record({ engine: 'site', query: 'dog  registration', document_id: 'doc-2', tags: [] }, at);
    assert.deepEqual(
      (await lines(file)).map((line) => JSON.parse(line)),
      [
        {
          engine: 'site',
          query: 'Dog registration',
          document_id: 'doc-1',
          request_id: 'r1',
          tags: ['header'],
          at: '2026-11-20T10:00:00.000Z',
        },
        { engine: 'site', query: 'dog  registration', document_id: 'doc-2', tags: [], at: '2026-11-20T10:00:00.000Z' },
      ],
    );
    assert.deepEqual([...store.popularQueries('site')], [['dog registration', 2]]);
    assert.equal(store.popularQueries('other').size, 0);
  });

  it('reads the clicks back at start: nothing is lost on restart', async () => {
    const file = join(await temporaryDataDir(), 'clicks.jsonl');
    const first = await openClickStore(file);
    for (let i = 0; i < 3; i++) await first.record({ engine: 'site', query: 'rates relief', document_id: `d${i}`, tags: [] });
    const second = await openClickStore(file);
    assert.equal(second.count, 3);
    assert.equal(second.popularQueries('site').get('rates relief'), 3);
  });

  it('skips corrupt lines and seals a half-written last line', async () => {
    const file = join(await temporaryDataDir(), 'clicks.jsonl');
    const good = JSON.stringify({ engine: 'site', query: 'parking', document_id: 'p', tags: [], at: '2026-01-01T00:00:00.000Z' });
    await writeFile(file, `${good}\nnot json at all\n{"engine":"site","query":42}\n\n${good}\n{"engine":"site","query":"cut off`);
    const store = await openClickStore(file);
    assert.equal(store.count, 2);
    assert.equal(store.skippedLines, 3);
    await store.record({ engine: 'site', query: 'parking', document_id: 'q', tags: [] });
    const stored = await lines(file);
    assert.equal(stored.length, 6);
    assert.equal(parseClickLine(stored[5])?.document_id, 'q', 'the new click starts a line of its own');
    assert.equal((await openClickStore(file)).popularQueries('site').get('parking'), 3);
  });

  it('never interleaves lines when clicks arrive together', async () => {
    const file = join(await temporaryDataDir(), 'clicks.jsonl');
    const store = await openClickStore(file);
    await Promise.all(
      Array.from({ length: 25 }, (_, i) => store.record({ engine: 'site', query: `query ${i}`, document_id: `d${i}`, tags: ['t'] })),
    );
    const stored = await lines(file);
    assert.equal(stored.length, 25);
    assert.ok(stored.every((line) => parseClickLine(line) !== undefined));
  });

  it('reads a stored line back only when it has the click fields', () => {
    assert.equal(parseClickLine('{"engine":"s","query":"q","document_id":"d","tags":[],"at":"x"}')?.query, 'q');
    assert.equal(parseClickLine('{"engine":"s","query":"q","document_id":"d","tags":[1],"at":"x"}'), undefined);
    assert.equal(parseClickLine('{"engine":"s","query":"q","document_id":"d","tags":[],"at":"x","request_id":5}'), undefined);
    assert.equal(parseClickLine('null'), undefined);
  });
});

/** The request id of a fresh search answer (a click must name one). */
const searched = async (backend: EmbeddedBackend, query = 'dog') => (await backend.search(ENGINE, { query })).meta.request_id;

describe('embedded backend: clicks', () => {
  it('records clicks durably and ranks their queries first in suggestions, also after a restart', async () => {
    const dataDir = await temporaryDataDir();
    const backend = await fixtureBackend({ dataDir });
    const before = (await backend.suggest(ENGINE, { query: 'do' })).results.documents.map((entry) => entry.suggestion);
    assert.ok(!before.includes('dog registration fee'));

    const requestIds = [await searched(backend), await searched(backend)];
    for (const requestId of requestIds) {
      await backend.click(ENGINE, {
        query: 'Dog registration fee',
        document_id: 'dog-registration',
        request_id: requestId,
        tags: ['suggestion'],
      });
    }
    const stored = await lines(join(dataDir, 'clicks.jsonl'));
    assert.equal(stored.length, 2);
    assert.deepEqual(
      { ...JSON.parse(stored[0]), at: undefined },
      {
        engine: ENGINE,
        query: 'Dog registration fee',
        document_id: 'dog-registration',
        request_id: requestIds[0],
        tags: ['suggestion'],
        at: undefined,
      },
    );
    assert.equal((await backend.suggest(ENGINE, { query: 'do' })).results.documents[0].suggestion, 'dog registration fee');
    await backend.close();

    const restarted = await fixtureBackend({ dataDir });
    assert.equal((await restarted.suggest(ENGINE, { query: 'do' })).results.documents[0].suggestion, 'dog registration fee');
    assert.equal(
      (await restarted.suggest(ENGINE, { query: 'dog registration f' })).results.documents[0].suggestion,
      'dog registration fee',
    );
  });

  it('suggests a clicked query with stop words in it', async () => {
    const backend = await fixtureBackend();
    for (let i = 0; i < 2; i++) {
      const request_id = await searched(backend);
      await backend.click(ENGINE, { query: 'how to register your dog', document_id: 'dog-registration', request_id });
    }
    assert.equal((await backend.suggest(ENGINE, { query: 'how to reg' })).results.documents[0].suggestion, 'how to register your dog');
  });

  it('does not suggest a clicked query whose words no document uses', async () => {
    const backend = await fixtureBackend();
    for (let i = 0; i < 3; i++) {
      const request_id = await searched(backend);
      await backend.click(ENGINE, { query: 'dog zzgarbage', document_id: 'dog-registration', request_id });
    }
    const suggestions = (await backend.suggest(ENGINE, { query: 'dog', size: 20 })).results.documents.map((entry) => entry.suggestion);
    assert.ok(!suggestions.includes('dog zzgarbage'));
  });

  it('reports clicks it cannot store as a BackendError, and keeps searching and suggesting', async () => {
    const dataDir = await temporaryDataDir();
    const notAFolder = join(dataDir, 'file');
    await writeFile(notAFolder, '');
    let backend!: EmbeddedBackend;
    const logged = await capturingErrors(async () => (backend = await fixtureBackend({ dataDir: notAFolder })));
    assert.match(logged.join('\n'), /click log .* could not be read/, 'said once, at start');
    const request_id = await searched(backend);
    await assert.rejects(
      backend.click(ENGINE, { query: 'x', document_id: 'dog-registration', request_id }),
      (error: Error) => error.name === 'BackendError',
    );
    assert.equal((await backend.search(ENGINE, { query: 'dog' })).results[0]._meta.id, 'dog-registration');
    assert.equal((await backend.suggest(ENGINE, { query: 'do' })).results.documents[0].suggestion, 'dog');
  });
});

describe('embedded backend: only real clicks count', () => {
  const isInvalid = (pattern: RegExp) => (error: Error) => error.name === 'InvalidRequestError' && pattern.test(error.message);

  it('refuses a click naming a request id the engine never issued, and forged clicks never reach suggestions', async () => {
    const dataDir = await temporaryDataDir();
    const backend = await fixtureBackend({ dataDir });
    for (const request_id of [undefined, 'forged', 'a'.repeat(32)]) {
      await assert.rejects(
        backend.click(ENGINE, { query: 'rates overdue penalty dog', document_id: 'rates-relief', ...(request_id && { request_id }) }),
        isInvalid(/recent search/),
      );
    }
    const offered = (await backend.suggest(ENGINE, { query: 'ra', size: 20 })).results.documents.map((entry) => entry.suggestion);
    assert.ok(!offered.includes('rates overdue penalty dog'));
    await backend.close();
    await assert.rejects(readFile(join(dataDir, 'clicks.jsonl'), 'utf8'), { code: 'ENOENT' }, 'nothing written');
  });

  it('refuses a click on a document the engine does not hold, or with another engine’s request id', async () => {
    const backend = await fixtureBackend({ engines: { [ENGINE]: () => FIXTURE_DOCUMENTS, other: () => FIXTURE_DOCUMENTS } });
    const request_id = await searched(backend);
    await assert.rejects(backend.click(ENGINE, { query: 'dog', document_id: 'no-such-page', request_id }), isInvalid(/not in this engine/));
    await assert.rejects(backend.click('other', { query: 'dog', document_id: 'dog-registration', request_id }), isInvalid(/recent search/));
    await backend.click(ENGINE, { query: 'dog', document_id: 'dog-registration', request_id });
  });

  it('counts each result of an answer once, however often it is clicked', async () => {
    const dataDir = await temporaryDataDir();
    const backend = await fixtureBackend({ dataDir });
    const request_id = await searched(backend, 'register your dog');
    for (let i = 0; i < 3; i++) await backend.click(ENGINE, { query: 'register your dog', document_id: 'dog-registration', request_id });
    await backend.click(ENGINE, { query: 'register your dog', document_id: 'library-card', request_id });
    await backend.close();
    assert.deepEqual(
      (await lines(join(dataDir, 'clicks.jsonl'))).map((line) => parseClickLine(line)?.document_id),
      ['dog-registration', 'library-card'],
    );
  });
});

describe('issued request ids', () => {
  it('remembers the latest ones, by count and by age', () => {
    let now = 0;
    const issued = new IssuedRequests({ limit: 3, maxAgeMs: 1000, now: () => now });
    const ids = Array.from({ length: 4 }, () => issued.issue('site'));
    assert.equal(issued.size, 3);
    assert.ok(!issued.has('site', ids[0]), 'the oldest went when the fourth came');
    assert.ok(ids.slice(1).every((id) => issued.has('site', id)));
    assert.ok(!issued.has('other', ids[3]), 'another engine’s');
    now = 1001;
    const fresh = issued.issue('site');
    assert.ok(ids.every((id) => !issued.has('site', id)) && issued.has('site', fresh), 'expired after maxAgeMs');
  });
});
