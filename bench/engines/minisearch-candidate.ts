import MiniSearch from 'minisearch';
import { indexTerm, tokenize } from '../../packages/civic-search/src/search/embedded/text-analysis';
import { FIELD_BOOSTS, TEXT_FIELDS, countFacets, type BenchCandidate, type BenchDocument } from './candidate';

/** MiniSearch 7: radix-tree index, BM25+, fuzzy (edit distance) and prefix per term, field boosts, JSON (de)serialisation. */
export function miniSearchCandidate(): BenchCandidate {
  let index: MiniSearch<BenchDocument> | undefined;
  let byId = new Map<string, BenchDocument>();
  /** A word of a title for each stem, to show suggestions as words. */
  const surface = new Map<string, string>();
  const ready = () => {
    if (!index) throw new Error('build first');
    return index;
  };
  return {
    name: 'MiniSearch',
    build(documents) {
      byId = new Map(documents.map((document) => [document.id, document]));
      index = new MiniSearch<BenchDocument>({ fields: [...TEXT_FIELDS], tokenize, processTerm: indexTerm });
      index.addAll(documents);
      for (const document of documents) {
        for (const word of tokenize(document.title)) {
          const term = indexTerm(word);
          if (term && !surface.has(term)) surface.set(term, word.toLowerCase());
        }
      }
    },
    search({ query, fromDay, toDay, facetFields, pageSize }) {
      const matched: BenchDocument[] = [];
      const results = ready().search(query, {
        boost: FIELD_BOOSTS,
        fuzzy: (term) => (term.length > 3 ? 0.2 : false),
        prefix: (_term, i, terms) => i === terms.length - 1,
        combineWith: 'AND',
        filter: (result) => {
          const document = byId.get(result.id as string)!;
          const keep = document.published_day >= fromDay && document.published_day <= toDay;
          if (keep) matched.push(document);
          return keep;
        },
      });
      return {
        total: results.length,
        ids: results.slice(0, pageSize).map((result) => String(result.id)),
        facets: countFacets(matched, facetFields),
      };
    },
    suggest(prefix, size) {
      const suggestions = ready().autoSuggest(prefix, { fields: ['title'], prefix: true, fuzzy: false, combineWith: 'AND' });
      // autoSuggest answers in stems: show each as a word of a title.
      return suggestions.slice(0, size).map((suggestion) => suggestion.terms.map((term) => surface.get(term) ?? term).join(' '));
    },
  };
}
