import type { FieldReader, FieldValue } from './filters';

/**
 * One field of every document, dictionary-coded: each distinct value gets a code, each document the code of its
 * value, and each code the list of its documents. Filters then test each distinct value once and take its
 * documents whole; facets count codes instead of reading documents.
 */
export interface FieldColumn {
  /** The code of each document's value, by position; -1: no value (undefined or null). */
  readonly codes: Int32Array;
  /** The value of each code, as the documents hold it. */
  readonly values: readonly Exclude<FieldValue, null | undefined>[];
  /** The documents of code `c` are `positions[offsets[c] .. offsets[c + 1]]`, ascending. */
  readonly offsets: Int32Array;
  readonly positions: Int32Array;
}

export type FieldColumns = (field: string) => FieldColumn;

/** Fields whose columns are kept, so requests naming ever new fields cannot fill memory. */
const COLUMN_FIELDS_LIMIT = 32;

/** Columns built on first use of a field and kept. */
export function createFieldColumns(documents: readonly FieldReader[]): FieldColumns {
  const cache = new Map<string, FieldColumn>();
  return (field) => {
    let column = cache.get(field);
    if (!column) {
      column = buildColumn(documents, field);
      if (cache.size < COLUMN_FIELDS_LIMIT && column.values.length > 0) cache.set(field, column);
    }
    return column;
  };
}

function buildColumn(documents: readonly FieldReader[], field: string): FieldColumn {
  const codes = new Int32Array(documents.length);
  const values: Exclude<FieldValue, null | undefined>[] = [];
  const codeOf = new Map<string, number>();
  const counts: number[] = [];
  documents.forEach((read, position) => {
    const value = read(field);
    if (value === undefined || value === null) {
      codes[position] = -1;
      return;
    }
    // Equal values of different types (5 and "5") keep their own codes.
    const key = `${typeof value}:${String(value)}`;
    let code = codeOf.get(key);
    if (code === undefined) {
      code = values.length;
      codeOf.set(key, code);
      values.push(value);
      counts.push(0);
    }
    codes[position] = code;
    counts[code]++;
  });
  const offsets = new Int32Array(values.length + 1);
  for (let code = 0; code < values.length; code++) offsets[code + 1] = offsets[code] + counts[code];
  const next = offsets.slice(0, values.length);
  const positions = new Int32Array(offsets[values.length]);
  codes.forEach((code, position) => {
    if (code >= 0) positions[next[code]++] = position;
  });
  return { codes, values, offsets, positions };
}
