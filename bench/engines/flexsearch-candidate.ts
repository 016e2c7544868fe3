import { Document, Encoder, Charset } from 'flexsearch';
import english from 'flexsearch/lang/en';
import { FIELD_BOOSTS, TEXT_FIELDS, completionsFromTitles, countFacets, type BenchCandidate, type BenchDocument } from './candidate';

type FlexDocument = { id: string; title: string; summary: string; body: string };

/**
 * FlexSearch 0.8: very fast inverted index; English pack (stop words, suffix stemmer); no edit-distance typo tolerance
 * (phonetic-ish normalisation only); prefix search through a "forward" tokenizer (on titles only: on bodies it
 * multiplies memory); per-field results combined here with the shared boosts; export/import for persistence.
 */
export function flexSearchCandidate(): BenchCandidate {
  let index: Document<FlexDocument> | undefined;
  let byId = new Map<string, BenchDocument>();
  const ready = () => {
    if (!index) throw new Error('build first');
    return index;
  };
  return {
    name: 'FlexSearch',
    build(documents) {
      byId = new Map(documents.map((document) => [document.id, document]));
      const encoder = new Encoder(Charset.LatinBalance).assign(english);
      index = new Document<FlexDocument>({
        encoder,
        document: {
          id: 'id',
          index: [
            { field: 'title', tokenize: 'forward' },
            { field: 'summary', tokenize: 'strict' },
            { field: 'body', tokenize: 'strict' },
          ],
        },
      });
      for (const { id, title, summary, body } of documents) index.add({ id, title, summary, body });
    },
    search({ query, fromDay, toDay, facetFields, pageSize }) {
      const perField = ready().search(query, { index: [...TEXT_FIELDS], limit: 100_000, suggest: false });
      const scores = new Map<string, number>();
      for (const { field, result } of perField) {
        const boost = FIELD_BOOSTS[field as keyof typeof FIELD_BOOSTS] ?? 1;
        result.forEach((id, rank) => scores.set(String(id), (scores.get(String(id)) ?? 0) + boost / (1 + rank / 100)));
      }
      const matched: BenchDocument[] = [];
      for (const id of scores.keys()) {
        const document = byId.get(id)!;
        if (document.published_day >= fromDay && document.published_day <= toDay) matched.push(document);
      }
      matched.sort((a, b) => scores.get(b.id)! - scores.get(a.id)!);
      return {
        total: matched.length,
        ids: matched.slice(0, pageSize).map((document) => document.id),
        facets: countFacets(matched, facetFields),
      };
    },
    suggest(prefix, size) {
      const ids = ready()
        .search(prefix, { index: 'title', limit: 50 })
        .flatMap(({ result }) => result);
      return completionsFromTitles(
        ids.map((id) => byId.get(String(id))!.title),
        prefix,
        size,
      );
    },
  };
}
