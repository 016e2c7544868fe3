/**
 * The embedded engine scores from its own typed-array postings. These tests hold it to what it replaced: MiniSearch
 * searching the same documents with the same analysis and query (the reference below is the previous
 * `text-query.ts`, verbatim in substance), and the previous per-document pipeline for filters, facets, sorting and
 * paging. Same matches, same scores, same matched terms, same pages and counts, for fixed and generated requests.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import MiniSearch, { type Query, type SearchOptions } from 'minisearch';
import type { ApiFilter, ApiSearchRequest, ApiSort } from '../../src/core/search/app-search-api';
import {
  buildEngineIndex,
  PAGE_TEXT_FIELDS,
  titleKey,
  type EngineIndex,
} from '../../packages/civic-search/src/search/embedded/engine-index';
import { compileFilter, documentReader, rangeMatcher, type FieldReader } from '../../packages/civic-search/src/search/embedded/filters';
import { runSearch } from '../../packages/civic-search/src/search/embedded/run-search';
import { sortMatches } from '../../packages/civic-search/src/search/embedded/sorting';
import { indexTerm, STOP_WORDS, tokenize, words } from '../../packages/civic-search/src/search/embedded/text-analysis';
import { matchText, RANKING, wordsRequired } from '../../packages/civic-search/src/search/embedded/text-query';
import type { SiteDocument } from '../../packages/civic-search/src/search/types';
import { generateCorpus } from '../../examples/content/generate-corpus';
import { DOCUMENT_TYPES, TOPICS } from '../../examples/content/phrase-banks';
import { FIXTURE_DOCUMENTS } from './embedded-fixtures';

interface ReferenceMatch {
  id: string;
  score: number;
  terms: string[];
}

/** MiniSearch over the documents, as the backend used it before (same fields, tokens, terms). */
function referenceIndex(documents: readonly SiteDocument[]): MiniSearch<SiteDocument> {
  const miniSearch = new MiniSearch<SiteDocument>({
    idField: 'id',
    fields: [...PAGE_TEXT_FIELDS.fields],
    storeFields: [],
    tokenize,
    processTerm: indexTerm,
    searchOptions: { tokenize, processTerm: indexTerm },
  });
  miniSearch.addAll(documents);
  return miniSearch;
}

/** The previous `matchText`: MiniSearch with the query built word by word, AND-ish coverage, exact titles. */
function referenceMatches(
  miniSearch: MiniSearch<SiteDocument>,
  index: EngineIndex,
  query: string,
  searchFields?: ApiSearchRequest['search_fields'],
): ReferenceMatch[] | undefined {
  const all = words(query);
  const completesLastWord = !/\s$/.test(query);
  const queryWords: { accepted: Set<string>; query: Query }[] = [];
  all.forEach((word, i) => {
    const term = STOP_WORDS.has(word) ? null : indexTerm(word);
    const expansions =
      i === all.length - 1 && completesLastWord && word.length >= RANKING.prefixMinLength
        ? index.vocabulary.stemsForPrefix(word, RANKING.prefixExpansions)
        : [];
    if (term === null && expansions.length === 0) return;
    const accepted = new Set<string>(expansions);
    const queries: Query[] = [];
    if (term !== null) {
      accepted.add(term);
      const fuzzy = index.vocabulary.hasStem(term) || term.length < RANKING.fuzzyMinLength ? false : RANKING.fuzziness;
      queries.push({ queries: [word], fuzzy, prefix: false });
    }
    const completions = expansions.filter((expansion) => expansion !== term);
    if (completions.length > 0) {
      const options: SearchOptions = {
        tokenize: (text) => [text],
        processTerm: (text) => text,
        fuzzy: false,
        prefix: false,
        boostTerm: () => RANKING.prefix,
      };
      queries.push({ ...options, combineWith: 'OR', queries: completions });
    }
    queryWords.push({ accepted, query: queries.length === 1 ? queries[0] : { combineWith: 'OR', queries } });
  });
  if (queryWords.length === 0) return undefined;

  const required = wordsRequired(queryWords.length);
  const requested = searchFields ? PAGE_TEXT_FIELDS.fields.filter((field) => field in searchFields) : [];
  const fields: string[] = requested.length > 0 ? requested : [...PAGE_TEXT_FIELDS.fields];
  const boost: Record<string, number> = {};
  for (const field of fields) boost[field] = searchFields?.[field]?.weight ?? PAGE_TEXT_FIELDS.weights[field];
  const results = miniSearch.search(
    { combineWith: required === queryWords.length ? 'AND' : 'OR', queries: queryWords.map((word) => word.query) },
    { fields, boost, weights: { fuzzy: 0.45, prefix: RANKING.prefix } },
  );
  const exactTitle = new Set(index.titles.get(titleKey(query))?.map((position) => index.documents[position].id) ?? []);
  const matches: ReferenceMatch[] = [];
  for (const result of results) {
    let score = result.score;
    if (required < queryWords.length) {
      const covered = queryWords.filter((word) => result.queryTerms.some((term) => word.accepted.has(term))).length;
      if (covered < required) continue;
      score *= Math.pow(RANKING.partialMatch, queryWords.length - covered);
    }
    if (exactTitle.has(result.id as string)) score *= RANKING.exactTitle;
    matches.push({ id: result.id as string, score, terms: result.terms });
  }
  return matches;
}

