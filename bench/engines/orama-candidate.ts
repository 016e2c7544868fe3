import { create, insertMultiple, search, type AnyOrama } from '@orama/orama';
import { FIELD_BOOSTS, TEXT_FIELDS, completionsFromTitles, type BenchCandidate, type BenchDocument, type FacetedResult } from './candidate';

const schema = {
  id: 'string',
  title: 'string',
  summary: 'string',
  body: 'string',
  document_type: 'enum',
  topic: 'enum',
  subsite: 'enum',
  published_day: 'number',
} as const;

/** An empty Orama database as the bench configures it: the schema above, English stemming. */
export const createOramaDb = (): AnyOrama => create({ schema, components: { tokenizer: { language: 'english', stemming: true } } });

/** Orama keeps the objects it is given: it gets the schema's fields only. */
export const oramaFields = ({ id, title, summary, body, document_type, topic, subsite, published_day }: BenchDocument) => ({
  id,
  title,
  summary,
  body,
  document_type,
  topic,
  subsite,
  published_day,
});

/** Orama 3: BM25, built-in English stemmer, typo tolerance, where filters (and/or/not, ranges), native facets, save/load. */
export function oramaCandidate(): BenchCandidate {
  let db: AnyOrama | undefined;
  const ready = () => {
    if (!db) throw new Error('build first');
    return db;
  };
  return {
    name: 'Orama',
    async build(documents) {
      db = createOramaDb();
      await insertMultiple(db, documents.map(oramaFields), 1000);
    },
    async search({ query, fromDay, toDay, facetFields, pageSize }) {
      const result = await search(ready(), {
        term: query,
        properties: [...TEXT_FIELDS],
        boost: FIELD_BOOSTS,
        tolerance: 1,
        where: { published_day: { between: [fromDay, toDay] } },
        facets: Object.fromEntries(facetFields.map((field) => [field, { limit: 10 }])),
        limit: pageSize,
      });
      const facets: FacetedResult['facets'] = {};
      for (const field of facetFields) {
        const values = result.facets?.[field]?.values ?? {};
        facets[field] = Object.entries(values).map(([value, count]) => ({ value, count }));
      }
      return { total: result.count, ids: result.hits.map((hit) => hit.id), facets };
    },
    async suggest(prefix, size) {
      const result = await search(ready(), { term: prefix, properties: ['title'], limit: 50 });
      return completionsFromTitles(
        result.hits.map((hit) => String(hit.document.title)),
        prefix,
        size,
      );
    },
  };
}
