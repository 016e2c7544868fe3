import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { checkedTest, sameQuery, type RelevanceTest } from './test-cases';

/**
 * Relevance tests as CSV, one row per expected document: `query,document,grade` (the layout of Quepid's ratings
 * files, so a list moves between the two). Rows of one query make one test, in the order they come. The header row
 * is optional; `docid`, `doc_id`, `id` or `url` may name the document column and `rating` the grade, as other tools
 * write them. A grade left empty is 1.
 */
export const CSV_HEADER = ['query', 'document', 'grade'] as const;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @ first) is written with a leading apostrophe, which
 * spreadsheets show as text; reading takes that apostrophe off again, so a list survives the round trip unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const safeCell = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
const readCell = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

const DOCUMENT_HEADERS = new Set(['document', 'docid', 'doc_id', 'id', 'url']);
const GRADE_HEADERS = new Set(['grade', 'rating']);

/** The tests a CSV file holds, or every problem with it (row numbers as a spreadsheet shows them). Nothing half-read. */
export function testsFromCsv(text: string): { problems: string[]; tests: RelevanceTest[] } {
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    return { problems: [`The file is not CSV that can be read: ${(error as Error).message}`], tests: [] };
  }
  const first = rows[0]?.map((cell) => cell.toLowerCase());
  const hasHeader =
    first !== undefined &&
    first[0] === 'query' &&
    DOCUMENT_HEADERS.has(first[1] ?? '') &&
    (first[2] === undefined || GRADE_HEADERS.has(first[2]));
  const problems: string[] = [];
  const grouped: { query: string; expected: unknown[]; rows: number[] }[] = [];
  for (const [index, row] of rows.entries()) {
    if (hasHeader && index === 0) continue;
    const line = index + 1;
    const [query = '', document = '', grade = ''] = row.map(readCell);
    if (row.length > 3 && row.slice(3).some((cell) => cell !== '')) {
      problems.push(`Row ${line}: expected three columns (query, document, grade), found ${row.length}`);
      continue;
    }
    if (query === '' || document === '') {
      problems.push(`Row ${line}: needs a query and a document id or URL`);
      continue;
    }
    const entry = { document, grade: grade === '' ? 1 : Number(grade) };
    const test = grouped.find((held) => sameQuery(held.query, query));
    if (test) {
      test.expected.push(entry);
      test.rows.push(line);
    } else grouped.push({ query, expected: [entry], rows: [line] });
  }
  const tests: RelevanceTest[] = [];
  for (const group of grouped) {
    const { problems: found, value } = checkedTest({ query: group.query, expected: group.expected });
    const where = group.rows.length === 1 ? `Row ${group.rows[0]}` : `Rows ${group.rows.join(', ')}`;
    problems.push(...found.map((problem) => `${where} (query "${group.query}"): ${problem}`));
    if (value) tests.push(value);
  }
  if (problems.length === 0 && tests.length === 0)
    problems.push('The file has no tests: write one row per expected document, query,document,grade.');
  return problems.length > 0 ? { problems, tests: [] } : { problems, tests };
}

/** The tests as CSV with a header row, what `testsFromCsv` reads back. */
export function testsToCsv(tests: readonly RelevanceTest[]): string {
  const rows = tests.flatMap((test) => test.expected.map((entry) => [safeCell(test.query), safeCell(entry.document), String(entry.grade)]));
  return stringify([[...CSV_HEADER], ...rows], { record_delimiter: '\r\n' });
}
