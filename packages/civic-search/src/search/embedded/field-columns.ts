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

/** The documents written since the columns a set follows on from were made (positions removed or added). */
export interface ColumnsChange {
  readonly previous: FieldColumns;
  readonly changed: readonly number[];
}

/** The same documents renumbered (a compaction): `renumbered[old]` is each one's new position, -1 if dropped. */
export interface ColumnsRenumbering {
  readonly previous: FieldColumns;
  readonly renumbered: Int32Array;
}

/** A column made before some writes, and the positions those writes touched: patched on the field's next use. */
interface Stale {
  column: FieldColumn;
  changed: readonly number[];
}

/** What a set of columns hands on to the set that follows it after a write. */
interface Generation {
  built: Map<string, FieldColumn>;
  stale: Map<string, Stale>;
}

const generations = new WeakMap<FieldColumns, Generation>();

/**
 * Columns built on first use of a field and kept. After a write, `after` names the columns before it and the
 * positions it touched: a field's column is then patched from the earlier one (only those positions are read
 * again), instead of reading every document, so a search after a write costs a pass over typed arrays. A patched
 * column equals a fresh one exactly (the same codes, in order of first appearance). After a compaction, `after`
 * names the columns before it and how it renumbered the documents: the columns move over without reading any.
 */
export function createFieldColumns(documents: readonly FieldReader[], after?: ColumnsChange | ColumnsRenumbering): FieldColumns {
  const built = new Map<string, FieldColumn>();
  const stale = new Map<string, Stale>();
  const previous = after && generations.get(after.previous);
  if (previous && after && 'renumbered' in after) {
    // Dropped documents have no values in the columns before, and the renumbering keeps the documents' order: the
    // columns move over whole, codes and dictionaries alike.
    for (const field of new Set([...previous.built.keys(), ...previous.stale.keys()])) {
      const column = after.previous(field);
      const codes = new Int32Array(documents.length);
      for (let old = 0; old < column.codes.length; old++) if (after.renumbered[old] >= 0) codes[after.renumbered[old]] = column.codes[old];
      built.set(field, columnOf(codes, column.values, dictionaries.get(column.values)));
    }
  } else if (previous && after && 'changed' in after) {
    for (const [field, column] of previous.built) stale.set(field, { column, changed: after.changed });
    for (const [field, old] of previous.stale) {
      if (previous.built.has(field)) continue;
      const changed = [...old.changed, ...after.changed];
      // Past a quarter of the documents, reading every document again costs less than patching.
      if (changed.length <= documents.length / 4) stale.set(field, { column: old.column, changed });
    }
  }
  const columns: FieldColumns = (field) => {
    let column = built.get(field);
    if (!column) {
      const old = stale.get(field);
      column = old ? patchColumn(old.column, documents, field, old.changed) : buildColumn(documents, field);
      stale.delete(field);
      if (built.size < COLUMN_FIELDS_LIMIT && column.values.length > 0) built.set(field, column);
    }
    return column;
  };
  generations.set(columns, { built, stale });
  return columns;
}

/** Equal values of different types (5 and "5") keep their own codes. */
const valueKey = (value: Exclude<FieldValue, null | undefined>) => `${typeof value}:${String(value)}`;

function buildColumn(documents: readonly FieldReader[], field: string): FieldColumn {
  const codes = new Int32Array(documents.length);
  const values: Exclude<FieldValue, null | undefined>[] = [];
  const codeOf = new Map<string, number>();
  const code = dictionaryCoder(codeOf, values);
  for (let position = 0; position < documents.length; position++) codes[position] = code(documents[position](field));
  return columnOf(codes, values, codeOf);
}

/** A dictionary's codes by value key, kept beside it so a patch does not build it again. */
const dictionaries = new WeakMap<FieldColumn['values'], Map<string, number>>();

