/**
 * App Search's precision tuning: a level from 1 (most lenient: any one word finds a page) to 11 (most strict). Both
 * backends match a query's words by the same level, so a higher level never finds a page a lower one does not.
 */

/** The level of a search that names none: today's matching, so a search without `precision` is unchanged. */
export const DEFAULT_PRECISION = 2;

/** How strictly a query's words must match at one level. */
export interface PrecisionLevel {
  /** Elasticsearch's `minimum_should_match` for the words; `wordsRequired` counts the same way. */
  minimumShouldMatch: string;
  /** A word no page has may match words a typo away. */
  typos: boolean;
  /** The last, partly typed word also matches words it begins. */
  completions: boolean;
  /**
   * The lower level this one matches as, when App Search's own level asks for analysis this service does not do
   * (all words in one field; no correction of contractions; exact words only). Reported in the answer's warnings.
   */
  matchesAs?: number;
}

const ALL = '100%';
const LEVELS: Readonly<Record<number, PrecisionLevel>> = Object.freeze({
  1: { minimumShouldMatch: '1', typos: true, completions: true },
  2: { minimumShouldMatch: '2<75%', typos: true, completions: true },
  3: { minimumShouldMatch: '3<75%', typos: true, completions: true },
  4: { minimumShouldMatch: '4<-1', typos: true, completions: true },
  5: { minimumShouldMatch: ALL, typos: true, completions: true },
  6: { minimumShouldMatch: ALL, typos: true, completions: true, matchesAs: 5 },
  7: { minimumShouldMatch: ALL, typos: true, completions: true, matchesAs: 5 },
  8: { minimumShouldMatch: ALL, typos: false, completions: true },
  9: { minimumShouldMatch: ALL, typos: false, completions: false },
  10: { minimumShouldMatch: ALL, typos: false, completions: false, matchesAs: 9 },
  11: { minimumShouldMatch: ALL, typos: false, completions: false, matchesAs: 9 },
});

/** The rules of a level (the default's when none is given). */
export function precisionLevel(precision: number | undefined): PrecisionLevel {
  return LEVELS[precision ?? DEFAULT_PRECISION] ?? LEVELS[DEFAULT_PRECISION];
}

/**
 * How many of a query's `wordCount` words a page needs, as Elasticsearch reads the level's `minimum_should_match`:
 * `n<p%` is every word up to n words, then p% rounded down; `n<-k` every word but k; a bare number that many.
 */
export function wordsRequired(wordCount: number, level: PrecisionLevel = precisionLevel(undefined)): number {
  const spec = level.minimumShouldMatch;
  const conditional = /^(\d+)<(-?\d+)(%?)$/.exec(spec);
  if (conditional) {
    const [, upTo, amount, percent] = conditional;
    if (wordCount <= Number(upTo)) return wordCount;
    return percent ? Math.floor((wordCount * Number(amount)) / 100) : wordCount + Math.min(0, Number(amount));
  }
  if (spec.endsWith('%')) return Math.floor((wordCount * Number(spec.slice(0, -1))) / 100);
  return Math.min(wordCount, Number(spec));
}

/** A warning for a level matched as a lower one, if it is. */
export function precisionWarning(precision: number | undefined): string | undefined {
  const { matchesAs } = precisionLevel(precision);
  return matchesAs === undefined ? undefined : `Precision ${precision} is matched as precision ${matchesAs} by this search service.`;
}