/** The previous `runSearch` order of work: every match read, filtered by predicate, counted, fully sorted, paged. */
function referenceSearch(miniSearch: MiniSearch<SiteDocument>, index: EngineIndex, request: ApiSearchRequest) {
  // The engine's documents now: a removed or replaced document keeps its old position, skipped.
  const live = index.documents.map((document, position) => ({ document, position })).filter(({ position }) => index.isLive(position));
  const positions = new Map(live.map(({ document, position }) => [document.id, position]));
  const text = referenceMatches(miniSearch, index, request.query, request.search_fields);
  const matches = text ?? live.map(({ document }) => ({ id: document.id, score: 0, terms: [] }));
  const passes = compileFilter(request.filters);
  const candidates = matches
    .map((match) => ({ ...match, position: positions.get(match.id)! }))
    .filter((candidate) => passes(index.readers[candidate.position]));
  const facets = referenceFacets(
    request.facets ?? {},
    candidates.map((candidate) => index.readers[candidate.position]),
  );
  sortMatches(candidates, request.sort ?? (text ? undefined : { published_date: 'desc' }), index.ranks);
  const size = request.page?.size ?? 20;
  const current = request.page?.current ?? 1;
  return { total: candidates.length, page: candidates.slice((current - 1) * size, current * size), facets };
}

/** The previous facet counting: a map per field over the candidates' values. */
function referenceFacets(requested: NonNullable<ApiSearchRequest['facets']>, readers: FieldReader[]) {
  const facets: Record<string, unknown[]> = {};
  for (const [field, request] of Object.entries(requested)) {
    facets[field] = (Array.isArray(request) ? request : [request]).map((facet) => {
      if (facet.type === 'range') {
        return facet.ranges.map((range) => {
          const matches = rangeMatcher(range);
          return readers.filter((read) => {
            const value = read(field);
            return value !== undefined && value !== null && value !== '' && matches(value);
          }).length;
        });
      }
      const counts = new Map<string | number, number>();
      for (const read of readers) {
        const value = read(field);
        if (value === undefined || value === null || value === '') continue;
        const key = typeof value === 'boolean' ? String(value) : value;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return new Map([...counts].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0]))));
    });
  }
  return facets;
}

function sameScore(actual: number, expected: number): boolean {
  return actual === expected;
}

function assertSameMatches(
  index: EngineIndex,
  miniSearch: MiniSearch<SiteDocument>,
  query: string,
  searchFields?: ApiSearchRequest['search_fields'],
) {
  const expected = referenceMatches(miniSearch, index, query, searchFields);
  const actual = matchText(index, query, searchFields);
  if (!expected) {
    assert.equal(actual.ranked, false, `"${query}" is blank`);
    return;
  }
  assert.equal(actual.ranked, true, `"${query}" is ranked`);
  const byId = new Map(expected.map((match) => [match.id, match]));
  assert.equal(actual.positions!.length, expected.length, `"${query}": number of matches`);
  actual.positions!.forEach((position, i) => {
    const id = index.documents[position].id;
    const reference = byId.get(id);
    assert.ok(reference, `"${query}": ${id} is not a reference match`);
    assert.ok(sameScore(actual.scores![i], reference.score), `"${query}": ${id} scores ${actual.scores![i]}, reference ${reference.score}`);
    assert.deepEqual(actual.termsOf(position).sort(), [...reference.terms].sort(), `"${query}": ${id} matched terms`);
  });
}