/** The column of `documents` now, from one made earlier and the positions changed since (read again). */
function patchColumn(old: FieldColumn, documents: readonly FieldReader[], field: string, changed: readonly number[]): FieldColumn {
  const codes = new Int32Array(documents.length);
  codes.set(old.codes.subarray(0, Math.min(old.codes.length, documents.length)));
  // Each column is patched at most once (by the set of columns after it), so its codes by key can be extended in place.
  const { values } = old;
  const codeOf = dictionaries.get(values) ?? new Map(values.map((value, code) => [valueKey(value), code]));
  // New values go after the old ones, in an array of their own: the old dictionary array is shared, never changed.
  const added: Exclude<FieldValue, null | undefined>[] = [];
  const code = dictionaryCoder(codeOf, added, values.length);
  for (const position of changed) if (position < documents.length) codes[position] = code(documents[position](field));
  // Positions past the old column are new documents, whether or not `changed` names them.
  for (let position = old.codes.length; position < documents.length; position++) codes[position] = code(documents[position](field));
  return (
    patchedColumn(old, codes, changed, [...values, ...added], codeOf) ??
    (added.length > 0 ? columnOf(codes, [...values, ...added]) : columnOf(codes, values, codeOf))
  );
}

/**
 * `columnOf(codes, dictionary)` worked out from the column before the writes, in time proportional to the positions
 * the writes touched and the values, not to the documents: the documents of each value are the earlier ones
 * (copied whole where none left) followed by those added, and the numbering by first appearance is only sorted
 * again when a write moved a value's first document. Positions are never given a value again once past: a write
 * removes a document (its position loses its value) or adds one at a new position, after every earlier one.
 * Undefined when a position before the old column's end gained a value (not a write's doing): build it whole.
 */
function patchedColumn(
  old: FieldColumn,
  codes: Int32Array,
  changed: readonly number[],
  dictionary: readonly Exclude<FieldValue, null | undefined>[],
  codeOf: Map<string, number>,
): FieldColumn | undefined {
  const oldLength = Math.min(old.codes.length, codes.length);
  const oldDistinct = old.values.length;
  const distinct = dictionary.length;
  const counts = new Int32Array(distinct);
  for (let c = 0; c < oldDistinct; c++) counts[c] = old.offsets[c + 1] - old.offsets[c];
  // Documents that left a value (per code), and the positions past the old column with their values, ascending.
  const removed = new Int32Array(oldDistinct);
  const left = new Uint8Array(oldLength);
  for (const position of changed) {
    if (position >= oldLength || left[position] === 1) continue;
    const before = old.codes[position];
    const now = codes[position];
    if (now === before) continue;
    if (now >= 0) return undefined;
    left[position] = 1;
    removed[before]++;
    counts[before]--;
  }
  for (let position = oldLength; position < old.codes.length; position++) if (old.codes[position] >= 0) return undefined;
  const appended: number[] = [];
  for (let position = oldLength; position < codes.length; position++) {
    if (codes[position] < 0) continue;
    appended.push(position);
    counts[codes[position]]++;
  }
  // Each value's first document now: its first earlier one still there, else its first added one.
  const first = new Float64Array(distinct).fill(Infinity);
  for (let c = 0; c < oldDistinct; c++) {
    for (let at = old.offsets[c]; at < old.offsets[c + 1]; at++) {
      if (left[old.positions[at]] === 0) {
        first[c] = old.positions[at];
        break;
      }
    }
  }
  for (const position of appended) if (first[codes[position]] === Infinity) first[codes[position]] = position;
  // The numbering by first appearance: unchanged while the first documents stay in code order and no value is gone.
  let same = true;
  for (let c = 0; c < distinct && same; c++) same = first[c] !== Infinity && (c === 0 || first[c - 1] < first[c]);
  const renumbered = new Int32Array(distinct);
  let live = distinct;
  if (same) {
    for (let c = 0; c < distinct; c++) renumbered[c] = c;
  } else {
    const order = Array.from({ length: distinct }, (_, c) => c)
      .filter((c) => first[c] !== Infinity)
      .sort((a, b) => first[a] - first[b]);
    renumbered.fill(-1);
    order.forEach((c, next) => (renumbered[c] = next));
    live = order.length;
  }
  const offsets = new Int32Array(live + 1);
  for (let c = 0; c < distinct; c++) if (renumbered[c] >= 0) offsets[renumbered[c] + 1] = counts[c];
  for (let r = 0; r < live; r++) offsets[r + 1] += offsets[r];
  const positions = new Int32Array(offsets[live]);
  const next = offsets.slice(0, live);
  for (let c = 0; c < oldDistinct; c++) {
    const r = renumbered[c];
    if (r < 0) continue;
    const [start, end] = [old.offsets[c], old.offsets[c + 1]];
    if (removed[c] === 0) {
      positions.set(old.positions.subarray(start, end), next[r]);
      next[r] += end - start;
    } else {
      for (let at = start; at < end; at++) if (left[old.positions[at]] === 0) positions[next[r]++] = old.positions[at];
    }
  }
  for (const position of appended) positions[next[renumbered[codes[position]]]++] = position;
  if (same) {
    // The dictionary is kept whole when no value is new: with it its sorted values and range index.
    const values = distinct === oldDistinct ? old.values : dictionary;
    dictionaries.set(values, codeOf);
    return { codes, values, offsets, positions };
  }
  for (let position = 0; position < codes.length; position++) if (codes[position] >= 0) codes[position] = renumbered[codes[position]];
  const values = new Array<Exclude<FieldValue, null | undefined>>(live);
  for (let c = 0; c < distinct; c++) if (renumbered[c] >= 0) values[renumbered[c]] = dictionary[c];
  if (distinct === oldDistinct) renumberings.set(values, { previous: old.values, renumbered });
  // The codes by key follow the numbering (the old column is patched once only, so its map is taken over).
  for (const [key, c] of codeOf) {
    const next = c < distinct ? renumbered[c] : -1;
    if (next < 0) codeOf.delete(key);
    else codeOf.set(key, next);
  }
  dictionaries.set(values, codeOf);
  return { codes, values, offsets, positions };
}

