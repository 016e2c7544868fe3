/**
 * One contract for every backend: the same documents and the same App Search calls, through the service's HTTP
 * API, against the embedded engine and against a live OpenSearch cluster. Where two engines legitimately
 * disagree (relevance scores come from different formulas and analyzers), a test says why and checks what must
 * hold for a visitor: the right pages on top, the same set of matches, exact counts where counting is exact.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchService, type SearchService } from 'civic-search';
import { FIXTURE_DOCUMENTS } from './embedded-fixtures';

export interface ContractTarget {
  /** The `backend` option of createSearchService. */
  backend: 'embedded' | 'opensearch';
  /** Environment the backend reads (OPENSEARCH_URL, ...). */
  env?: NodeJS.ProcessEnv;
}

const ENGINE = 'site';
const SEARCH_FIELDS = { title: { weight: 3 }, summary: { weight: 2 }, body: { weight: 1 } };
/** How long a write may take to show in search: the cluster refreshes every second. */
const VISIBLE_WITHIN_MS = 5_000;

type Result = Record<string, { raw?: unknown; snippet?: string | null }> & { _group?: Result[] };
interface SearchAnswer {
  meta: { page: { current: number; total_pages: number; total_results: number; size: number }; request_id: string };
  results: Result[];
  facets?: Record<string, { type: string; data: { value: unknown; count: number; from?: unknown; to?: unknown }[] }[]>;
}