function assertSameSearch(index: EngineIndex, miniSearch: MiniSearch<SiteDocument>, request: ApiSearchRequest) {
  const expected = referenceSearch(miniSearch, index, request);
  const actual = runSearch(index, 'site', request, 'r');
  const label = JSON.stringify(request);
  assert.equal(actual.meta.page.total_results, expected.total, `${label}: total`);
  assert.deepEqual(
    actual.results.map((result) => result._meta.id),
    expected.page.map((candidate) => candidate.id),
    `${label}: the page`,
  );
  actual.results.forEach((result, i) => {
    assert.equal(result._meta.score, Math.round(expected.page[i].score * 1e6) / 1e6, `${label}: score of ${result._meta.id}`);
  });
  for (const [field, list] of Object.entries(expected.facets)) {
    list.forEach((reference, n) => {
      const data = actual.facets![field][n].data;
      if (reference instanceof Map) {
        const counts = new Map(data.map((entry) => ['value' in entry ? entry.value : '', entry.count]));
        for (const [value, count] of counts) assert.equal(count, reference.get(value), `${label}: facet ${field} ${String(value)}`);
        assert.deepEqual(
          data.map((entry) => entry.count),
          [...reference.values()].slice(0, data.length),
          `${label}: facet ${field} order of counts`,
        );
      } else {
        assert.deepEqual(
          data.map((entry) => entry.count),
          reference,
          `${label}: range facet ${field}`,
        );
      }
    });
  }
}

const CORPUS = generateCorpus({ count: 2000 });
const QUERIES = [
  'building consent',
  'Building consents',
  'bilding consent',
  'consnt',
  'recyling',
  'annual plan submissions',
  'resource consent hearing',
  'co',
  'bu',
  'swimm',
  'the',
  'the bin',
  'rates rates',
  'dog registration fees for 2024',
  'what goes in which bin',
  'parking permit',
  'building bu',
  'consent ',
  '2026',
  'xylophone quartet',
  'Māori’s land',
  '',
];

describe('embedded scoring: the same relevance as MiniSearch', () => {
  let index: EngineIndex;
  let miniSearch: MiniSearch<SiteDocument>;
  before(async () => {
    index = await buildEngineIndex(CORPUS);
    miniSearch = referenceIndex(CORPUS);
  });

  it('matches the same documents with the same scores and terms, for typical and awkward queries', () => {
    for (const query of QUERIES) assertSameMatches(index, miniSearch, query);
  });

  it('agrees with field choices and weights, a weight of 0 counting as 1', () => {
    for (const query of ['building consent', 'bilding', 'annual rep']) {
      assertSameMatches(index, miniSearch, query, { title: {} });
      assertSameMatches(index, miniSearch, query, { title: { weight: 1 }, body: { weight: 10 } });
      assertSameMatches(index, miniSearch, query, { summary: { weight: 0 } });
    }
  });

  it('agrees on the fixture documents the search tests use', async () => {
    const fixture = await buildEngineIndex(FIXTURE_DOCUMENTS);
    const reference = referenceIndex(FIXTURE_DOCUMENTS);
    for (const query of ['consents', 'bilding', 'swiming lesons', 'building consent deposit', 'aud', 'parking script', 'inspections'])
      assertSameMatches(fixture, reference, query);
  });

  it('agrees for generated queries: vocabulary words, typos, partial last words, stop words', () => {
    const vocabulary = [...new Set(CORPUS.flatMap((document) => words(document.title)))].sort();
    const word = fc.oneof(
      fc.constantFrom(...vocabulary),
      fc.constantFrom(...vocabulary).chain((w) => fc.nat(w.length).map((cut) => w.slice(0, Math.max(1, cut)))),
      fc
        .tuple(fc.constantFrom(...vocabulary), fc.nat(), fc.constantFrom('a', 'e', 'x', ''))
        .map(([w, at, letter]) => w.slice(0, at % (w.length + 1)) + letter + w.slice((at % (w.length + 1)) + 1)),
      fc.constantFrom(...STOP_WORDS),
    );
    const query = fc
      .tuple(fc.array(word, { minLength: 1, maxLength: 5 }), fc.boolean())
      .map(([list, space]) => list.join(' ') + (space ? ' ' : ''));
    fc.assert(
      fc.property(query, (text) => {
        assertSameMatches(index, miniSearch, text);
      }),
      { numRuns: 150 },
    );
  });
});