/** A dictionary that is an earlier one renumbered (values dropped: -1), so what was sorted for it carries over. */
export interface DictionaryRenumbering {
  readonly previous: readonly unknown[];
  /** The new code of each earlier code, or -1. */
  readonly renumbered: Int32Array;
}

const renumberings = new WeakMap<readonly unknown[], DictionaryRenumbering>();

/** How a dictionary was renumbered from an earlier one holding the same values or more, when it was. */
export function renumberingOf(values: readonly unknown[]): DictionaryRenumbering | undefined {
  return renumberings.get(values);
}

/** Codes values as a dictionary does, adding the values it has not seen (-1: no value). */
type Coder = (value: FieldValue) => number;

/**
 * A coder over `codeOf` that appends new values to `values`. `codeOf` may hold codes from a longer dictionary
 * (one a patch extended from it): codes past the values known are taken as unseen.
 */
function dictionaryCoder(codeOf: Map<string, number>, values: Exclude<FieldValue, null | undefined>[], offset = 0): Coder {
  return (value) => {
    if (value === undefined || value === null) return -1;
    const key = valueKey(value);
    let code = codeOf.get(key);
    if (code === undefined || code >= offset + values.length) {
      code = offset + values.length;
      codeOf.set(key, code);
      values.push(value);
    }
    return code;
  };
}

/**
 * The column of these codes, renumbered in order of first appearance by position (values no document holds any
 * more dropped), so facet ties and every other reader see the same column however it was made. `codes` is taken;
 * when the numbering does not change, the column keeps `dictionary` itself (and `codeOf`, its codes by key).
 */
function columnOf(codes: Int32Array, dictionary: readonly Exclude<FieldValue, null | undefined>[], codeOf?: Map<string, number>): FieldColumn {
  const renumbered = new Int32Array(dictionary.length).fill(-1);
  let distinct = 0;
  let same = true;
  for (let position = 0; position < codes.length; position++) {
    const old = codes[position];
    if (old < 0) continue;
    let code = renumbered[old];
    if (code < 0) {
      code = renumbered[old] = distinct++;
      if (code !== old) same = false;
    }
    codes[position] = code;
  }
  same &&= distinct === dictionary.length;
  let values = dictionary;
  if (same) {
    if (codeOf) dictionaries.set(values, codeOf);
  } else {
    const renumberedValues = new Array<Exclude<FieldValue, null | undefined>>(distinct);
    for (let old = 0; old < dictionary.length; old++) if (renumbered[old] >= 0) renumberedValues[renumbered[old]] = dictionary[old];
    values = renumberedValues;
  }
  const offsets = new Int32Array(distinct + 1);
  for (let position = 0; position < codes.length; position++) if (codes[position] >= 0) offsets[codes[position] + 1]++;
  for (let code = 0; code < distinct; code++) offsets[code + 1] += offsets[code];
  const next = offsets.slice(0, distinct);
  const positions = new Int32Array(offsets[distinct]);
  for (let position = 0; position < codes.length; position++) if (codes[position] >= 0) positions[next[codes[position]]++] = position;
  return { codes, values, offsets, positions };
}
