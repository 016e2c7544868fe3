import type { ApiFilter, ApiFilterValue } from 'civic-elements/core';
import { forEachCodeInRange } from './column-ranges';
import { DocSet } from './doc-set';
import type { FieldColumns } from './field-columns';
import { isRange, nestedFilters, valueMatcher } from './filters';

/**
 * The documents (of `size`, by position) that pass the filters, as `compileFilter` decides, computed from the
 * fields' columns: each condition is tested once per distinct value (ranges by binary search over the sorted
 * values), the documents of each matching value are taken whole, and set operations combine the clauses.
 * Undefined: every document passes.
 */
export function filterDocuments(filter: ApiFilter | undefined, columns: FieldColumns, size: number): DocSet | undefined {
  if (filter === undefined) return undefined;
  let result: DocSet | undefined;
  const narrow = (set: DocSet | undefined) => {
    if (set) result = result ? result.and(set) : set;
  };
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    const nested = nestedFilters(key, value);
    if (!nested) {
      narrow(conditionDocuments(key, value as ApiFilterValue | ApiFilterValue[], columns, size));
      continue;
    }
    if (nested.length === 0) continue;
    const parts = nested.map((part) => filterDocuments(part, columns, size));
    if (key === 'all') {
      for (const part of parts) narrow(part);
      continue;
    }
    // any: one part passing everything passes everything; none: the complement of any.
    const any = parts.includes(undefined) ? undefined : (parts as DocSet[]).reduce((union, part) => union.or(part), DocSet.empty(size));
    if (key === 'any') narrow(any);
    else narrow(any ? any.invert() : DocSet.empty(size));
  }
  return result;
}

/** The documents whose value of `field` meets the condition (any of its values or ranges). */
function conditionDocuments(field: string, condition: ApiFilterValue | ApiFilterValue[], columns: FieldColumns, size: number): DocSet {
  const column = columns(field);
  const set = DocSet.empty(size);
  const take = (code: number) => {
    for (let i = column.offsets[code]; i < column.offsets[code + 1]; i++) set.add(column.positions[i]);
  };
  const taken = new Uint8Array(column.values.length);
  const takeOnce = (code: number) => {
    if (taken[code] === 0) {
      taken[code] = 1;
      take(code);
    }
  };
  for (const value of Array.isArray(condition) ? condition : [condition]) {
    if (isRange(value)) {
      forEachCodeInRange(column, value, takeOnce);
    } else {
      const matches = valueMatcher(value);
      column.values.forEach((actual, code) => {
        if (matches(actual)) takeOnce(code);
      });
    }
  }
  return set;
}
