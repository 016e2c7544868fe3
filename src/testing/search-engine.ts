import MiniSearch, { type SearchResult } from 'minisearch';
import { stemmer } from 'stemmer';
import type {
  ApiFacetRequest,
  ApiFacetResponse,
  ApiFilter,
  ApiFilterValue,
  ApiQuerySuggestionRequest,
  ApiQuerySuggestionResponse,
  ApiRange,
  ApiResult,
  ApiSearchRequest,
  ApiSearchResponse,
  ApiSort,
} from '../core/search/app-search-api';

/**
 * Search over the documents a test gives, by the rules civic-search's embedded engine keeps (its defaults, English):
 * - words split on anything not a letter or digit, lowercased, diacritics and possessives dropped, stop words left
 *   out, Porter stems;
 * - MiniSearch's BM25+ with the request's field weights; the last word also finds words it begins (half weight,
 *   from 2 letters, not after a trailing space); words of 4 letters or more find typos (0.2 of their length, weight
 *   0.45);
 * - one or two words need every word, more need three in four, and each word a document lacks costs 70% of its
 *   score; a title equal to the query scores ten times;
 * - App Search's value and range filters (any, all, none), value and range facets, sorts, paging and snippets.
 * Not the same: the engine gives a typo tolerance only to words no document has, this gives it to every word; it has
 * other languages, synonyms, curations and relevance tuning from the service's settings, this has none of them.
 */

export type TestDocument = { id: string } & Record<string, unknown>;

const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have if in into is it its of on or our so such that the their then there these they this to was we were will with you your'.split(
    ' ',
  ),
);
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** "Māori’s" → "maori". */
export function normaliseWord(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/['’]s$/, '')
    .replace(/['’]/g, '');
}

const words = (text: string) => [...text.normalize('NFC').matchAll(WORD)].map((match) => match[0]);
const indexTerm = (word: string) => {
  const normalised = normaliseWord(word);
  return STOP_WORDS.has(normalised) ? null : stemmer(normalised);
};

const PREFIX_WEIGHT = 0.5;
const PREFIX_MIN_LENGTH = 2;
const FUZZY_MIN_LENGTH = 4;
const FUZZINESS = 0.2;
const FUZZY_WEIGHT = 0.45;
const MAX_FUZZY = 6;
const PARTIAL_MATCH = 0.3;
const EXACT_TITLE = 10;
const MAX_PAGE_SIZE = 1000;
const MAX_RESULTS = 10_000;

/** One or two words: all of them; more: three in four (Elasticsearch's `2<75%`). */
const wordsRequired = (count: number) => (count <= 2 ? count : Math.floor(count * 0.75));

/** A request the real service refuses answers App Search's 400 with these messages. */
export class BadRequest extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join('; '));
  }
}

const isRange = (value: ApiFilterValue): value is ApiRange => typeof value === 'object' && value !== null;

function matchesValue(field: unknown, wanted: ApiFilterValue): boolean {
  const values = Array.isArray(field) ? field : [field];
  if (isRange(wanted)) {
    return values.some((value) => {
      const comparable = typeof value === 'number' ? value : String(value);
      const from = wanted.from as number | string | undefined;
      const to = wanted.to as number | string | undefined;
      return (from === undefined || comparable >= from) && (to === undefined || comparable < to);
    });
  }
  return values.some((value) => String(value) === String(wanted));
}

function matchesFilter(document: TestDocument, filter: ApiFilter): boolean {
  const entries = Object.entries(filter);
  return entries.every(([key, value]) => {
    if (key === 'all') return [value].flat().every((inner) => matchesFilter(document, inner as ApiFilter));
    if (key === 'any') return [value].flat().some((inner) => matchesFilter(document, inner as ApiFilter));
    if (key === 'none') return ![value].flat().some((inner) => matchesFilter(document, inner as ApiFilter));
    // A list of values is any of them, as App Search reads it.
    return [value as ApiFilterValue | ApiFilterValue[]].flat().some((wanted) => matchesValue(document[key], wanted));
  });
}