/** Calls the service as a site's pages and its operator would, with the private key. */
function client(service: SearchService, key: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await service.request(`/api/as/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const search = async (request: object, engine = ENGINE): Promise<SearchAnswer> => {
    const answer = await call('POST', `/engines/${engine}/search`, request);
    assert.equal(answer.status, 200, `search ${JSON.stringify(request)}: ${JSON.stringify(answer.body)}`);
    return answer.body as SearchAnswer;
  };
  const ids = async (request: object, engine = ENGINE) => (await search(request, engine)).results.map((result) => String(result.id!.raw));
  return { call, search, ids };
}

/** Polls until `check` holds: what a visitor sees once a write has been refreshed into search. */
async function eventually(what: string, check: () => Promise<boolean>, withinMs = VISIBLE_WITHIN_MS): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) assert.fail(`${what}: not seen within ${withinMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function backendContract(target: ContractTarget): void {
  describe(`contract: ${target.backend}`, () => {
    let service: SearchService;
    let dataDir: string;
    let api: ReturnType<typeof client>;
    const prefix = `contract-${process.pid}-${Date.now()}`;

    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'civic-contract-'));
      service = await createSearchService({
        backend: target.backend,
        env: { ...target.env, OPENSEARCH_INDEX_PREFIX: prefix },
        engines: [
          {
            name: ENGINE,
            language: 'en',
            schema: {
              title: 'text',
              summary: 'text',
              body: 'text',
              url: 'text',
              document_type: 'text',
              published_date: 'date',
              topic: 'text',
              subtopic: 'text',
              subsite: 'text',
            },
            searchFields: SEARCH_FIELDS,
            documents: FIXTURE_DOCUMENTS,
          },
        ],
        dataDir,
        inProcess: true,
        privateKey: 'private-contract-key-0123456789abcdef',
        rateLimit: { windowMs: 60_000, limit: 100_000 },
        costBudget: false,
      });
      await service.ready();
      assert.equal(service.backend.name, target.backend);
      api = client(service, 'private-contract-key-0123456789abcdef');
    });
    after(async () => {
      await service?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('puts the pages about a query first; the order among equals may differ between engines', async () => {
      // Both engines weigh a title match highest, but score with different formulas (BM25 parameters, length
      // norms): the two pages titled with both words lead in either, in an order that is the engine's own.
      const top = await api.ids({ query: 'building consent', page: { size: 2 } });
      assert.deepEqual(new Set(top), new Set(['consent-guide', 'consent-fees']));
    });

    it('matches the same pages for a word in its other forms (stemming)', async () => {
      const found = await api.ids({ query: 'inspection', page: { size: 20 } });
      assert.ok(found.includes('inspections-title') && found.includes('annual-report'), `"inspection" finds "inspections": ${found}`);
    });

    it('filters by value and by date range exactly', async () => {
      assert.deepEqual(await api.ids({ query: '', filters: { topic: 'Animals' } }), ['dog-registration']);
      const recent = await api.ids({
        query: '',
        filters: { all: [{ published_date: { from: '2025-01-01T00:00:00Z' } }, { none: [{ document_type: 'News' }] }] },
        page: { size: 20 },
      });
      assert.deepEqual(new Set(recent), new Set(['consent-guide', 'consent-fees', 'dog-registration']));
    });

    it('counts facets exactly', async () => {
      const answer = await api.search({ query: '', facets: { document_type: { type: 'value', size: 10 } }, page: { size: 1 } });
      const counts = Object.fromEntries(answer.facets!.document_type![0]!.data.map(({ value, count }) => [value, count]));
      assert.deepEqual(counts, { Guidance: 5, Policy: 2, News: 2, Report: 1, Form: 1 });
      assert.equal(answer.meta.page.total_results, FIXTURE_DOCUMENTS.length);
    });

    it('sorts and pages the same way', async () => {
      const byDate = [...FIXTURE_DOCUMENTS].sort((a, b) => b.published_date.localeCompare(a.published_date)).map((d) => d.id);
      const page2 = await api.search({ query: '', sort: { published_date: 'desc' }, page: { current: 2, size: 3 } });
      assert.deepEqual(page2.results.map((result) => result.id!.raw), byDate.slice(3, 6));
      assert.equal(page2.meta.page.total_pages, Math.ceil(FIXTURE_DOCUMENTS.length / 3));
    });

    it('groups results by a field: collapsed, each value once across pages, the others in _group', async () => {
      const newestFirst = { query: '', sort: { published_date: 'desc' } };
      const all = (await api.search({ ...newestFirst, page: { size: 100 } })).results;
      const typeOf = (result: SearchAnswer['results'][number]) => String(result.document_type!.raw);
      // What a visitor should see: each type once, led by its newest page, the rest of that type under it in order.
      const expected = new Map<string, string[]>();
      for (const result of all) expected.set(typeOf(result), [...(expected.get(typeOf(result)) ?? []), String(result.id!.raw)]);
      assert.ok(
        [...expected.values()].some((ids) => ids.length > 1),
        'some type has several pages',
      );

      const grouped = await api.search({ ...newestFirst, group: { field: 'document_type', collapse: true }, page: { size: 100 } });
      assert.deepEqual(
        grouped.results.map((result) => [String(result.id!.raw), ...(result._group ?? []).map((other) => String(other.id!.raw))]),
        [...expected.values()],
      );
      assert.equal(grouped.meta.page.total_results, expected.size, 'pages count groups');

      const page2 = await api.search({
        ...newestFirst,
        group: { field: 'document_type', collapse: true, size: 1 },
        page: { size: 2, current: 2 },
      });
      const groups = [...expected.values()];
      assert.deepEqual(
        page2.results.map((result) => [String(result.id!.raw), ...(result._group ?? []).map((other) => String(other.id!.raw))]),
        groups.slice(2, 4).map((ids) => ids.slice(0, 2)),
        'page 2 continues with the next groups; size caps each _group',
      );
      assert.equal(page2.meta.page.total_pages, Math.ceil(expected.size / 2));
    });

    it('groups one page of results when not collapsed: pages still count documents', async () => {
      const newestFirst = { query: '', sort: { published_date: 'desc' }, page: { size: 6 } };
      const page = (await api.search(newestFirst)).results;
      const grouped = await api.search({ ...newestFirst, group: { field: 'document_type' } });
      const shown = grouped.results.flatMap((result) => [result, ...(result._group ?? [])]).map((result) => String(result.id!.raw));
      assert.deepEqual(new Set(shown), new Set(page.map((result) => String(result.id!.raw))), 'the same page, regrouped');
      assert.ok(grouped.results.length < page.length, `pages of one type fold together: ${grouped.results.length} of ${page.length}`);
      for (const result of grouped.results) {
        for (const other of result._group ?? []) assert.equal(other.document_type!.raw, result.document_type!.raw);
      }
      assert.equal(grouped.meta.page.total_results, FIXTURE_DOCUMENTS.length);
    });

    it('trades recall for precision: a higher precision drops a loose match a lower one keeps', async () => {
      // Precision 1 needs any one word; the default needs both of two.
      const either = await api.ids({ query: 'library parking', precision: 1, page: { size: 20 } });
      assert.ok(either.includes('library-card') && either.includes('markup'), `either word at precision 1: ${either}`);
      assert.deepEqual(await api.ids({ query: 'library parking', page: { size: 20 } }), [], 'no page has both words');
      // A typo is forgiven up to precision 7 and not from 8.
      assert.equal((await api.ids({ query: 'librery', precision: 7 }))[0], 'library-card');
      assert.deepEqual(await api.ids({ query: 'librery', precision: 8 }), []);
      const answer = await api.search({ query: 'library', precision: 9 });
      assert.equal((answer.meta as { precision?: number }).precision, 9);
      assert.equal(answer.results[0]!.id!.raw, 'library-card', 'an exact word still matches at a high precision');
    });

    it('refuses a precision or a group out of range, naming it', async () => {
      for (const [request, named] of [
        [{ query: 'library', precision: 12 }, 'precision'],
        [{ query: 'library', precision: 0 }, 'precision'],
        [{ query: 'library', group: { field: 'document_type', size: 11 } }, 'group.size'],
        [{ query: 'library', group: { field: 'nonsense' } }, 'group.field'],
      ] as const) {
        const answer = await api.call('POST', `/engines/${ENGINE}/search`, request);
        assert.equal(answer.status, 400, JSON.stringify(request));
        const { errors } = answer.body as { errors: string[] };
        assert.ok(
          errors.some((error) => error.includes(named)),
          `${JSON.stringify(request)}: ${errors}`,
        );
      }
    });

    it('marks the matched words in snippets and never passes markup through', async () => {
      const [hit] = (await api.search({ query: 'parking fines', result_fields: { body: { snippet: { size: 200 } }, title: { raw: {} } } }))
        .results;
      assert.equal(hit!.title!.raw, 'Parking fines <script>alert(1)</script>');
      const snippet = hit!.body!.snippet!;
      assert.match(snippet, /<em>parking<\/em>/i);
      assert.ok(!snippet.includes('<script>'), snippet);
      assert.match(snippet, /&lt;script&gt;/);
    });

    it('suggests whole phrases from the lead field for a prefix', async () => {
      const answer = await api.call('POST', `/engines/${ENGINE}/query_suggestion`, { query: 'build' });
      assert.equal(answer.status, 200);
      const suggestions = (answer.body as { results: { documents: { suggestion: string }[] } }).results.documents.map((d) => d.suggestion);
      assert.ok(suggestions.length > 0, 'something is suggested');
      for (const suggestion of suggestions) assert.match(suggestion, /\bbuild/i);
    });

    it('takes a click on a result', async () => {
      const answer = await api.search({ query: 'library' });
      const click = await api.call('POST', `/engines/${ENGINE}/click`, {
        query: 'library',
        document_id: 'library-card',
        request_id: answer.meta.request_id,
      });
      assert.equal(click.status, 200, JSON.stringify(click.body));
    });

    it('writes, patches and deletes documents, each visible to search soon after its answer', async () => {
      const put = await api.call('POST', `/engines/${ENGINE}/documents`, [
        {
          id: 'skate-park',
          title: 'Skate park opening',
          summary: 'A new bowl',
          body: 'Ramps for all ages.',
          topic: 'Parks and recreation',
        },
      ]);
      assert.equal(put.status, 200, JSON.stringify(put.body));
      await eventually('the new page', async () => (await api.ids({ query: 'skate' })).includes('skate-park'));
      const patched = await api.call('PATCH', `/engines/${ENGINE}/documents`, [{ id: 'skate-park', title: 'Skateboard park opening' }]);
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      await eventually('the patched title', async () => (await api.ids({ query: 'skateboard' })).includes('skate-park'));
      const read = await api.call('GET', `/engines/${ENGINE}/documents?ids[]=skate-park`);
      assert.equal((read.body as { title: string }[])[0]!.title, 'Skateboard park opening');
      const removed = await api.call('DELETE', `/engines/${ENGINE}/documents`, ['skate-park']);
      assert.equal(removed.status, 200);
      await eventually('the deletion', async () => !(await api.ids({ query: 'skateboard' })).includes('skate-park'));
    });

    it('changes a field type by re-indexing, with no failed search meanwhile', async () => {
      const added = await api.call('POST', `/engines/${ENGINE}/schema`, { rank: 'text' });
      assert.equal(added.status, 200, JSON.stringify(added.body));
      const ranked = await api.call('POST', `/engines/${ENGINE}/documents`, [
        { id: 'ranked-page', title: 'Ranked page about harbour ferries', rank: '7' },
      ]);
      assert.equal(ranked.status, 200, JSON.stringify(ranked.body));
      await eventually('the ranked page', async () => (await api.ids({ query: 'ferries' })).includes('ranked-page'));

      let searching = true;
      let searches = 0;
      const failures: string[] = [];
      const searchingMeanwhile = (async () => {
        while (searching) {
          const answer = await api.call('POST', `/engines/${ENGINE}/search`, { query: 'consent' });
          searches++;
          if (answer.status !== 200) failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const retyped = await api.call('POST', `/engines/${ENGINE}/schema`, { rank: 'number' });
      searching = false;
      await searchingMeanwhile;
      assert.equal(retyped.status, 200, JSON.stringify(retyped.body));
      assert.deepEqual(failures, [], `searches during the change (${searches} made)`);
      assert.ok(searches > 0);
      await eventually('a range filter on the new number field', async () =>
        (await api.ids({ query: '', filters: { rank: { from: 5, to: 10 } } })).includes('ranked-page'),
      );
    });

    it('searches an engine in another language with its own analysis', async () => {
      const created = await api.call('POST', '/engines', { name: 'whare', language: 'mi' });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const put = await api.call('POST', '/engines/whare/documents', [
        { id: 'pukapuka', title: 'Ngā whare pukapuka o te rohe' },
        { id: 'kaukau', title: 'Te puna kaukau' },
      ]);
      assert.equal(put.status, 200, JSON.stringify(put.body));
      // Te reo Māori is written with and without macrons: "nga" finds "Ngā" and "Ngā" finds it too. Each check
      // waits on its own: on a cluster a search may go to a replica that refreshes a moment after the primary.
      const only = (query: string, id: string) => async () => JSON.stringify(await api.ids({ query }, 'whare')) === JSON.stringify([id]);
      await eventually('"nga whare" finding the page in te reo', only('nga whare', 'pukapuka'));
      await eventually('"ngā" finding it', only('ngā', 'pukapuka'));
      await eventually('"kaukau" finding its own page only', only('kaukau', 'kaukau'));
    });

    // The operator's relevance rules are resolved above the backends and handed to each as data: each engine must
    // apply them with its own query language and give the visitor the same effect.
    it('applies a synonym set both ways, and stops when it is deleted', async () => {
      assert.ok(!(await api.ids({ query: 'canine' })).includes('dog-registration'), 'no page says "canine"');
      const made = await api.call('POST', `/engines/${ENGINE}/synonyms`, { synonyms: ['canine', 'dog'] });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      await eventually('"canine" finding the dog page', async () => (await api.ids({ query: 'canine' }))[0] === 'dog-registration');
      const deleted = await api.call('DELETE', `/engines/${ENGINE}/synonyms/${(made.body as { id: string }).id}`);
      assert.equal(deleted.status, 200);
      await eventually('"canine" finding nothing again', async () => !(await api.ids({ query: 'canine' })).includes('dog-registration'));
    });

    it("puts a curation's promoted pages first in order and never shows its hidden one, for its queries only", async () => {
      const before = await api.ids({ query: 'library', page: { size: 20 } });
      assert.equal(before[0], 'library-card');
      const made = await api.call('POST', `/engines/${ENGINE}/curations`, {
        queries: ['library'],
        promoted: ['rates-relief', 'swimming-lessons'],
        hidden: ['library-card'],
      });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      const curated = await api.ids({ query: 'library', page: { size: 20 } });
      // Neither promoted page says "library": they come first because the operator put them there.
      assert.deepEqual(curated.slice(0, 2), ['rates-relief', 'swimming-lessons']);
      assert.ok(!curated.includes('library-card'), `hidden: ${curated}`);
      const page2 = await api.ids({ query: 'library', page: { size: 1, current: 2 } });
      assert.deepEqual(page2, ['swimming-lessons'], 'page 2 continues page 1');
      assert.equal((await api.ids({ query: 'join the library' }))[0], 'library-card', 'another query is not curated');
      await api.call('DELETE', `/engines/${ENGINE}/curations/${(made.body as { id: string }).id}`);
      assert.equal((await api.ids({ query: 'library' }))[0], 'library-card');
    });

    it('lets a value boost and a field weight change an order they would not otherwise change', async () => {
      const words = { query: 'consent', search_fields: { body: {} }, page: { size: 10 } };
      const plain = await api.ids(words);
      assert.ok(plain.includes('annual-report') && plain[0] !== 'annual-report', `without a boost: ${plain}`);
      const boosted = await api.ids({
        ...words,
        boosts: { document_type: [{ type: 'value', value: 'Report', operation: 'multiply', factor: 10 }] },
      });
      assert.equal(boosted[0], 'annual-report', `with a boost: ${boosted}`);
      assert.deepEqual(new Set(boosted), new Set(plain), 'a boost reorders, it never adds or removes a match');
      // Search settings apply to every search that does not give its own fields: searching the title only.
      const settings = await api.call('PUT', `/engines/${ENGINE}/search_settings`, { search_fields: { title: { weight: 1 } } });
      assert.equal(settings.status, 200, JSON.stringify(settings.body));
      assert.ok(!(await api.ids({ query: 'deposits' })).includes('consent-fees'), 'a word only in the summary no longer finds it');
      await api.call('POST', `/engines/${ENGINE}/search_settings/reset`);
      assert.ok((await api.ids({ query: 'deposits' })).includes('consent-fees'));
    });
  });
}
