import MiniSearch, { type Options } from 'minisearch';
import type { SiteDocument } from '../types';
import { indexTerm, normaliseWord, tokenize, words, stem, STOP_WORDS } from './text-analysis';
import { createVocabulary, VocabularyBuilder, type Vocabulary, type VocabularyEntry } from './vocabulary';
import { documentReader, type FieldReader } from './filters';
import { createFieldRanks, type FieldRanks } from './sorting';

/** The fields searched as text, and their default weights: title above summary above body (as the Elasticsearch backend). */
export const TEXT_FIELDS = ['title', 'summary', 'body'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export const DEFAULT_FIELD_WEIGHTS: Readonly<Record<TextField, number>> = Object.freeze({ title: 3, summary: 2, body: 1 });

/** Bump when analysis or the saved shape changes: saved indexes of another version are rebuilt. */
export const INDEX_FORMAT_VERSION = 1;

/** One engine's searchable state: its documents, the MiniSearch index and the words they use. */
export interface EngineIndex {
  readonly documents: readonly SiteDocument[];
  readonly byId: ReadonlyMap<string, SiteDocument>;
  readonly positions: ReadonlyMap<string, number>;
  /** Field readers by position, for filters and facets. */
  readonly readers: readonly FieldReader[];
  /** Sort ranks by field, computed on first use. */
  readonly ranks: FieldRanks;
  readonly miniSearch: MiniSearch<SiteDocument>;
  readonly vocabulary: Vocabulary;
  /** Documents by their title's key (`titleKey`), for exact title matches. */
  readonly titles: ReadonlyMap<string, readonly string[]>;
}

/** The saved form (JSON) of an index, beside the hash of the documents it was built from. */
export interface SavedIndex {
  format: number;
  hash: string;
  miniSearch: ReturnType<MiniSearch['toJSON']>;
  vocabulary: VocabularyEntry[];
}

function miniSearchOptions(processTerm: Options['processTerm']): Options<SiteDocument> {
  // Queries are analysed like documents, without recording their words.
  return {
    idField: 'id',
    fields: [...TEXT_FIELDS],
    storeFields: [],
    tokenize,
    processTerm,
    searchOptions: { tokenize, processTerm: indexTerm },
  };
}

/** Builds the index, yielding to the event loop between chunks so a server stays responsive. */
export async function buildEngineIndex(documents: readonly SiteDocument[]): Promise<EngineIndex> {
  const vocabulary = new VocabularyBuilder();
  const processTerm = (term: string) => {
    const word = normaliseWord(term);
    if (word === '' || STOP_WORDS.has(word)) return null;
    const stemmed = stem(word);
    vocabulary.add(word, stemmed);
    return stemmed;
  };
  const miniSearch = new MiniSearch<SiteDocument>(miniSearchOptions(processTerm));
  await miniSearch.addAllAsync(documents, { chunkSize: 500 });
  return assemble(documents, miniSearch, vocabulary.build());
}

export function saveEngineIndex(index: EngineIndex, hash: string): SavedIndex {
  return { format: INDEX_FORMAT_VERSION, hash, miniSearch: index.miniSearch.toJSON(), vocabulary: index.vocabulary.toJSON() };
}

/** Restores a saved index for the same documents (the caller checks the hash). */
export function loadEngineIndex(saved: SavedIndex, documents: readonly SiteDocument[]): EngineIndex {
  const miniSearch = MiniSearch.loadJS<SiteDocument>(saved.miniSearch, miniSearchOptions(indexTerm));
  if (miniSearch.documentCount !== documents.length) throw new Error('saved index does not match the documents');
  return assemble(documents, miniSearch, createVocabulary(saved.vocabulary));
}

function assemble(documents: readonly SiteDocument[], miniSearch: MiniSearch<SiteDocument>, vocabulary: Vocabulary): EngineIndex {
  const byId = new Map<string, SiteDocument>();
  const positions = new Map<string, number>();
  const titles = new Map<string, string[]>();
  documents.forEach((document, position) => {
    byId.set(document.id, document);
    positions.set(document.id, position);
    const key = titleKey(document.title);
    const list = titles.get(key);
    if (list) list.push(document.id);
    else titles.set(key, [document.id]);
  });
  const readers = documents.map(documentReader);
  return { documents, byId, positions, readers, ranks: createFieldRanks(readers), miniSearch, vocabulary, titles };
}

/** A title or query reduced to its stems without stop words: "Building consents" and "building consent" agree. */
export function titleKey(text: string): string {
  return words(text)
    .filter((word) => !STOP_WORDS.has(word))
    .map(stem)
    .join(' ');
}
