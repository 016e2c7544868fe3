import type { ApiRange } from 'civic-elements/core';
import { renumberingOf, type FieldColumn } from './field-columns';
import { comparable, rangeMatcher } from './filters';

/** A column's numeric values (dates as instants) sorted, so a range is two binary searches. */
interface RangeIndex {
  /** Codes with a numeric comparable value, ascending by it. */
  codes: Int32Array;
  values: Float64Array;
  /** Codes whose value compares as text (or is not a number at all): tested one by one. */
  others: number[];
}

/** Kept per dictionary: a column patched after writes that added no value keeps its dictionary. */
const indexes = new WeakMap<FieldColumn['values'], RangeIndex>();

function rangeIndex(column: FieldColumn): RangeIndex {
  let index = indexes.get(column.values);
  if (index) return index;
  index = carriedIndex(column.values);
  if (index) {
    indexes.set(column.values, index);
    return index;
  }
  const numeric: { code: number; value: number }[] = [];
  const others: number[] = [];
  column.values.forEach((value, code) => {
    if (typeof value === 'boolean') return; // never in a range
    const key = comparable(value);
    if (typeof key === 'number' && !Number.isNaN(key)) numeric.push({ code, value: key });
    else others.push(code);
  });
  numeric.sort((a, b) => a.value - b.value);
  index = {
    codes: Int32Array.from(numeric, (entry) => entry.code),
    values: Float64Array.from(numeric, (entry) => entry.value),
    others,
  };
  indexes.set(column.values, index);
  return index;
}

/**
 * The range index of a dictionary renumbered from one that had one (after a write): the same order with the codes
 * renumbered and dropped values left out, instead of sorting again. Equal values may then be visited in another
 * order than a fresh sort's; every caller only sums or unites what it visits.
 */
function carriedIndex(values: FieldColumn['values']): RangeIndex | undefined {
  const renumbering = renumberingOf(values);
  const previous = renumbering && indexes.get(renumbering.previous as FieldColumn['values']);
  if (!renumbering || !previous) return undefined;
  const { renumbered } = renumbering;
  const codes: number[] = [];
  const numbers: number[] = [];
  previous.codes.forEach((code, i) => {
    if (renumbered[code] < 0) return;
    codes.push(renumbered[code]);
    numbers.push(previous.values[i]);
  });
  return {
    codes: Int32Array.from(codes),
    values: Float64Array.from(numbers),
    others: previous.others.map((code) => renumbered[code]).filter((code) => code >= 0),
  };
}

/**
 * Calls `visit` with each code of the column whose value is in [from, to), exactly as `rangeMatcher` decides:
 * numeric values against numeric bounds by binary search, anything compared as text one by one.
 */
export function forEachCodeInRange(column: FieldColumn, range: ApiRange, visit: (code: number) => void): void {
  const low = range.from === undefined ? undefined : comparable(range.from);
  const high = range.to === undefined ? undefined : comparable(range.to);
  const matches = rangeMatcher(range);
  const { codes, values, others } = rangeIndex(column);
  if (typeof low === 'string' || typeof high === 'string') {
    // A bound that is text compares every value as text: no order to search.
    for (let i = 0; i < codes.length; i++) if (matches(column.values[codes[i]])) visit(codes[i]);
  } else {
    const end = high === undefined ? values.length : lowerBound(values, high);
    for (let i = low === undefined ? 0 : lowerBound(values, low); i < end; i++) visit(codes[i]);
  }
  for (const code of others) if (matches(column.values[code])) visit(code);
}

/** The first index whose value is not below `target`. */
function lowerBound(values: Float64Array, target: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle] < target) low = middle + 1;
    else high = middle;
  }
  return low;
}
