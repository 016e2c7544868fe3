import type { ApiResult } from 'civic-elements/core';
import type { Curation, SynonymSet } from '../relevance';
import type { ConsoleContext, ConsoleServices } from './console-env';
import { callApi, type ApiAnswer } from './service-api';

/** One page of a relevance list, as the API answers it. */
export interface ListPage<T> {
  meta: { page: { current: number; total_pages: number; total_results: number; size: number } };
  results: T[];
}

export type SynonymRecord = SynonymSet & { id: string };
export type CurationRecord = Curation & { id: string };

/** The largest page the relevance lists give (App Search's 25). */
export const LIST_PAGE_SIZE = 25;

const enginePath = (engine: string, rest: string) => `/api/as/v1/engines/${encodeURIComponent(engine)}${rest}`;

/** One page of an engine's synonym sets or curations, through the API as the signed-in key. */
export function listPage<T>(services: ConsoleServices, c: ConsoleContext, engine: string, kind: 'synonyms' | 'curations', page: number) {
  return callApi<ListPage<T>>(services.api!, c, 'GET', enginePath(engine, `/${kind}?page[current]=${page}&page[size]=${LIST_PAGE_SIZE}`));
}

/**
 * Every synonym set or curation of an engine, read page by page as the API pages them (an engine holds at most 256
 * synonym sets, so at most 11 pages). A refusal on any page is answered as it came.
 */
export async function listAll<T>(
  services: ConsoleServices,
  c: ConsoleContext,
  engine: string,
  kind: 'synonyms' | 'curations',
): Promise<{ records: T[]; refused?: ApiAnswer }> {
  const records: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await listPage<T>(services, c, engine, kind, page);
    if (answer.status !== 200) return { records, refused: answer };
    records.push(...answer.body.results);
    if (page >= answer.body.meta.page.total_pages) return { records };
  }
}

/** A document's title as a person would know it: its title field, else its URL, else its id. */
export function documentTitle(document: Record<string, unknown> | null | undefined, id: string): string {
  for (const field of ['title', 'name', 'url']) {
    const value = document?.[field];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return id;
}

/** The title of each document named, read through the documents API (ids the engine no longer holds keep their id). */
export async function documentTitles(services: ConsoleServices, c: ConsoleContext, engine: string, ids: readonly string[]) {
  const titles = new Map<string, string>(ids.map((id) => [id, id]));
  if (ids.length === 0) return titles;
  const query = ids.map((id) => `ids[]=${encodeURIComponent(id)}`).join('&');
  const answer = await callApi<Array<Record<string, unknown> | null>>(services.api!, c, 'GET', enginePath(engine, `/documents?${query}`));
  if (answer.status === 200 && Array.isArray(answer.body)) {
    answer.body.forEach((document, index) => titles.set(ids[index]!, documentTitle(document, ids[index]!)));
  }
  return titles;
}

/** A search result as the console lists it. */
export interface ResultLine {
  id: string;
  title: string;
  url?: string;
  /** Pinned by a curation (App Search marks a promoted result with a score of 1 and no text score). */
  promoted?: boolean;
}

export function resultLine(result: ApiResult, promoted: ReadonlySet<string> = new Set()): ResultLine {
  const raw = (field: string) => {
    const value = (result[field] as { raw?: unknown } | undefined)?.raw;
    return typeof value === 'string' ? value : undefined;
  };
  const id = String(result._meta.id);
  const url = raw('url');
  return {
    id,
    title: documentTitle({ title: raw('title'), name: raw('name'), url }, id),
    ...(url ? { url } : {}),
    ...(promoted.has(id) ? { promoted: true } : {}),
  };
}

export { enginePath as apiEnginePath };
