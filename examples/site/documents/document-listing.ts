/**
 * The CMS's own listing queries over the site's documents (not the search engine): read the filters from the
 * query string, filter, sort and page. Pure functions over an array, so they are tested without a server.
 */
import type { SiteDocument } from 'civic-search';
import {
  DEFAULT_RESULTS_PER_PAGE,
  checkDateRange,
  formatDisplayDate,
  formatIsoDate,
  parseIsoDate,
  type CalendarDate,
  type DateReading,
  parseListingQuery,
  queryChoice,
  queryPage,
  queryValue,
  queryValues,
  type ListingQuery,
  dateReadingMessage,
  dateFieldMessages,
} from 'civic-elements/core';

export const DOCUMENT_SORTS = ['newest', 'oldest', 'title'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];
export const DEFAULT_SORT: DocumentSort = 'newest';

/** Documents of this type are the site's own pages: not listed in the document library. */
const SITE_PAGE_TYPE = 'Page';

/** A date field as the page shows it again, and its error if any. */
export interface DateFieldState {
  value: string;
  error?: string;
}

export interface DocumentFilters {
  keywords: string;
  types: string[];
  from?: CalendarDate;
  to?: CalendarDate;
  sort: DocumentSort;
  /** The page asked for; `listDocuments` keeps it within the pages there are. */
  page: number;
  fields: { from: DateFieldState; to: DateFieldState };
}

export interface DateBounds {
  min: CalendarDate;
  max: CalendarDate;
}

export interface Listing<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/** The documents the library lists: everything but the site's own pages. */
export function libraryDocuments(documents: readonly SiteDocument[]): SiteDocument[] {
  return documents.filter((document) => document.document_type !== SITE_PAGE_TYPE);
}

/** The document types to filter by, alphabetically. */
export function documentTypes(documents: readonly SiteDocument[]): string[] {
  return [...new Set(documents.map((document) => document.document_type))].sort((a, b) => a.localeCompare(b));
}

/** From the first of January of the earliest year to the last of December of the latest. */
export function dateBounds(documents: readonly SiteDocument[]): DateBounds {
  const years = documents
    .map((document) => parseIsoDate(document.published_date)?.year)
    .filter((year): year is number => year !== undefined);
  const first = years.length ? Math.min(...years) : 2000;
  const last = years.length ? Math.max(...years) : first;
  return { min: { year: first, month: 1, day: 1 }, max: { year: last, month: 12, day: 31 } };
}

/** A date shows as dd/mm/yyyy whatever accepted format it came in (a clamped one as its bound); anything else as typed. */
function dateField(text: string | undefined, reading: DateReading, orderError: string | undefined): DateFieldState {
  const value = reading.status === 'valid' || reading.status === 'clamped' ? formatDisplayDate(reading.date) : (text ?? '');
  const error = orderError ?? dateReadingMessage(reading, dateFieldMessages);
  return error ? { value, error } : { value };
}

/** Reads the library's filters from a query string (qs, listing limits); bad values fall back to defaults. */
export function readDocumentFilters(search: string | ListingQuery, bounds: DateBounds, knownTypes: readonly string[]): DocumentFilters {
  const query = typeof search === 'string' ? parseListingQuery(search) : search;
  const fromText = queryValue(query, 'from');
  const toText = queryValue(query, 'to');
  const check = checkDateRange(fromText ?? '', toText ?? '', bounds);
  const orderMessage = check.orderError === 'to' ? dateFieldMessages.toBeforeFrom : undefined;
  const applyDates = !check.blocked;
  const dateOf = (reading: DateReading) =>
    applyDates && (reading.status === 'valid' || reading.status === 'clamped') ? reading.date : undefined;
  return {
    keywords: queryValue(query, 'keywords')?.slice(0, 200) ?? '',
    types: queryValues(query, 'type').filter((type) => knownTypes.includes(type)),
    from: dateOf(check.from),
    to: dateOf(check.to),
    sort: queryChoice(query, 'sort', DOCUMENT_SORTS, DEFAULT_SORT),
    page: queryPage(query),
    fields: { from: dateField(fromText, check.from, undefined), to: dateField(toText, check.to, orderMessage) },
  };
}

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/** Every keyword appears in the title or the summary. */
function matchesKeywords(document: SiteDocument, keywords: string[]): boolean {
  if (keywords.length === 0) return true;
  const text = `${document.title} ${document.summary}`.toLowerCase();
  return keywords.every((keyword) => text.includes(keyword));
}

const SORTERS: Readonly<Record<DocumentSort, (a: SiteDocument, b: SiteDocument) => number>> = {
  newest: (a, b) => b.published_date.localeCompare(a.published_date) || a.title.localeCompare(b.title),
  oldest: (a, b) => a.published_date.localeCompare(b.published_date) || a.title.localeCompare(b.title),
  title: (a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || b.published_date.localeCompare(a.published_date),
};

/** One page of a list, the page number kept within the pages there are. */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number = DEFAULT_RESULTS_PER_PAGE): Listing<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  return { items: items.slice((current - 1) * pageSize, current * pageSize), total: items.length, page: current, pageCount, pageSize };
}

/** Filters (type, date range, keywords), sorts and pages the library's documents. */
export function listDocuments(documents: readonly SiteDocument[], filters: DocumentFilters, pageSize?: number): Listing<SiteDocument> {
  const keywords = words(filters.keywords);
  const from = filters.from ? formatIsoDate(filters.from) : undefined;
  const to = filters.to ? formatIsoDate(filters.to) : undefined;
  const matching = documents.filter(
    (document) =>
      (filters.types.length === 0 || filters.types.includes(document.document_type)) &&
      (from === undefined || document.published_date >= from) &&
      (to === undefined || document.published_date <= to) &&
      matchesKeywords(document, keywords),
  );
  return pageOf([...matching].sort(SORTERS[filters.sort]), filters.page, pageSize);
}

/** The query a filter set stands for (page left out), in the form's field order. */
export function documentFiltersQuery(filters: Pick<DocumentFilters, 'keywords' | 'types' | 'fields'>): Array<[string, string]> {
  return [
    ['keywords', filters.keywords],
    ...filters.types.map((type): [string, string] => ['type', type]),
    ['from', filters.fields.from.value],
    ['to', filters.fields.to.value],
  ];
}
