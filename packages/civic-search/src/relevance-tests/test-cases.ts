import { normalisedQuery, wordsOf } from '../relevance';
import { DEFAULT_GRADE, MAX_GRADE } from './metrics';

/** A document a test query should find on its first page: its id or its URL, and how good an answer it is. */
export interface ExpectedDocument {
  /** The document's id, or its `url` field (a full URL or the path of one). */
  document: string;
  /** 1 (a good answer, the default) to 3 (the answer that must come first). */
  grade: number;
}

/** One relevance test: a query and the documents that should come first for it. */
export interface RelevanceTest {
  query: string;
  expected: ExpectedDocument[];
}

export interface StoredTest extends RelevanceTest {
  id: string;
}

export const LIMITS = Object.freeze({
  /** Tests an engine can keep: enough for a council's busiest queries, few enough that a run takes seconds. */
  testsPerEngine: 500,
  /** Only the first page counts, so more than ten expected documents could never all be found. */
  expectedPerTest: 10,
  /** App Search's longest query. */
  queryLength: 128,
  /** A document id or URL. */
  documentLength: 2048,
  /** Runs kept in an engine's history (the oldest goes first). */
  runsKept: 50,
});

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Two tests are for the same query when their queries compare equal as curations compare them. */
export const sameQuery = (a: string, b: string) => normalisedQuery(a) === normalisedQuery(b);

/**
 * A test as sent to the API: `{"query": "pay rates", "expected": ["page-rates", {"document": "/rates", "grade": 3}]}`.
 * Each expected document once, at most ten, each graded 1 to 3 (1 when no grade is given).
 */
export function checkedTest(body: unknown): { problems: string[]; value?: RelevanceTest } {
  if (!isObject(body)) return { problems: ['The request body must be like {"query": "pay rates", "expected": ["page-id"]}.'] };
  const problems = Object.keys(body)
    .filter((key) => !['query', 'expected', 'id'].includes(key))
    .map((key) => `${key} is not a field of a relevance test`);
  const { query, expected } = body;
  if (typeof query !== 'string' || wordsOf(query).length === 0 || query.length > LIMITS.queryLength) {
    problems.push(`query must be text with at least one word and at most ${LIMITS.queryLength} characters`);
  }
  const documents: ExpectedDocument[] = [];
  if (!Array.isArray(expected) || expected.length === 0) problems.push('expected must list at least one document id or URL');
  else {
    if (expected.length > LIMITS.expectedPerTest)
      problems.push(`expected can list at most ${LIMITS.expectedPerTest} documents: only the first page counts`);
    for (const [index, entry] of expected.entries()) {
      const given: Record<string, unknown> = isObject(entry) ? entry : { document: entry };
      const { document, grade = DEFAULT_GRADE } = given;
      const at = `expected[${index}]`;
      if (typeof document !== 'string' && typeof document !== 'number')
        problems.push(`${at} must be a document id or URL, or like {"document": "page-id", "grade": 2}`);
      else if (String(document).trim() === '' || String(document).length > LIMITS.documentLength || /\s/.test(String(document).trim())) {
        problems.push(`${at} must be a document id or URL without spaces, at most ${LIMITS.documentLength} characters`);
      } else if (!(Number.isInteger(grade) && (grade as number) >= 1 && (grade as number) <= MAX_GRADE)) {
        problems.push(`${at}.grade must be a whole number from 1 to ${MAX_GRADE}`);
      } else if (documents.some((held) => held.document === String(document).trim())) {
        problems.push(`${at}: ${String(document).trim()} is listed twice`);
      } else documents.push({ document: String(document).trim(), grade: grade as number });
    }
  }
  return problems.length > 0 ? { problems } : { problems, value: { query: (query as string).trim(), expected: documents } };
}

/**
 * The expected documents as a person types them in a text box: one a line, its grade after a space when it is not 1
 * (`/services/rates 3`). Problems name the line.
 */
export function parseExpectedLines(text: string): { problems: string[]; expected: ExpectedDocument[] } {
  const problems: string[] = [];
  const expected: ExpectedDocument[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    const words = line.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    const grade = words.length === 2 ? Number(words[1]) : DEFAULT_GRADE;
    if (words.length > 2 || !(Number.isInteger(grade) && grade >= 1 && grade <= MAX_GRADE)) {
      problems.push(`Line ${index + 1}: write a document id or URL, then optionally a grade from 1 to ${MAX_GRADE} after a space`);
    } else expected.push({ document: words[0]!, grade });
  }
  return { problems, expected };
}

/** The lines `parseExpectedLines` reads back. */
export const expectedLines = (expected: readonly ExpectedDocument[]) =>
  expected.map(({ document, grade }) => (grade === DEFAULT_GRADE ? document : `${document} ${grade}`)).join('\n');
