import type { ApiSearchRequest } from 'civic-elements/core';
import type { SearchGroup } from '../search/grouping';
import type { Boosts, FieldBoosts } from './boosts';

/**
 * What the operator's rules make of one search, worked out once above the backends and handed to whichever answers
 * it as data: each backend applies the same decisions in its own query language.
 */
export interface SearchRules {
  /**
   * The query with a synonym put in place of a word or phrase, one per synonym: a document that matches any of these
   * (or the query itself) matches, with the best of its scores.
   */
  alternatives?: string[];
  /** Ids shown before every other result, in this order, whether the words match them or not. */
  promoted?: string[];
  /** Ids never shown for this query. */
  hidden?: string[];
  /** The boosts that apply (the request's own, else the engine's settings), each with its field's type. */
  boosts?: FieldBoosts[];
  /** The time recency boosts measure from (ms since 1970), fixed once so every backend measures alike. */
  now?: number;
}

/** The search a backend receives: App Search's request, its grouping and precision, and the rules that apply. */
export interface BackendSearchRequest extends ApiSearchRequest {
  group?: SearchGroup;
  precision?: number;
  rules?: SearchRules;
}

/** The search as the proxy accepts it: App Search's request with its boosts, grouping and precision. */
export interface BoostedSearchRequest extends ApiSearchRequest {
  boosts?: Boosts;
  group?: SearchGroup;
  precision?: number;
}

/** App Search marks a promoted result by giving it this score (what its own clients look for). */
export const PROMOTED_SCORE = 1;

/** True when rules change nothing: a backend then answers exactly as it would without them. */
export function noRules(rules: SearchRules | undefined): boolean {
  return !rules || (!rules.alternatives?.length && !rules.promoted?.length && !rules.hidden?.length && !rules.boosts?.length);
}

/**
 * A query as curations and synonyms compare it: lower case, words only, single spaces. "Dog  Licence!" and
 * "dog licence" are the same query.
 */
export function normalisedQuery(query: string): string {
  return wordsOf(query).join(' ');
}

export function wordsOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []
  );
}
