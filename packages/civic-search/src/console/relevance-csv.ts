import { CsvError, parse } from 'csv-parse/sync';
import { toCsv } from '../analytics/csv';
import { checkedCuration, checkedSynonymSet } from '../relevance/checks';
import type { Curation, SynonymSet } from '../relevance';
import type { CurationRecord, SynonymRecord } from './relevance-reads';

/**
 * Synonym sets and curations as CSV, one value a row, so any character a synonym, query or document id holds
 * survives a spreadsheet and comes back as it went:
 *
 *   set,synonym                  curation,field,value
 *   syn-1,rubbish                cur-1,query,bin day
 *   syn-1,refuse                 cur-1,promoted,page-12      (promoted rows in the order they are pinned)
 *                                cur-1,hidden,page-40
 *
 * Rows with the same set (or curation) label make one record. A label that names a record the engine holds
 * replaces it on import; any other label (say "bins") makes a new one.
 */
export const SYNONYM_COLUMNS = ['set', 'synonym'] as const;
export const CURATION_COLUMNS = ['curation', 'field', 'value'] as const;
const CURATION_FIELDS = ['query', 'promoted', 'hidden'] as const;

/** A record read from a file, with the lines it came from (1 is the header). */
export interface ImportItem<T> {
  label: string;
  lines: number[];
  value: T;
}

export interface CsvRead<T> {
  items: ImportItem<T>[];
  /** Every problem of the file, each naming its line or lines, in line order. */
  problems: string[];
}

export function synonymsToCsv(sets: readonly SynonymRecord[]): string {
  return toCsv(
    SYNONYM_COLUMNS,
    sets.flatMap((set) => set.synonyms.map((synonym) => [set.id, synonym])),
  );
}

export function curationsToCsv(curations: readonly CurationRecord[]): string {
  return toCsv(
    CURATION_COLUMNS,
    curations.flatMap((curation) =>
      CURATION_FIELDS.flatMap((field) => curation[fieldList(field)].map((value) => [curation.id, field, value])),
    ),
  );
}

const fieldList = (field: (typeof CURATION_FIELDS)[number]) => (field === 'query' ? 'queries' : field);

/**
 * The export guards a cell a spreadsheet would run as a formula with a leading apostrophe; reading undoes exactly
 * that, so an exported file imports as it was.
 */
const unguarded = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** "Line 4", "Lines 4 and 5", "Lines 2–9 and 12": runs of three or more lines are given as a range. */
function linesText(lines: readonly number[]): string {
  const parts: string[] = [];
  for (let start = 0; start < lines.length;) {
    let end = start;
    while (end + 1 < lines.length && lines[end + 1] === lines[end]! + 1) end++;
    if (end - start >= 2) parts.push(`${lines[start]}–${lines[end]}`);
    else for (let at = start; at <= end; at++) parts.push(String(lines[at]));
    start = end + 1;
  }
  if (parts.length === 1 && !parts[0]!.includes('–')) return `Line ${parts[0]}`;
  return `Lines ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`}`;
}

interface Row {
  line: number;
  cells: string[];
}

/** The file's rows after its header, or the problem that stops it being read at all. */
function rowsOf(text: string, columns: readonly string[]): { rows: Row[]; problems: string[] } {
  let parsed: Array<{ record: string[]; raw: string; info: { lines: number } }>;
  try {
    parsed = parse(text, {
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      return { rows: [], problems: [`${line ? `Line ${line}: ` : ''}the file is not CSV that can be read (${error.message})`] };
    }
    throw error;
  }
  // A record is numbered by the line it starts on. The parser gives the line it ends on, and its raw text, which
  // holds the line breaks inside quoted cells (and, around them, skipped empty lines and the record's own end).
  const breaksInside = (raw: string) =>
    raw
      .replace(/^[\r\n]+/, '')
      .replace(/(?:\r\n|\r|\n)$/, '')
      .match(/\r\n|\r|\n/g)?.length ?? 0;
  const records = parsed.map(({ record, raw, info }) => ({ record, line: info.lines - breaksInside(raw) }));
  const [header, ...body] = records;
  const expected = columns.join(',');
  if (!header || header.record.map((cell) => cell.trim().toLowerCase()).join(',') !== expected) {
    return { rows: [], problems: [`Line 1: the first row must name the columns ${expected}`] };
  }
  if (body.length === 0) return { rows: [], problems: ['The file has no rows after its header'] };
  const problems: string[] = [];
  const rows: Row[] = [];
  for (const { record, line } of body) {
    if (record.length !== columns.length) {
      problems.push(`Line ${line}: a row needs ${columns.length} cells (${expected}), this one has ${record.length}`);
      continue;
    }
    const cells = record.map((cell) => unguarded(cell.trim()));
    if (cells.some((cell) => cell === '')) {
      problems.push(`Line ${line}: every cell needs a value (${expected})`);
      continue;
    }
    rows.push({ line, cells });
  }
  return { rows, problems };
}

/** Rows grouped by their first cell, in the order each label first appears. */
function grouped(rows: readonly Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.cells[0]!) ?? [];
    group.push(row);
    groups.set(row.cells[0]!, group);
  }
  return groups;
}

/** Synonym sets from a file, each checked as the synonyms API checks one. */
export function readSynonymsCsv(text: string): CsvRead<SynonymSet> {
  const { rows, problems } = rowsOf(text, SYNONYM_COLUMNS);
  const items: ImportItem<SynonymSet>[] = [];
  for (const [label, group] of grouped(rows)) {
    const lines = group.map((row) => row.line);
    const checked = checkedSynonymSet({ synonyms: group.map((row) => row.cells[1]!) });
    if (checked.value) items.push({ label, lines, value: checked.value });
    else problems.push(...checked.problems.map((problem) => `${linesText(lines)} (set ${label}): ${problem}`));
  }
  return { items, problems: sortedByLine(problems) };
}

/** Curations from a file, each checked as the curations API checks one, and no query in two of them. */
export function readCurationsCsv(text: string): CsvRead<Curation> {
  const { rows, problems } = rowsOf(text, CURATION_COLUMNS);
  const items: ImportItem<Curation>[] = [];
  for (const [label, group] of grouped(rows)) {
    const curation: Curation = { queries: [], promoted: [], hidden: [] };
    const lines: number[] = [];
    for (const row of group) {
      const field = row.cells[1]!.toLowerCase();
      if (!(CURATION_FIELDS as readonly string[]).includes(field)) {
        problems.push(`Line ${row.line}: the field must be query, promoted or hidden, not “${row.cells[1]}”`);
        continue;
      }
      lines.push(row.line);
      curation[fieldList(field as (typeof CURATION_FIELDS)[number])].push(row.cells[2]!);
    }
    if (lines.length === 0) continue;
    const checked = checkedCuration(curation);
    if (checked.value) items.push({ label, lines, value: checked.value });
    else problems.push(...checked.problems.map((problem) => `${linesText(lines)} (curation ${label}): ${problem}`));
  }
  return { items, problems: sortedByLine(problems) };
}

const firstLine = (problem: string) => Number(/^Lines? (\d+)/.exec(problem)?.[1] ?? 0);
const sortedByLine = (problems: string[]) => problems.sort((a, b) => firstLine(a) - firstLine(b));

export { linesText };
