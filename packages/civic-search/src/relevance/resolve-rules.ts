import type { Curation, SynonymSet } from './records';
import { normalisedQuery, wordsOf, type SearchRules } from './rules';

/** Alternatives one query may get: a query touching many synonym sets still costs a bounded number of searches. */
export const MAX_ALTERNATIVES = 16;

/** An engine's synonyms and curations, prepared for looking up one query at a time. */
export interface EngineRules {
  /** Each synonym's words, and the sets it belongs to (by their other synonyms' words). */
  synonyms: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** The longest synonym in words: phrases longer than it cannot match. */
  longestSynonym: number;
  /** Curations by normalised query. */
  curations: ReadonlyMap<string, Curation>;
}

/** Prepares an engine's synonym sets and curations (worked out again only when the operator changes them). */
export function prepareRules(sets: readonly SynonymSet[], curations: readonly Curation[]): EngineRules {
  const synonyms = new Map<string, string[][]>();
  let longestSynonym = 0;
  for (const { synonyms: terms } of sets) {
    const phrases = terms.map(normalisedQuery).filter((phrase) => phrase !== '');
    for (const phrase of new Set(phrases)) {
      const others = [...new Set(phrases)].filter((other) => other !== phrase).map((other) => other.split(' '));
      if (others.length === 0) continue;
      synonyms.set(phrase, [...(synonyms.get(phrase) ?? []), ...others]);
      longestSynonym = Math.max(longestSynonym, phrase.split(' ').length);
    }
  }
  const byQuery = new Map<string, Curation>();
  for (const curation of curations) for (const query of curation.queries) byQuery.set(normalisedQuery(query), curation);
  return { synonyms, longestSynonym, curations: byQuery };
}

/**
 * The rules for one query. Synonyms work both ways and on phrases: each run of the query's words that is a synonym
 * gives one alternative per other synonym of its set, with the run replaced ("dog licence" gives "dog registration"
 * when the two are a set). Longer runs are tried first. A curation applies when its query is this query.
 */
export function rulesFor(rules: EngineRules, query: string): SearchRules | undefined {
  const words = wordsOf(query);
  if (words.length === 0) return undefined;
  const alternatives = new Set<string>();
  const original = words.join(' ');
  for (let length = Math.min(rules.longestSynonym, words.length); length >= 1 && alternatives.size < MAX_ALTERNATIVES; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const replacements = rules.synonyms.get(words.slice(start, start + length).join(' '));
      if (!replacements) continue;
      for (const replacement of replacements) {
        const alternative = [...words.slice(0, start), ...replacement, ...words.slice(start + length)].join(' ');
        if (alternative !== original) alternatives.add(alternative);
        if (alternatives.size >= MAX_ALTERNATIVES) break;
      }
    }
  }
  const curation = rules.curations.get(original);
  const found: SearchRules = {
    ...(alternatives.size > 0 && { alternatives: [...alternatives] }),
    ...(curation?.promoted.length && { promoted: curation.promoted }),
    ...(curation?.hidden.length && { hidden: curation.hidden }),
  };
  return Object.keys(found).length > 0 ? found : undefined;
}
