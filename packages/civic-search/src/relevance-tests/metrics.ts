/**
 * How well one search answers one test query, from the documents it was expected to put first.
 *
 * - recall@k: the share of the expected documents found in the first k results (graded or not, each counts once).
 * - nDCG@k: discounted cumulative gain of the first k results, divided by the gain of the best order possible. A
 *   result at position i (from 1) with grade g earns (2^g − 1) / log2(i + 1); results not expected earn nothing.
 *   The best order puts the expected documents first, highest grade first. With every grade 1 (binary relevance,
 *   the default), a result earns 1 / log2(i + 1): 1 at the top, 0.63 second, 0.5 third.
 */

/** Results a test looks at: the first page of ten, what a visitor sees. */
export const CUTOFF = 10;

/** The grade of an expected document when none is given: binary relevance. */
export const DEFAULT_GRADE = 1;
/** The highest grade: 3 marks the page that must come first, 2 a very good answer, 1 a good one. */
export const MAX_GRADE = 3;

export interface QueryScores {
  /** 0 to 1. */
  recall: number;
  /** 0 to 1. */
  ndcg: number;
}

const gain = (grade: number) => 2 ** grade - 1;
const discount = (position: number) => Math.log2(position + 1);

/**
 * The scores of one result list. `positions[i]` is the grade of the i-th result (0 for a result not expected); the
 * expected documents' grades are `grades` (each above 0). Only the first `cutoff` results count.
 */
export function scoreResults(positions: readonly number[], grades: readonly number[], cutoff = CUTOFF): QueryScores {
  if (grades.length === 0 || grades.some((grade) => !(grade > 0)))
    throw new RangeError('A test needs expected documents, each with a grade above 0.');
  const top = positions.slice(0, cutoff);
  const found = top.filter((grade) => grade > 0).length;
  const dcg = top.reduce((sum, grade, index) => sum + gain(grade) / discount(index + 1), 0);
  const ideal = [...grades]
    .sort((a, b) => b - a)
    .slice(0, cutoff)
    .reduce((sum, grade, index) => sum + gain(grade) / discount(index + 1), 0);
  return { recall: found / grades.length, ndcg: dcg / ideal };
}

/** The mean of each score over a run's queries (0 for none). */
export function meanScores(scores: readonly QueryScores[]): QueryScores {
  if (scores.length === 0) return { recall: 0, ndcg: 0 };
  const sum = scores.reduce((total, score) => ({ recall: total.recall + score.recall, ndcg: total.ndcg + score.ndcg }), {
    recall: 0,
    ndcg: 0,
  });
  return { recall: sum.recall / scores.length, ndcg: sum.ndcg / scores.length };
}
