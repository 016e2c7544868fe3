import type { Curation, SynonymSet } from '../relevance';
import { checkedCuration, checkedSynonymSet } from '../relevance/checks';
import { AnswerTooLargeError, guardedGet, RefusedAddressError, type GuardedAnswer } from './guarded-get';
import { importAddressPolicy, type ImportAddressPolicy } from './import-address';
import type { ImportItem } from './relevance-csv';
import type { RelevanceKind } from './relevance-import';

/** An App Search service a council is moving off, as its manager names it. The key is used for this read only. */
export interface OldAppSearch {
  url: string;
  engine: string;
  key: string;
}

/** How long one page of the old service may take, and how many pages are read at most (25 records each). */
export const SOURCE_TIMEOUT_MS = 10_000;
export const SOURCE_MAX_PAGES = 200;
/** A page of 25 records is a few KB; an answer larger than this is not App Search's. */
export const SOURCE_MAX_BYTES = 4 * 1024 * 1024;

/** How a page is fetched (tests may count or stand in); the default checks every address against the policy. */
export type SourceGet = (url: URL, headers: Record<string, string>) => Promise<GuardedAnswer>;

export interface SourceRead<T> {
  items: ImportItem<T>[];
  problems: string[];
}

/** The old service's address, if it is one: http or https, no credentials in it. */
export function sourceAddress(url: string): URL | undefined {
  try {
    const address = new URL(url.trim());
    return (address.protocol === 'https:' || address.protocol === 'http:') && !address.username && !address.password ? address : undefined;
  } catch {
    return undefined;
  }
}

const errorsOf = (body: unknown): string[] => {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) ? errors.map(String) : [];
};

/** The default way pages are fetched: internal addresses refused unless `policy` allows them. */
export const guardedSourceGet =
  (policy: ImportAddressPolicy = importAddressPolicy()): SourceGet =>
  (url, headers) =>
    guardedGet(url, { policy, headers, timeoutMs: SOURCE_TIMEOUT_MS, maxBytes: SOURCE_MAX_BYTES });

/** What the manager is told when a page could not be read, never naming the key. */
function unreadable(error: unknown, address: URL): string {
  if (error instanceof RefusedAddressError) {
    return `The console does not read from ${address.hostname}: it is at ${error.address}, an address inside this service’s own network. Only the service’s operator can allow it (the --console-import-hosts option).`;
  }
  if (error instanceof AnswerTooLargeError) return `The answer of ${address.origin} is too large to be App Search’s list`;
  return `The old App Search at ${address.origin} did not answer. Check its address, and that this service can reach it.`;
}

/**
 * Reads every synonym set or curation of an engine from an App Search service through its own list endpoints, page
 * by page, with its private key, and checks each as this service's API would. The key goes only into the
 * Authorization header of these requests: it is in no problem text, and the caller keeps it nowhere. Redirects are
 * not followed (a moved service is named by its new address), and internal addresses are refused unless allowed.
 */
export async function readOldAppSearch(
  source: OldAppSearch,
  kind: RelevanceKind,
  get: SourceGet = guardedSourceGet(),
): Promise<SourceRead<SynonymSet | Curation>> {
  const address = sourceAddress(source.url);
  if (!address) return { items: [], problems: ['Enter the App Search address as a web address, like https://search.council.example'] };
  if (!source.engine.trim()) return { items: [], problems: ['Enter the name of the engine in the old App Search'] };
  if (!source.key.trim()) return { items: [], problems: ['Enter a private key of the old App Search'] };
  const where = `${address.origin}${address.pathname.replace(/\/+$/, '')}/api/as/v1/engines/${encodeURIComponent(source.engine.trim())}/${kind}`;
  const records: Array<Record<string, unknown>> = [];
  for (let page = 1; page <= SOURCE_MAX_PAGES; page++) {
    let response: GuardedAnswer;
    try {
      response = await get(new URL(`${where}?page[current]=${page}&page[size]=25`), {
        Authorization: `Bearer ${source.key.trim()}`,
        Accept: 'application/json',
      });
    } catch (error) {
      return { items: [], problems: [unreadable(error, address)] };
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      body = undefined;
    }
    if (response.status >= 300 && response.status < 400) {
      return {
        items: [],
        problems: [
          `The old App Search answered ${response.status}, a redirect, which the console does not follow: enter the address it moved to`,
        ],
      };
    }
    if (response.status < 200 || response.status >= 300) {
      const errors = errorsOf(body);
      return { items: [], problems: [`The old App Search answered ${response.status}${errors.length > 0 ? `: ${errors.join(' ')}` : ''}`] };
    }
    const listed = body as { results?: unknown; meta?: { page?: { total_pages?: unknown } } } | undefined;
    const results = listed?.results;
    if (!Array.isArray(results)) return { items: [], problems: ['The old service’s answer is not an App Search list'] };
    records.push(...(results as Array<Record<string, unknown>>));
    const totalPages = Number(listed?.meta?.page?.total_pages ?? 1);
    if (!(page < totalPages)) break;
  }
  return checkedRecords(records, kind);
}

/** Each record as this service's API would check it, named by its id in the old service. */
function checkedRecords(records: readonly Record<string, unknown>[], kind: RelevanceKind): SourceRead<SynonymSet | Curation> {
  const items: ImportItem<SynonymSet | Curation>[] = [];
  const problems: string[] = [];
  records.forEach((record, index) => {
    const label = typeof record.id === 'string' ? record.id : `record ${index + 1}`;
    const checked =
      kind === 'synonyms'
        ? checkedSynonymSet({ synonyms: record.synonyms })
        : checkedCuration({ queries: record.queries, promoted: record.promoted ?? [], hidden: record.hidden ?? [] });
    if (checked.value) items.push({ label, lines: [], value: checked.value });
    else problems.push(...checked.problems.map((problem) => `${kind === 'synonyms' ? 'Set' : 'Curation'} ${label}: ${problem}`));
  });
  return { items, problems };
}
