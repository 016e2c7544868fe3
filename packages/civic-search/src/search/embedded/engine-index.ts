import SearchableMap from 'minisearch/SearchableMap';
import type { SiteDocument } from '../types';
import type { TextAnalyzer } from './languages';
import { englishAnalyzer } from './text-analysis';
import { createVocabulary, VocabularyBuilder, type Vocabulary, type VocabularyEntry } from './vocabulary';
import { documentReader, type FieldReader } from './filters';
import { createFieldRanks, type FieldRanks } from './sorting';
import { buildPostings, loadPostings, savePostings, type PostingsIndex, type SavedPostings } from './postings';
import { TermScorer } from './term-scorer';
import { createFieldColumns, type FieldColumns } from './field-columns';
import { createSortOrders, type SortOrders } from './sort-orders';

/** The fields searched as text, and their default weights: title above summary above body (as the Elasticsearch backend). */
export const TEXT_FIELDS = ['title', 'summary', 'body'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export const DEFAULT_FIELD_WEIGHTS: Readonly<Record<TextField, number>> = Object.freeze({ title: 3, summary: 2, body: 1 });

/** Bump when analysis or the saved shape changes: saved indexes of another version are rebuilt. */
export const INDEX_FORMAT_VERSION = 3;

/** One engine's searchable state: its documents, their postings and the words they use, and per-field lookups. */
export interface EngineIndex {
  readonly documents: readonly SiteDocument[];
  /** How the engine's language turns text into terms, for documents and queries alike. */
  readonly analyzer: TextAnalyzer;
  /** Field readers by position. */
  readonly readers: readonly FieldReader[];
  /** Sort ranks by field, computed on first use. */
  readonly ranks: FieldRanks;
  /** Every document in the order of a sort, computed on first use (blank queries). */
  readonly orders: SortOrders;
  /** Each field's values, coded, with the documents of each value: filters and facets. */
  readonly columns: FieldColumns;
  readonly postings: PostingsIndex;
  /** The index terms as a radix tree, for typo variants (MiniSearch's `SearchableMap`; value: term id). */
  readonly termTree: SearchableMap<number>;
  readonly scorer: TermScorer;
  readonly vocabulary: Vocabulary;
  /** Document positions by their title's key (`titleKey`), for exact title matches. */
  readonly titles: ReadonlyMap<string, readonly number[]>;
}

/** The saved form (JSON) of an index, beside the hash of the documents it was built from. */
export interface SavedIndex {
  format: number;
  hash: string;
  postings: SavedPostings;
  vocabulary: VocabularyEntry[];
}

/**
 * Builds the index (English analysis unless another analyzer is given), yielding to the event loop between slices
 * of documents so a server stays responsive; stops with the signal's reason once it is aborted.
 */
export async function buildEngineIndex(
  documents: readonly SiteDocument[],
  analyzer: TextAnalyzer = englishAnalyzer,
  signal?: AbortSignal,
): Promise<EngineIndex> {
  const vocabulary = new VocabularyBuilder();
  const postings = await buildPostings(documents, TEXT_FIELDS, vocabulary, analyzer, signal);
  return assemble(documents, postings, vocabulary.build(), analyzer);
}

export function saveEngineIndex(index: EngineIndex, hash: string): SavedIndex {
  return { format: INDEX_FORMAT_VERSION, hash, postings: savePostings(index.postings), vocabulary: index.vocabulary.toJSON() };
}

/**
 * Restores a saved index for the same documents and language (the caller checks the hash); throws when it does not
 * fit.
 */
export function loadEngineIndex(
  saved: SavedIndex,
  documents: readonly SiteDocument[],
  analyzer: TextAnalyzer = englishAnalyzer,
): EngineIndex {
  return assemble(documents, loadPostings(saved.postings, TEXT_FIELDS, documents.length), createVocabulary(saved.vocabulary), analyzer);
}

function assemble(
  documents: readonly SiteDocument[],
  postings: PostingsIndex,
  vocabulary: Vocabulary,
  analyzer: TextAnalyzer,
): EngineIndex {
  const titles = new Map<string, number[]>();
  documents.forEach((document, position) => {
    const key = titleKey(document.title, analyzer);
    const list = titles.get(key);
    if (list) list.push(position);
    else titles.set(key, [position]);
  });
  // Terms in the order documents first used them, as MiniSearch inserted them: typo variants come out in its order.
  const termTree = new SearchableMap<number>();
  postings.terms.forEach((term, id) => termTree.set(term, id));
  const readers = documents.map(documentReader);
  const columns = createFieldColumns(readers);
  const ranks = createFieldRanks(readers, columns);
  return {
    documents,
    analyzer,
    readers,
    ranks,
    orders: createSortOrders(documents.length, ranks),
    columns,
    postings,
    termTree,
    scorer: new TermScorer(postings),
    vocabulary,
    titles,
  };
}

/** A title or query reduced to its stems without stop words: "Building consents" and "building consent" agree. */
export function titleKey(text: string, analyzer: TextAnalyzer = englishAnalyzer): string {
  return analyzer
    .words(text)
    .filter((word) => !analyzer.isStopWord(word))
    .map((word) => analyzer.stem(word))
    .join(' ');
}
