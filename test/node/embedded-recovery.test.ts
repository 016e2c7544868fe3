import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createEmbeddedBackend } from '../../packages/civic-search/src/search/embedded/backend';
import { ENGINE, FIXTURE_DOCUMENTS, temporaryDataDir } from './embedded-fixtures';

/** A document source that fails its first `failures` reads, counting every read. */
function flakySource(failures: number) {
  let reads = 0;
  return {
    read: () => {
      reads += 1;
      if (reads <= failures) throw new Error('CMS unreachable');
      return FIXTURE_DOCUMENTS;
    },
    reads: () => reads,
  };
}

const isBackendError = (error: Error) => error.name === 'BackendError' && /CMS unreachable/.test(error.message);

describe('embedded backend: an engine that failed to start', () => {
  it('is started again by the first call after retryAfterMs, and then searches', async () => {
    const source = flakySource(1);
    const backend = createEmbeddedBackend({ engines: { [ENGINE]: source.read }, dataDir: await temporaryDataDir(), retryAfterMs: 0 });
    await assert.rejects(backend.search(ENGINE, { query: 'dog' }), isBackendError);
    const response = await backend.search(ENGINE, { query: 'dog' });
    assert.equal(response.results[0]._meta.id, 'dog-registration');
    assert.equal(source.reads(), 2);
    await backend.ready();
  });

  it('fails at once without asking the source again before retryAfterMs has passed', async () => {
    const source = flakySource(1);
    const backend = createEmbeddedBackend({ engines: { [ENGINE]: source.read }, dataDir: await temporaryDataDir(), retryAfterMs: 60_000 });
    await assert.rejects(backend.search(ENGINE, { query: 'dog' }), isBackendError);
    await assert.rejects(backend.suggest(ENGINE, { query: 'do' }), isBackendError);
    await assert.rejects(backend.ready(), isBackendError);
    assert.equal(source.reads(), 1);
  });

  it('lets concurrent calls share one new attempt', async () => {
    const source = flakySource(1);
    const backend = createEmbeddedBackend({ engines: { [ENGINE]: source.read }, dataDir: await temporaryDataDir(), retryAfterMs: 0 });
    await assert.rejects(backend.ready());
    const answers = await Promise.all([backend.search(ENGINE, { query: 'dog' }), backend.search(ENGINE, { query: 'rates' })]);
    assert.ok(answers.every((answer) => answer.results.length > 0));
    assert.equal(source.reads(), 2);
  });
});
