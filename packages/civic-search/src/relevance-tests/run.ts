import { CUTOFF, meanScores, scoreResults, type QueryScores } from './metrics';
import type { ExpectedDocument, StoredTest } from './test-cases';

/** One result as a run reads it: its id and, when the engine has one, its `url` field. */
export interface FoundDocument {
  id: string;
  url?: string;
}

/** Searches one query as a visitor would and gives the first page's results in order. */
export type SearchFirstPage = (query: string) => Promise<FoundDocument[]>;

/** How one test did in a run. */
export interface TestOutcome extends QueryScores {
  /** The test's id. */
  id: string;
  query: string;
  /** The expected documents when it ran (a test edited since is not compared with this run). */
  expected: ExpectedDocument[];
  /** Where each expected document came, from 1, or null when it was not on the first page. */
  positions: (number | null)[];
}

/** A run of an engine's tests: the scores of each and their means. */
export interface RelevanceRun extends QueryScores {
  /** When it ran (ISO 8601, UTC). */
  at: string;
  /** What started it: the console, the command line (a council's CI) or a call to the API. */
  source: RunSource;
  /** Run with the saved settings, or with a draft (never kept in the history). */
  against: 'saved' | 'draft';
  tests: TestOutcome[];
}
export type RunSource = 'console' | 'cli' | 'api';

/** Searches run at once: a run must not starve visitors' searches of the engine. */
const RUN_CONCURRENCY = 2;

/**
 * Whether a result is an expected document: its id is the one named, or its `url` field is (whole, or its path and
 * query when a path is named, so `/services/rates` names `https://www.example.govt.nz/services/rates`).
 */
export function isDocument(found: FoundDocument, named: string): boolean {
  if (found.id === named || found.url === named) return true;
  if (!found.url || !named.startsWith('/')) return false;
  try {
    const url = new URL(found.url);
    return `${url.pathname}${url.search}` === named || url.pathname === named;
  } catch {
    return false;
  }
}

/** One test's outcome from the results its query found. */
export function outcomeOf(test: StoredTest, results: readonly FoundDocument[]): TestOutcome {
  const top = results.slice(0, CUTOFF);
  const positions = test.expected.map((entry) => {
    const at = top.findIndex((found) => isDocument(found, entry.document));
    return at === -1 ? null : at + 1;
  });
  const grades = top.map((found) => test.expected.find((entry) => isDocument(found, entry.document))?.grade ?? 0);
  const scores = scoreResults(
    grades,
    test.expected.map((entry) => entry.grade),
  );
  return { id: test.id, query: test.query, expected: test.expected, positions, ...scores };
}

/** Runs every test through `search` and scores it. */
export async function runTests(
  tests: readonly StoredTest[],
  search: SearchFirstPage,
  run: { at: Date; source: RunSource; against: RelevanceRun['against'] },
): Promise<RelevanceRun> {
  const outcomes: TestOutcome[] = new Array(tests.length);
  let next = 0;
  const worker = async () => {
    while (next < tests.length) {
      const index = next++;
      outcomes[index] = outcomeOf(tests[index]!, await search(tests[index]!.query));
    }
  };
  await Promise.all(Array.from({ length: Math.min(RUN_CONCURRENCY, tests.length) }, worker));
  return { at: run.at.toISOString(), source: run.source, against: run.against, ...meanScores(outcomes), tests: outcomes };
}

/** A test whose scores moved between two runs. */
export interface Change {
  id: string;
  query: string;
  before: QueryScores;
  after: QueryScores;
}

/** Two runs side by side, over the tests both ran unchanged. */
export interface Comparison {
  better: Change[];
  worse: Change[];
  unchanged: number;
  /** Tests (by id) only one run had, or edited between them. */
  notCompared: number;
  /** The means over the tests compared. */
  before: QueryScores;
  after: QueryScores;
}

/** Differences smaller than this are rounding, not a change. */
const EPSILON = 1e-9;
const sameExpected = (a: readonly ExpectedDocument[], b: readonly ExpectedDocument[]) =>
  a.length === b.length && a.every((entry, index) => entry.document === b[index]!.document && entry.grade === b[index]!.grade);

/**
 * What changed from one run to another, test by test. A test counts when both runs ran it with the same query and
 * expected documents; it got better or worse as its nDCG@10 moved (recall@10 when that is level).
 */
export function compareRuns(before: RelevanceRun, after: RelevanceRun): Comparison {
  const better: Change[] = [];
  const worse: Change[] = [];
  const pairs: [TestOutcome, TestOutcome][] = [];
  for (const outcome of after.tests) {
    const earlier = before.tests.find((other) => other.id === outcome.id);
    if (earlier && earlier.query === outcome.query && sameExpected(earlier.expected, outcome.expected)) pairs.push([earlier, outcome]);
  }
  for (const [earlier, later] of pairs) {
    const change = { id: later.id, query: later.query, before: scoresOf(earlier), after: scoresOf(later) };
    const moved = Math.abs(later.ndcg - earlier.ndcg) > EPSILON ? later.ndcg - earlier.ndcg : later.recall - earlier.recall;
    if (moved > EPSILON) better.push(change);
    else if (moved < -EPSILON) worse.push(change);
  }
  return {
    better,
    worse,
    unchanged: pairs.length - better.length - worse.length,
    notCompared: new Set([...before.tests, ...after.tests].map((outcome) => outcome.id)).size - pairs.length,
    before: meanScores(pairs.map(([earlier]) => earlier)),
    after: meanScores(pairs.map(([, later]) => later)),
  };
}

/** A comparison whose mean nDCG@10 or recall@10 went down: the run is worse than the one before. */
export const isWorse = (comparison: Comparison) =>
  comparison.after.ndcg < comparison.before.ndcg - EPSILON || comparison.after.recall < comparison.before.recall - EPSILON;

const scoresOf = (scores: QueryScores): QueryScores => ({ recall: scores.recall, ndcg: scores.ndcg });
