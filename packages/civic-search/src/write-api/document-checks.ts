import { randomBytes } from 'node:crypto';
import { valueProblem, type EngineDocument } from '../engines/documents-file';
import { fieldNameProblem, type EngineSchema } from '../engines/engine-schema';
import {
  invalidFieldName,
  invalidFieldValue,
  MAX_DOCUMENT_BYTES,
  MAX_FIELDS,
  MAX_ID_LENGTH,
  MESSAGES,
  nestedValue,
  unknownPatchField,
} from './app-search-rules';

/** One document's answer, in request order: its id (null when it had none and was refused) and why it was refused. */
export interface DocumentResult {
  id: string | null;
  errors: string[];
}

/**
 * A new document's id in App Search's style (`doc-` and 24 hexadecimal digits, like `doc-5fa2d4e1389ab975965be3e3`):
 * random, so two writers never make the same one.
 */
export const generateId = () => `doc-${randomBytes(12).toString('hex')}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNested = (value: unknown) =>
  isRecord(value) || (Array.isArray(value) && value.some((item) => (typeof item === 'object' && item !== null) || Array.isArray(item)));

/** The given id as text, or the problem with it; undefined when there is none. */
function readId(value: unknown): { id?: string; problem?: string } {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) return { problem: MESSAGES.idType };
  const id = String(value);
  return id.length === 0 || id.length > MAX_ID_LENGTH ? { id, problem: MESSAGES.idLength } : { id };
}

/**
 * Problems with a document's fields: names App Search refuses, nested values, values that do not fit the field's
 * type (a field the schema lacks is text, as App Search makes it), too many fields, too large. With `onlySchemaFields`
 * (partial updates) a field the schema lacks is refused.
 */
function fieldProblems(record: Record<string, unknown>, schema: EngineSchema, onlySchemaFields: boolean): string[] {
  const problems: string[] = [];
  if (Buffer.byteLength(JSON.stringify(record), 'utf8') > MAX_DOCUMENT_BYTES) problems.push(MESSAGES.documentTooLarge);
  const fields = Object.keys(record).filter((field) => field !== 'id');
  if (fields.length > MAX_FIELDS) problems.push(MESSAGES.tooManyFields);
  for (const field of fields) {
    const nameProblem = fieldNameProblem(field);
    if (nameProblem) {
      problems.push(invalidFieldName(field, nameProblem));
      continue;
    }
    const type = schema[field];
    if (!type && onlySchemaFields) {
      problems.push(unknownPatchField(field));
      continue;
    }
    const value = record[field];
    if (isNested(value)) {
      problems.push(nestedValue(field));
      continue;
    }
    const problem = valueProblem(type ?? 'text', value);
    if (problem) problems.push(invalidFieldValue(field, type ?? 'text', problem));
  }
  return problems;
}

/**
 * Checks a batch of new documents against the schema, each on its own: a refused document does not stop the others.
 * Documents without an id get a new one. New fields count towards the schema's field limit in batch order, so the
 * document that would take the schema past it is refused and the ones before it are kept.
 */
export function checkNewDocuments(
  items: readonly unknown[],
  schema: EngineSchema,
): { results: DocumentResult[]; accepted: EngineDocument[] } {
  const known = new Set(Object.keys(schema));
  const results: DocumentResult[] = [];
  const accepted: EngineDocument[] = [];
  for (const item of items) {
    if (!isRecord(item)) {
      results.push({ id: null, errors: [MESSAGES.notAnObject] });
      continue;
    }
    const { id, problem } = readId(item.id);
    const errors = [...(problem ? [problem] : []), ...fieldProblems(item, schema, false)];
    const added = Object.keys(item).filter((field) => field !== 'id' && !known.has(field));
    if (errors.length === 0 && known.size + added.length > MAX_FIELDS) errors.push(MESSAGES.schemaFull);
    if (errors.length > 0) {
      results.push({ id: id ?? null, errors });
      continue;
    }
    added.forEach((field) => known.add(field));
    const document = { ...item, id: id ?? generateId() } as EngineDocument;
    accepted.push(document);
    results.push({ id: document.id, errors: [] });
  }
  return { results, accepted };
}

/**
 * Checks partial updates: each needs an id (App Search's "Missing required key 'id'", answered with id "") and may
 * change only fields the schema has, with values of their types. Returns the answers so far and the patches that
 * passed, each with the index of its answer.
 */
export function checkPatches(
  items: readonly unknown[],
  schema: EngineSchema,
): { results: DocumentResult[]; patches: Array<{ index: number; patch: EngineDocument }> } {
  const results: DocumentResult[] = [];
  const patches: Array<{ index: number; patch: EngineDocument }> = [];
  items.forEach((item, index) => {
    if (!isRecord(item)) {
      results.push({ id: '', errors: [MESSAGES.notAnObject] });
      return;
    }
    const { id, problem } = readId(item.id);
    if (id === undefined && !problem) {
      results.push({ id: '', errors: [MESSAGES.missingId] });
      return;
    }
    const errors = [...(problem ? [problem] : []), ...fieldProblems(item, schema, true)];
    results.push({ id: id ?? '', errors });
    if (errors.length === 0) patches.push({ index, patch: { ...item, id: id! } as EngineDocument });
  });
  return { results, patches };
}

/** Whether a document, once patched, is still within App Search's size limit. */
export function withinSizeLimit(document: EngineDocument): boolean {
  return Buffer.byteLength(JSON.stringify(document), 'utf8') <= MAX_DOCUMENT_BYTES;
}
