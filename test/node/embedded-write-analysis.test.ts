/**
 * Written documents are analysed on a thread of their own, and the thread answering searches only applies the
 * result: what the analysis thread returns equals the analysis made in place, an index fed it answers exactly as
 * one that analysed for itself, and searches are answered while a long batch is being indexed.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as turnOfEventLoop } from 'node:timers/promises';
import { createEmbeddedBackend } from '../../packages/civic-search/src/search/embedded/backend';
import { analyseDocument } from '../../packages/civic-search/src/search/embedded/document-analysis';
import { buildEngineIndex } from '../../packages/civic-search/src/search/embedded/engine-index';
import { analyzerFor } from '../../packages/civic-search/src/search/embedded/languages';
import { runSearch } from '../../packages/civic-search/src/search/embedded/run-search';
import type { SiteDocument } from '../../packages/civic-search/src/search/types';
import { createAnalysisThread } from '../../packages/civic-search/src/worker/analysis-thread';
import { createDurableEmbedded } from '../../packages/civic-search/src/service/durable-embedded';
import { PAGE_SCHEMA, PAGE_SEARCH_FIELDS } from '../../packages/civic-search/src/engines/page-schema';

const page = (id: string, title: string, body = '') => ({ id, title, summary: '', body, published_date: '2026-01-01' }) as unknown as SiteDocument;
const ids = (answer: { results: { _meta: { id: string } }[] }) => answer.results.map((result) => result._meta.id);
const scores = (answer: { results: { _meta: { id: string; score?: number } }[] }) => answer.results.map((result) => [result._meta.id, result._meta.score]);

describe('written documents analysed off the search thread', () => {
  const thread = createAnalysisThread();
  after(() => thread.close());

  it('returns what analysing in place gives, for the documents put and the ones they replace, in each language', async () => {
    for (const language of ['en', 'mi'] as const) {
      const held = page('a', 'Rates rebate for the Whānganui river', "Kai-hautū talu'r rates; rates, RATES and rating");
      const backend = createEmbeddedBackend({ engines: { site: { documents: () => [held], language } }, dataDir: await mkdtemp(join(tmpdir(), 'write-analysis-')) });
      const put = [page('a', 'Māori’s rates', 'Dogs and dogs’ parks'), page('b', 'Library hours')];
      const analysed = await thread.analyseWrite(backend, 'site', put, ['a', 'b']);
      const analyzer = analyzerFor(language);
      const fields = ['title', 'summary', 'body'];
      assert.equal(analysed.size, 3, `${language}: the two put and the one replaced`);
      for (const document of [...put, held]) {
        assert.deepEqual(analysed.get(document), analyseDocument(document as unknown as Record<string, unknown>, fields, analyzer), `${language}: ${document.id}`);
      }
      await backend.close();
    }
  });

  it('gives an index that answers exactly as one analysing in place', async () => {
    const start = [page('a', 'Rates rebate', 'Apply for a rates rebate'), page('b', 'Dog registration', 'Register your dog'), page('c', 'Swimming pools')];
    const [inPlace, fed] = [await buildEngineIndex(start), await buildEngineIndex(start)];
    const backend = createEmbeddedBackend({ engines: { site: () => start }, dataDir: await mkdtemp(join(tmpdir(), 'write-analysis-')) });
    const written = [page('a', 'Rates rebates and rating', 'Rebates for ratepayers'), page('d', 'Dog parks', 'Dogs off the lead')];
    const analysed = await thread.analyseWrite(backend, 'site', written, ['a', 'd']);
    // Keyed by object: the replaced page the thread analysed is the one both indexes hold (from `start`).
    assert.ok(analysed.has(start[0]));
    inPlace.put(written);
    fed.put(written, analysed);
    for (const query of ['rates', 'rebate', 'dog', 'rat', 'swimming', '']) {
      const request = { query, page: { size: 10 } };
      assert.deepEqual(scores(runSearch(fed, 'site', request, 'r')), scores(runSearch(inPlace, 'site', request, 'r')), query);
    }
    assert.deepEqual(fed.vocabulary.toJSON(), inPlace.vocabulary.toJSON());
    await backend.close();
  });

  it('answers searches while a long batch is being indexed, and finds a write as soon as it is acknowledged', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'write-analysis-'));
    const engine = await createDurableEmbedded({ dataDir, engines: [{ name: 'site', language: 'en', schema: PAGE_SCHEMA, searchFields: PAGE_SEARCH_FIELDS }] });
    try {
      await engine.ready();
      const count = 300;
      const batch = Array.from({ length: count }, (_, n) => ({ id: `p${n}`, title: `Page marker${n}`, body: 'Opening hours, fees and how to apply' }));
      let acknowledged = false;
      const written = engine.putDocuments('site', batch).then(() => (acknowledged = true));
      // Searched one after another (each after a turn of the event loop, as requests arrive) until the batch's first
      // page is found: by then the batch is being indexed.
      let answered = 0;
      let firstFound = false;
      while (!firstFound && !acknowledged) {
        await turnOfEventLoop();
        firstFound = ids(await engine.search('site', { query: 'marker0' })).includes('p0');
        answered++;
      }
      assert.ok(firstFound, 'the first page was found before the batch was acknowledged');
      const last = `marker${count - 1}`;
      // (Typo variants of a word not yet indexed may find other pages: only the last page's absence counts.)
      assert.ok(!ids(await engine.search('site', { query: last })).includes(`p${count - 1}`), 'a search was answered with the batch partly indexed');
      await written;
      assert.equal(ids(await engine.search('site', { query: last }))[0], `p${count - 1}`, 'the whole batch is found once acknowledged');
      assert.ok(answered > 0);
    } finally {
      await engine.close();
    }
  });
});
