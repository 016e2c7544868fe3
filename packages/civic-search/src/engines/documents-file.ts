import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { fieldNameProblem, type EngineSchema, type FieldType } from './engine-schema';

/** A document as an engine keeps it: an id and fields of the engine's schema. */
export type EngineDocument = { readonly id: string } & Readonly<Record<string, unknown>>;

/** A documents file that cannot be used: every problem found, each naming the line (or item) and field. */
export class DocumentsFileError extends Error {
  override name = 'DocumentsFileError';
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `\n  ... and ${problems.length - shown.length} more` : '';
    super(`${file}: ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${shown.join('\n  ')}${more}`);
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
export const isIsoDate = (value: unknown) => typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
const isGeolocation = (value: unknown) =>
  typeof value === 'string' &&
  /^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/.test(value) &&
  value.split(',').every((part, i) => Math.abs(Number(part)) <= (i === 0 ? 90 : 180));

/** Why a value does not fit a field's type (a list's items each checked), or undefined. */
export function valueProblem(type: FieldType, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = valueProblem(type, item);
      if (problem) return problem;
    }
    return undefined;
  }
  if (type === 'text')
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? undefined : 'must be text';
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
  if (type === 'date') return isIsoDate(value) ? undefined : 'must be an ISO 8601 date, like 2026-11-24 or 2026-11-24T09:00:00Z';
  return isGeolocation(value) ? undefined : 'must be a "latitude, longitude" pair, like "-36.85, 174.76"';
}

/**
 * The type App Search would give a field it has not seen: text. Before an engine has a schema, a field whose
 * every value is a number or an ISO date is taken as that, so date ranges and number ranges work out of the box.
 */
export function inferSchema(documents: readonly Record<string, unknown>[]): EngineSchema {
  const seen = new Map<string, Set<'number' | 'date' | 'text'>>();
  for (const document of documents) {
    for (const [field, value] of Object.entries(document)) {
      if (field === 'id' || fieldNameProblem(field) || value === null || value === undefined) continue;
      const kinds = seen.get(field) ?? new Set();
      for (const item of Array.isArray(value) ? value : [value]) {
        kinds.add(typeof item === 'number' ? 'number' : isIsoDate(item) ? 'date' : 'text');
      }
      seen.set(field, kinds);
    }
  }
  return Object.freeze(
    Object.fromEntries([...seen].map(([field, kinds]) => [field, kinds.size === 1 && !kinds.has('text') ? [...kinds][0] : 'text'])),
  ) as EngineSchema;
}

/** Checks one document against the schema: its id, field names and value types. Problems name `where`. */
export function documentProblems(document: unknown, schema: EngineSchema, where: string): string[] {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return [`${where}: must be a JSON object`];
  const record = document as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof record.id !== 'string' && typeof record.id !== 'number') problems.push(`${where}: "id" must be text or a number`);
  else if (String(record.id).length === 0 || String(record.id).length > 800) problems.push(`${where}: "id" must be 1 to 800 characters`);
  for (const [field, value] of Object.entries(record)) {
    if (field === 'id') continue;
    const nameProblem = fieldNameProblem(field);
    if (nameProblem) {
      problems.push(`${where}, field "${field}": ${nameProblem}`);
      continue;
    }
    const type = schema[field];
    if (!type) {
      problems.push(`${where}, field "${field}": is not in the engine's schema (${Object.keys(schema).join(', ')})`);
      continue;
    }
    const problem = valueProblem(type, value);
    if (problem) problems.push(`${where}, field "${field}": ${problem} (got ${JSON.stringify(value).slice(0, 60)})`);
  }
  return problems;
}

/**
 * Reads a documents file: a JSON array of objects, or NDJSON (one object a line; blank lines skipped). Ids must be
 * unique. With a schema, every document is checked against it; without one, the schema is inferred. Throws a
 * DocumentsFileError naming each bad line and field; nothing is loaded from a file with problems.
 */
export async function readDocumentsFile(
  file: string,
  schema?: EngineSchema,
): Promise<{ documents: EngineDocument[]; schema: EngineSchema }> {
  const records: Array<{ value: unknown; where: string }> = [];
  const problems: string[] = [];
  const stream = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let first: string | undefined;
  const buffered: string[] = [];
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      lineNumber++;
      if (first === undefined && line.trim() !== '') first = line.trim();
      if (first?.startsWith('[')) {
        buffered.push(line);
        continue;
      }
      if (line.trim() === '') continue;
      try {
        records.push({ value: JSON.parse(line), where: `line ${lineNumber}` });
      } catch (error) {
        problems.push(`line ${lineNumber}: is not valid JSON (${(error as Error).message})`);
      }
    }
  } catch (error) {
    throw new DocumentsFileError(file, [`cannot be read: ${(error as Error).message}`]);
  }
  if (first?.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(buffered.join('\n'));
    } catch (error) {
      throw new DocumentsFileError(file, [`is not valid JSON (${(error as Error).message})`]);
    }
    if (!Array.isArray(parsed)) throw new DocumentsFileError(file, ['must be a JSON array of documents or NDJSON']);
    parsed.forEach((value, index) => records.push({ value, where: `item ${index + 1}` }));
  }
  const objects = records.filter(({ value }) => typeof value === 'object' && value !== null && !Array.isArray(value)) as Array<{
    value: Record<string, unknown>;
    where: string;
  }>;
  const effective = schema ?? inferSchema(objects.map(({ value }) => value));
  const ids = new Map<string, string>();
  for (const { value, where } of records) {
    problems.push(...documentProblems(value, effective, where));
    const id = (value as { id?: unknown } | null)?.id;
    if (typeof id === 'string' || typeof id === 'number') {
      const earlier = ids.get(String(id));
      if (earlier) problems.push(`${where}: the id ${JSON.stringify(String(id))} is already used at ${earlier}`);
      else ids.set(String(id), where);
    }
  }
  if (problems.length > 0) throw new DocumentsFileError(file, problems);
  const documents = objects.map(({ value }) => ({ ...value, id: String(value.id) }) as EngineDocument);
  return { documents, schema: effective };
}
