import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchService } from '../../packages/civic-search/src/service/create-search-service';

/** Popular searches offered among query suggestions: opt-in, and only what enough clients searched and opened. */

const PAGES = [
  { id: 'rebate', title: 'Rates rebate', body: 'A rates rebate for people on low incomes.' },
  { id: 'dogs', title: 'Dog registration', body: 'Register your dog every year.' },
];

describe('popular searches as suggestions', () => {
  it('offers a term three residents searched and opened, never one a single script sent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'analytics-suggestions-'));
    const service = await createSearchService({
      engines: [{ name: 'site', documents: PAGES }],
      dataDir: dir,
      inProcess: true,
      trustProxy: 'X-Forwarded-For',
      analytics: { popularSuggestions: { minClients: 3, refreshMs: 0 } },
    });
    const call = async (endpoint: string, body: object, client: string) => {
      const response = await service.request(`/api/as/v1/engines/site/${endpoint}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
        body: JSON.stringify(body),
      });
      assert.equal(response.status, 200);
      return response.json() as Promise<{ meta: { request_id: string }; results: { documents: { suggestion: string }[] } }>;
    };
    try {
      await service.ready();
      for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        const searched = await call('search', { query: 'rates rebate low income' }, client);
        await call('click', { query: 'rates rebate low income', document_id: 'rebate', request_id: searched.meta.request_id }, client);
      }
      for (let time = 0; time < 10; time++) {
        const searched = await call('search', { query: 'rates scam link' }, '203.0.113.9');
        await call('click', { query: 'rates scam link', document_id: 'rebate', request_id: searched.meta.request_id }, '203.0.113.9');
      }
      await service.analytics!.flush();
      const suggested = async () =>
        (await call('query_suggestion', { query: 'rates' }, '198.51.100.7')).results.documents.map((document) => document.suggestion);
      // The list of popular terms is read in the background: ask until it has been read.
      let suggestions = await suggested();
      for (let tries = 0; !suggestions.includes('rates rebate low income') && tries < 50; tries++) {
        await service.analytics!.flush();
        suggestions = await suggested();
      }
      assert.equal(suggestions[0], 'rates rebate low income');
      assert.ok(!suggestions.includes('rates scam link'));
    } finally {
      await service.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is off by default', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'analytics-suggestions-'));
    const service = await createSearchService({
      engines: [{ name: 'site', documents: PAGES }],
      dataDir: dir,
      inProcess: true,
      trustProxy: 'X-Forwarded-For',
    });
    try {
      for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        const searched = (await (
          await service.request('/api/as/v1/engines/site/search', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
            body: '{"query":"rates rebate low income"}',
          })
        ).json()) as { meta: { request_id: string } };
        await service.request('/api/as/v1/engines/site/click', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
          body: JSON.stringify({ query: 'rates rebate low income', document_id: 'rebate', request_id: searched.meta.request_id }),
        });
      }
      await service.analytics!.flush();
      for (let tries = 0; tries < 3; tries++) {
        const answer = (await (
          await service.request('/api/as/v1/engines/site/query_suggestion', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{"query":"rates"}',
          })
        ).json()) as { results: { documents: { suggestion: string }[] } };
        assert.ok(!answer.results.documents.some((document) => document.suggestion === 'rates rebate low income'));
      }
    } finally {
      await service.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
