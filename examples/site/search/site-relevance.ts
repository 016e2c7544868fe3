import type { IndexerTarget } from './site-indexer';

/**
 * The example council's own relevance tuning, as its search manager would set it: words visitors use that the
 * pages do not ("rubbish" for bins, "dog licence" for dog registration), and best bets for its busiest searches.
 */
export const SITE_SYNONYMS: readonly (readonly string[])[] = [
  ['rubbish', 'bin', 'refuse', 'garbage'],
  ['dog licence', 'dog registration'],
];

export const SITE_CURATIONS: readonly { queries: string[]; promoted: string[]; hidden: string[] }[] = [
  {
    queries: ['rates', 'pay rates'],
    promoted: ['page-services-rates-and-property-pay-your-rates'],
    // A notice whose due date passed years ago.
    hidden: ['doc-399'],
  },
  {
    queries: ['rubbish', 'bin day', 'garbage', 'refuse'],
    promoted: ['page-services-rubbish-and-recycling-collection-days', 'page-services-rubbish-and-recycling'],
    hidden: [],
  },
];

/**
 * The council's relevance tests: its busiest queries and the pages (by address) that should come first, so the
 * console's tuning screen and `civic-search test-relevance` have something to guard from the first start.
 */
export const SITE_RELEVANCE_TESTS: readonly { query: string; expected: { document: string; grade: number }[] }[] = [
  { query: 'rates', expected: [{ document: '/services/rates-and-property/pay-your-rates', grade: 3 }] },
  { query: 'bin day', expected: [{ document: '/services/rubbish-and-recycling/collection-days', grade: 3 }] },
  { query: 'building consent', expected: [{ document: '/guidance/building-consent', grade: 3 }] },
];

type Listed<T> = { meta: { page: { total_pages: number } }; results: (T & { id: string })[] };

const key = (words: readonly string[]) =>
  [...words]
    .map((word) => word.toLowerCase().trim())
    .sort()
    .join('|');

/**
 * Writes the council's synonym sets, curations and relevance tests through the service's API, as its search manager
 * would, at every start: a set, curation or test already there is left alone (or brought back to what is written
 * here), so restarts add nothing twice and a change here replaces the one made before.
 */
export async function applySiteRelevance(target: IndexerTarget): Promise<void> {
  const sets = await listAll<{ synonyms: string[] }>(target, 'synonyms');
  const present = new Set(sets.map((set) => key(set.synonyms)));
  for (const synonyms of SITE_SYNONYMS) {
    if (!present.has(key(synonyms))) await call(target, 'POST', 'synonyms', { synonyms });
  }
  const curations = await listAll<{ queries: string[] }>(target, 'curations');
  for (const curation of SITE_CURATIONS) {
    const existing = curations.find((held) => held.queries.some((query) => curation.queries.includes(query.toLowerCase())));
    if (existing) await call(target, 'PUT', `curations/${existing.id}`, curation);
    else await call(target, 'POST', 'curations', curation);
  }
  // Merged: tests the manager added meanwhile stay; these come back to what is written here.
  const url = `${target.baseUrl}/api/civic/v1/engines/${encodeURIComponent(target.engine)}/relevance_tests/import?mode=merge`;
  const response = await target.fetch(
    new Request(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${target.privateKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tests: SITE_RELEVANCE_TESTS }),
    }),
  );
  if (!response.ok) throw new Error(`importing the relevance tests answered ${response.status}: ${await response.text()}`);
}

async function listAll<T>(target: IndexerTarget, path: string): Promise<(T & { id: string })[]> {
  const all: (T & { id: string })[] = [];
  for (let current = 1; ; current++) {
    const page = await call<Listed<T>>(target, 'GET', `${path}?page[current]=${current}&page[size]=25`);
    all.push(...page.results);
    if (current >= page.meta.page.total_pages) return all;
  }
}

async function call<T>(target: IndexerTarget, method: string, path: string, body?: unknown): Promise<T> {
  const url = `${target.baseUrl}/api/as/v1/engines/${encodeURIComponent(target.engine)}/${path}`;
  const response = await target.fetch(
    new Request(url, {
      method,
      headers: { Authorization: `Bearer ${target.privateKey}`, 'Content-Type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );
  const answer = (await response.json().catch(() => undefined)) as { errors?: string[] } | undefined;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${(answer?.errors ?? []).join('; ')}`);
  return answer as T;
}
