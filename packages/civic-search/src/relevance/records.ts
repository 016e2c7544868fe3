import type { ApiSearchRequest } from 'civic-elements/core';
import type { Boosts } from './boosts';

/** The operator store's collections this module keeps, each record under the engine's name. */
export const COLLECTIONS = Object.freeze({
  settings: 'search-settings',
  synonyms: 'synonym-sets',
  curations: 'curations',
});

/** The one search settings record of an engine. */
export const SETTINGS_ID = 'settings';

/** An engine's search settings, as App Search's search settings API has them. */
export interface SearchSettings {
  search_fields: NonNullable<ApiSearchRequest['search_fields']>;
  result_fields: NonNullable<ApiSearchRequest['result_fields']>;
  boosts: Boosts;
}

export interface SynonymSet {
  synonyms: string[];
}

export interface Curation {
  queries: string[];
  promoted: string[];
  hidden: string[];
}

/** App Search's limits, as its reference gives them. */
export const LIMITS = Object.freeze({
  synonymSets: 256,
  wordsPerSynonymSet: 32,
  /** Promoted and hidden documents of one curation, together. */
  documentsPerCuration: 50,
  /** Boosts of an engine's settings, over all fields. */
  boosts: 32,
  /** A list's largest page (larger sizes are cut to it, as App Search does). */
  listPageSize: 25,
  /** A query of a curation or a synonym, in characters (App Search's query length). */
  queryLength: 128,
});