describe('embedded search: the same pages, totals and facets as the per-document pipeline', () => {
  let index: EngineIndex;
  let miniSearch: MiniSearch<SiteDocument>;
  before(async () => {
    index = await buildEngineIndex(CORPUS);
    miniSearch = referenceIndex(CORPUS);
  });

  const topic = fc.constantFrom(...TOPICS.map((entry) => entry.name), 'Nothing');
  const type = fc.constantFrom(...DOCUMENT_TYPES);
  const day = fc
    .integer({ min: 2008, max: 2027 })
    .chain((year) => fc.integer({ min: 1, max: 12 }).map((month) => `${year}-${String(month).padStart(2, '0')}-01`));
  const range = fc.oneof(
    day.map((from) => ({ from })),
    day.map((to) => ({ to })),
    fc.tuple(day, day).map(([from, to]) => ({ from, to })),
  );
  const condition: fc.Arbitrary<ApiFilter> = fc.oneof(
    topic.map((value) => ({ topic: value })),
    fc.array(type, { minLength: 1, maxLength: 3 }).map((values) => ({ document_type: values })),
    range.map((value) => ({ published_date: value })),
    fc.tuple(topic, type).map(([a, b]) => ({ topic: a, document_type: b })),
  );
  const filter: fc.Arbitrary<ApiFilter> = fc.letrec<{ filter: ApiFilter }>((tie) => ({
    filter: fc.oneof(
      { depthSize: 'small' },
      condition,
      fc.record(
        {
          all: fc.array(tie('filter'), { maxLength: 3 }),
          any: fc.array(tie('filter'), { maxLength: 3 }),
          none: fc.array(tie('filter'), { maxLength: 2 }),
        },
        { requiredKeys: [] },
      ),
    ),
  })).filter;
  const sortField = fc.constantFrom('_score', 'published_date', 'title', 'document_type', 'topic');
  const direction = fc.constantFrom<'asc' | 'desc'>('asc', 'desc');
  const sort: fc.Arbitrary<ApiSort | undefined> = fc.oneof(
    fc.constant(undefined),
    fc.tuple(sortField, direction).map(([field, dir]) => ({ [field]: dir })),
    fc.array(fc.tuple(sortField, direction), { minLength: 1, maxLength: 3 }).map((keys) => keys.map(([field, dir]) => ({ [field]: dir }))),
  );
  const request: fc.Arbitrary<ApiSearchRequest> = fc.record(
    {
      query: fc.constantFrom('', 'building consent', 'bilding', 'annual plan', 'co', 'rates relief', 'the', 'recycling bin collection'),
      filters: filter,
      sort,
      page: fc.record({ size: fc.integer({ min: 1, max: 60 }), current: fc.integer({ min: 1, max: 8 }) }),
      facets: fc.constant({
        topic: { type: 'value' as const, size: 250 },
        document_type: [{ type: 'value' as const, size: 250 }],
        published_date: {
          type: 'range' as const,
          ranges: [{ from: '2025-01-01' }, { to: '2025-01-01' }, { from: '2015-01-01', to: '2020-06-01' }],
        },
      }),
    },
    { requiredKeys: ['query', 'page', 'facets'] },
  );

  it('answers the bench’s kind of request as before', () => {
    for (const query of ['', 'building consent', 'annual plan submissions', 'co']) {
      assertSameSearch(index, miniSearch, {
        query,
        filters: {
          all: [{ any: [{ topic: 'Rates and property' }] }, { all: [{ published_date: { from: '2020-01-01', to: '2027-01-01' } }] }],
        },
        facets: { document_type: { type: 'value', size: 250 }, topic: { type: 'value', size: 250 } },
        page: { size: 20, current: 2 },
      });
    }
  });

  it('answers generated requests as before: filters nested, sorts, pages, facets', () => {
    fc.assert(
      fc.property(request, (generated) => {
        assertSameSearch(index, miniSearch, generated);
      }),
      { numRuns: 120 },
    );
  });

  it('reads filters from columns as the predicate does, for documents with missing, numeric and boolean values', () => {
    const rows = [{ a: 1 }, { a: '1' }, { a: true }, { a: 'true' }, { a: null }, {}, { a: '' }, { a: '2024-01-01' }, { a: 12 }];
    const documents = rows.map((row, n) => ({ ...CORPUS[n], ...row }) as unknown as SiteDocument);
    return buildEngineIndex(documents).then((small) => {
      const filters: ApiFilter[] = [
        { a: 1 },
        { a: '1' },
        { a: true },
        { a: '' },
        { a: { from: 2 } },
        { a: { from: '2023-01-01' } },
        { a: { to: 'b' } },
        { none: [{ a: [1, true] }] },
        { any: [] },
        { all: [{ any: [{ a: 12 }, { a: 'true' }] }, { none: [] }] },
      ];
      for (const filters_ of filters) {
        const passes = compileFilter(filters_);
        const expected = documents.filter((document) => passes(documentReader(document))).map((document) => document.id);
        const actual = runSearch(small, 'site', { query: '', filters: filters_, page: { size: 100 }, sort: { _score: 'desc' } }, 'r');
        assert.deepEqual(
          actual.results.map((result) => result._meta.id),
          expected,
          JSON.stringify(filters_),
        );
      }
    });
  });
});