function facet(documents: TestDocument[], field: string, request: ApiFacetRequest): ApiFacetResponse {
  if (request.type === 'range') {
    const data = request.ranges.map((range) => ({ ...range, count: documents.filter((document) => matchesValue(document[field], range)).length }));
    return { type: 'range', ...(request.name ? { name: request.name } : {}), data };
  }
  const counts = new Map<string, { value: string | number; count: number }>();
  for (const document of documents) {
    for (const value of new Set([document[field]].flat())) {
      if (value === undefined || value === null) continue;
      const key = String(value);
      const entry = counts.get(key) ?? { value: value as string | number, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
  }
  const data = [...counts.values()].sort((a, b) => b.count - a.count || String(a.value).localeCompare(String(b.value)));
  return { type: 'value', ...(request.name ? { name: request.name } : {}), data: data.slice(0, request.size ?? 10) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The field's text with the matched words in `<em>`, HTML-escaped, cut to `size` characters around the first match. */
function snippet(text: string, matched: Set<string>, size: number): string | null {
  let firstMatch = -1;
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    const term = indexTerm(match[0]);
    if (term === null || !matched.has(term)) continue;
    if (firstMatch < 0) firstMatch = match.index;
    parts.push(escapeHtml(text.slice(last, match.index)), `<em>${escapeHtml(match[0])}</em>`);
    last = match.index + match[0].length;
  }
  if (firstMatch < 0) return null;
  parts.push(escapeHtml(text.slice(last)));
  const whole = parts.join('');
  if (text.length <= size) return whole;
  // Cut on the plain text, then mark it again: a cut never splits a tag or an entity.
  const start = Math.max(0, Math.min(firstMatch - Math.floor(size / 4), text.length - size));
  return snippet(text.slice(start, start + size), matched, size);
}

function compareBy(sort: ApiSort) {
  const keys = [sort].flat().flatMap((entry) => Object.entries(entry));
  return (a: { document: TestDocument; score: number }, b: { document: TestDocument; score: number }) => {
    for (const [field, direction] of keys) {
      const sign = direction === 'desc' ? -1 : 1;
      if (field === '_score') {
        if (a.score !== b.score) return sign * (a.score - b.score);
        continue;
      }
      const x = a.document[field] as string | number | undefined;
      const y = b.document[field] as string | number | undefined;
      if (x === y) continue;
      // Documents without the field come last either way.
      if (x === undefined) return 1;
      if (y === undefined) return -1;
      return sign * (x < y ? -1 : 1);
    }
    return 0;
  };
}

export class TestSearchEngine {
  readonly #documents = new Map<string, TestDocument>();
  readonly #index: MiniSearch<TestDocument>;
  readonly #textFields: string[];
  #requests = 0;

  constructor(
    readonly name: string,
    documents: TestDocument[],
  ) {
    this.#textFields = [...new Set(documents.flatMap((document) => Object.keys(document).filter((key) => key !== 'id' && typeof document[key] === 'string')))];
    this.#index = new MiniSearch<TestDocument>({
      fields: this.#textFields,
      tokenize: words,
      processTerm: indexTerm,
      extractField: (document, field) => String(document[field] ?? ''),
    });
    for (const document of documents) {
      if (typeof document.id !== 'string' || document.id === '') throw new Error('Every test document needs an id (a non-empty string).');
      this.#documents.set(document.id, document);
    }
    this.#index.addAll([...this.#documents.values()]);
  }

  #requestId() {
    this.#requests += 1;
    return `test-${this.#requests}`;
  }

  #ranked(query: string, searchFields?: ApiSearchRequest['search_fields']): { document: TestDocument; score: number; terms: string[] }[] {
    const queryWords = words(query);
    const terms = queryWords.map(indexTerm).filter((term): term is string => term !== null);
    const all = [...this.#documents.values()];
    if (terms.length === 0) return all.map((document) => ({ document, score: 0, terms: [] }));
    const completesLastWord = !/\s$/.test(query);
    const fields = searchFields ? Object.keys(searchFields) : this.#textFields;
    const boost = Object.fromEntries(fields.map((field) => [field, searchFields?.[field]?.weight ?? 1]));
    const results: SearchResult[] = this.#index.search(query, {
      fields,
      boost,
      prefix: (term, index, all) => completesLastWord && index === all.length - 1 && term.length >= PREFIX_MIN_LENGTH,
      fuzzy: (term) => (term.length >= FUZZY_MIN_LENGTH ? FUZZINESS : false),
      maxFuzzy: MAX_FUZZY,
      weights: { prefix: PREFIX_WEIGHT, fuzzy: FUZZY_WEIGHT },
      combineWith: 'OR',
    });
    const required = wordsRequired(terms.length);
    const wholeQuery = queryWords.map(normaliseWord).join(' ');
    return results.flatMap((result) => {
      const matchedWords = new Set(result.queryTerms).size;
      if (matchedWords < required) return [];
      const document = this.#documents.get(String(result.id))!;
      let score = result.score * PARTIAL_MATCH ** (terms.length - matchedWords);
      if (typeof document.title === 'string' && words(document.title).map(normaliseWord).join(' ') === wholeQuery) score *= EXACT_TITLE;
      return [{ document, score, terms: result.terms }];
    });
  }

  search(request: ApiSearchRequest): ApiSearchResponse {
    if (typeof request.query !== 'string') throw new BadRequest(['Query must be a string']);
    const size = request.page?.size ?? 10;
    const current = request.page?.current ?? 1;
    if (!Number.isInteger(size) || size < 0 || size > MAX_PAGE_SIZE) throw new BadRequest([`Page size must be between 1 and ${MAX_PAGE_SIZE}`]);
    if (!Number.isInteger(current) || current < 1) throw new BadRequest(['Page current must be greater than or equal to 1']);
    if (current * size > MAX_RESULTS) throw new BadRequest([`The page ${current} is beyond the first ${MAX_RESULTS} results`]);

    const filtered = this.#ranked(request.query, request.search_fields).filter(({ document }) => !request.filters || matchesFilter(document, request.filters));
    const ordered = filtered.sort(compareBy(request.sort ?? { _score: 'desc' }));
    // Size 0 is how App Search clients ask for facets only.
    const page = size === 0 ? [] : ordered.slice((current - 1) * size, current * size);
    const resultFields = request.result_fields;
    const results: ApiResult[] = page.map(({ document, score, terms }) => {
      const matched = new Set(terms);
      const fields = resultFields ? Object.keys(resultFields) : Object.keys(document);
      const result: ApiResult = { _meta: { id: document.id, engine: this.name, score } };
      for (const field of fields) {
        const value = document[field];
        const wanted = resultFields?.[field];
        const entry: { raw?: unknown; snippet?: string | null } = {};
        if (!wanted || wanted.raw) entry.raw = value;
        if (wanted?.snippet && typeof value === 'string') {
          entry.snippet = snippet(value, matched, wanted.snippet.size ?? 100) ?? (wanted.snippet.fallback ? escapeHtml(value.slice(0, wanted.snippet.size ?? 100)) : null);
        }
        result[field] = entry;
      }
      return result;
    });
    const facets = request.facets
      ? Object.fromEntries(
          Object.entries(request.facets).map(([field, requests]) => [
            field,
            [requests].flat().map((facetRequest) => facet(filtered.map(({ document }) => document), field, facetRequest)),
          ]),
        )
      : undefined;
    return {
      meta: {
        alerts: [],
        warnings: [],
        page: { current, size, total_pages: size === 0 ? 0 : Math.ceil(Math.min(filtered.length, MAX_RESULTS) / size), total_results: filtered.length },
        engine: { name: this.name, type: 'default' },
        request_id: this.#requestId(),
      },
      results,
      ...(facets ? { facets } : {}),
    };
  }

  /** Completions of the last word from the words of the given fields (the title by default), most documents first. */
  suggest(request: ApiQuerySuggestionRequest): ApiQuerySuggestionResponse {
    if (typeof request.query !== 'string') throw new BadRequest(['Query must be a string']);
    const size = request.size ?? 5;
    if (!Number.isInteger(size) || size < 1 || size > 20) throw new BadRequest(['Size must be between 1 and 20']);
    const fields = request.types?.documents?.fields ?? ['title'];
    const typed = words(request.query);
    const last = typed.length > 0 && !/\s$/.test(request.query) ? normaliseWord(typed.at(-1)!) : '';
    const before = typed.slice(0, last ? -1 : undefined).map(normaliseWord).join(' ');
    const counts = new Map<string, number>();
    if (last.length >= PREFIX_MIN_LENGTH) {
      for (const document of this.#documents.values()) {
        const seen = new Set<string>();
        for (const field of fields) {
          const text = document[field];
          if (typeof text !== 'string') continue;
          for (const word of words(text).map(normaliseWord)) {
            if (word.startsWith(last) && !seen.has(word)) seen.add(word);
          }
        }
        for (const word of seen) counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
    const suggestions = [...counts.entries()]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .slice(0, size)
      .map(([word]) => ({ suggestion: before ? `${before} ${word}` : word }));
    return { results: { documents: suggestions }, meta: { request_id: this.#requestId() } };
  }
}
