import type { SiteDocument } from '../../packages/civic-search/src/search/types';

/** A corpus document with its date as a number (days since 1970), which range filters and Orama need. */
export interface BenchDocument extends SiteDocument {
  published_day: number;
}

/** The faceted, filtered search every candidate runs: query, a date range, two value facets, relevance, page 1 of 20. */
export interface FacetedQuery {
  query: string;
  fromDay: number;
  toDay: number;
  facetFields: readonly ['document_type', 'topic'];
  pageSize: number;
}

export interface FacetedResult {
  total: number;
  ids: string[];
  facets: Record<string, { value: string; count: number }[]>;
}

/** One search library wrapped for the benchmark, configured as close to the backend's needs as it allows. */
export interface BenchCandidate {
  readonly name: string;
  build(documents: readonly BenchDocument[]): void | Promise<void>;
  search(query: FacetedQuery): FacetedResult | Promise<FacetedResult>;
  /** Up to `size` lowercase completions of the last (partial) word, from titles. */
  suggest(prefix: string, size: number): string[] | Promise<string[]>;
}

export const DAY_MS = 86_400_000;
export const toDay = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);

export function toBenchDocuments(documents: readonly SiteDocument[]): BenchDocument[] {
  return documents.map((document) => ({ ...document, published_day: toDay(document.published_date) }));
}

/** Field weights shared by every candidate: title above summary above body. */
export const FIELD_BOOSTS = { title: 3, summary: 2, body: 1 } as const;
export const TEXT_FIELDS = ['title', 'summary', 'body'] as const;

/** Counts of each value of `fields` over the matched documents, most frequent first, the top 10. */
export function countFacets(documents: Iterable<BenchDocument>, fields: readonly (keyof SiteDocument)[]): FacetedResult['facets'] {
  const counts = fields.map(() => new Map<string, number>());
  for (const document of documents) {
    fields.forEach((field, i) => counts[i].set(document[field], (counts[i].get(document[field]) ?? 0) + 1));
  }
  return Object.fromEntries(
    fields.map((field, i) => [
      field,
      [...counts[i]]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([value, count]) => ({ value, count })),
    ]),
  );
}

/** Distinct lowercase words starting with `prefix`, in the order the titles give them. */
export function completionsFromTitles(titles: Iterable<string>, prefix: string, size: number): string[] {
  const found = new Set<string>();
  const lowerPrefix = prefix.toLowerCase();
  for (const title of titles) {
    for (const word of title.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (word.startsWith(lowerPrefix)) found.add(word);
      if (found.size >= size) return [...found];
    }
  }
  return [...found];
}