/**
 * The same writes on both sides: a document put under a held id replaces it (MiniSearch: remove the old, add the
 * new, as its `replace` does), a removal takes it out. Returns the documents now held, by id.
 */
function applyWrites(
  index: EngineIndex,
  miniSearch: MiniSearch<SiteDocument>,
  held: Map<string, SiteDocument>,
  writes: readonly ({ put: SiteDocument[] } | { remove: string[] })[],
) {
  for (const write of writes) {
    if ('put' in write) {
      for (const document of write.put) {
        const old = held.get(document.id);
        if (old) miniSearch.remove(old);
        miniSearch.add(document);
        held.set(document.id, document);
      }
      index.put(write.put);
    } else {
      for (const id of write.remove) {
        const old = held.get(id);
        if (old) miniSearch.remove(old);
        held.delete(id);
      }
      index.remove(write.remove);
    }
  }
}

describe('embedded scoring after writes: the same relevance as MiniSearch given the same writes', () => {
  const start = CORPUS.slice(0, 1200);
  const later = CORPUS.slice(1200, 1700);
  let index: EngineIndex;
  let miniSearch: MiniSearch<SiteDocument>;
  const held = new Map<string, SiteDocument>();
  before(async () => {
    index = await buildEngineIndex(start);
    miniSearch = referenceIndex(start);
    for (const document of start) held.set(document.id, document);
    // Additions, replacements (another page's words under a held id), removals, and ids removed then put again.
    const replacements = start.slice(0, 150).map((document, n) => ({ ...CORPUS[1700 + n], id: document.id }));
    const removed = start.slice(300, 420).map((document) => document.id);
    applyWrites(index, miniSearch, held, [
      { put: later.slice(0, 200) },
      { put: replacements.slice(0, 100) },
      { remove: removed },
      { put: later.slice(200, 500) },
      { put: replacements.slice(100) },
      { remove: later.slice(0, 50).map((document) => document.id) },
      { put: start.slice(300, 340).map((document) => ({ ...document, title: `${document.title} renewed` })) },
      { remove: ['not-held-1', 'not-held-2'] },
    ]);
  });

  it('holds the documents written and only those', () => {
    assert.equal(index.liveCount, held.size);
    assert.equal(index.liveCount, miniSearch.documentCount);
    for (const [id, document] of held) assert.equal(index.documents[index.positionOf(id)!], document, id);
    assert.equal(index.positionOf(start[350].id), undefined, 'a removed document is gone');
  });

  it('matches the same documents with the same scores and terms', () => {
    for (const query of [...QUERIES, 'renewed', 'renew']) assertSameMatches(index, miniSearch, query);
  });

  it('agrees for generated queries, and for whole searches with filters, facets, sorts and pages', () => {
    const vocabulary = [...new Set([...held.values()].flatMap((document) => words(document.title)))].sort();
    const word = fc.oneof(
      fc.constantFrom(...vocabulary),
      fc.constantFrom(...vocabulary).chain((w) => fc.nat(w.length).map((cut) => w.slice(0, Math.max(1, cut)))),
      fc
        .tuple(fc.constantFrom(...vocabulary), fc.nat(), fc.constantFrom('a', 'e', 'x', ''))
        .map(([w, at, letter]) => w.slice(0, at % (w.length + 1)) + letter + w.slice((at % (w.length + 1)) + 1)),
    );
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (list) => assertSameMatches(index, miniSearch, list.join(' '))),
      { numRuns: 120 },
    );
    for (const query of ['', 'building consent', 'renewed', 'co']) {
      for (const filters of [undefined, { none: [{ topic: 'Rates and property' }] }] as (ApiFilter | undefined)[]) {
        assertSameSearch(index, miniSearch, {
          query,
          ...(filters && { filters }),
          facets: { document_type: { type: 'value', size: 250 }, topic: { type: 'value', size: 250 } },
          page: { size: 40, current: 1 },
        });
      }
    }
  });

  it('scores the same once compacted, and the compacted index takes further writes', () => {
    const compact = index.compacted();
    assert.equal(compact.drift, 0);
    assert.equal(compact.liveCount, held.size);
    for (const query of [...QUERIES, 'renewed']) assertSameMatches(compact, miniSearch, query);
    applyWrites(compact, miniSearch, held, [{ remove: [later[300].id] }, { put: [{ ...later[301], title: 'Xylophone quartet hall hire' }] }]);
    for (const query of ['xylophone', 'xylophone quartet', 'hall hire', later[300].title]) assertSameMatches(compact, miniSearch, query);
  });
});
