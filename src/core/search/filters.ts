/**
 * Filter maths of the actions (Search UI semantics): add, set, remove and clear filter values, match a range by
 * its name, merge fixed filters, and mark facet values selected from the filters. Pure: new arrays every time.
 */
import type { Facet, Filter, FilterType, FilterValue, FilterValueRange } from './state';

function isRange(value: FilterValue | undefined): value is FilterValueRange {
  return typeof value === 'object' && value !== null;
}

/**
 * Two filter values are the same when they are equal, or when both are ranges with the same bounds, or when both
 * are ranges with the same name: a range facet's option ("Last 12 months") keeps its name while its bounds move.
 */
export function filterValuesMatch(a: FilterValue | undefined, b: FilterValue | undefined): boolean {
  if (isRange(a) && isRange(b)) {
    if (a.name && b.name) return a.name === b.name;
    return a.from === b.from && a.to === b.to && a.name === b.name;
  }
  return a === b;
}

/** Adds a value to the field's filter of that type (created when missing); a value already there is kept once. */
export function addFilterValue(filters: readonly Filter[], field: string, value: FilterValue, type: FilterType): Filter[] {
  const existing = filters.find((filter) => filter.field === field && filter.type === type);
  const others = filters.filter((filter) => filter !== existing);
  const values = existing?.values ?? [];
  const updated = values.some((known) => filterValuesMatch(known, value)) ? values : [...values, value];
  return [...others, { field, values: updated, type }];
}

/** Replaces the field's filter of that type with this one value. */
export function setFilterValue(filters: readonly Filter[], field: string, value: FilterValue, type: FilterType): Filter[] {
  return [...filters.filter((filter) => filter.field !== field || filter.type !== type), { field, values: [value], type }];
}

/**
 * Removes, by field: every filter of the field; by field and type: that filter; by field and value: the value
 * from the field's filters (of that type only, when given). A filter left without values goes.
 */
export function removeFilterValue(filters: readonly Filter[], field: string, value?: FilterValue, type?: FilterType): Filter[] {
  if (value === undefined) {
    return filters.filter((filter) => filter.field !== field || (type !== undefined && filter.type !== type));
  }
  return filters.flatMap((filter) => {
    if (filter.field !== field || (type !== undefined && filter.type !== type)) return [filter];
    const values = filter.values.filter((known) => !filterValuesMatch(known, value));
    return values.length > 0 ? [{ ...filter, values }] : [];
  });
}

/** Removes every filter except those on the fields listed. */
export function clearFilterValues(filters: readonly Filter[], except: readonly string[] = []): Filter[] {
  return filters.filter((filter) => except.includes(filter.field));
}

/** Adds the fixed filters (a listing's scope) whose field and type the visitor's filters do not already set. */
export function mergeFilters(filters: readonly Filter[], fixed: readonly Filter[] = []): Filter[] {
  return fixed.reduce<Filter[]>(
    (merged, extra) => (merged.some((filter) => filter.field === extra.field && filter.type === extra.type) ? merged : [...merged, extra]),
    [...filters],
  );
}

/** Marks each facet value `selected` when a filter on the facet's field (of any type) holds it. */
export function markSelectedFacetValues(facets: Readonly<Record<string, Facet[]>>, filters: readonly Filter[]): Record<string, Facet[]> {
  // fromEntries defines own properties, so a field named "__proto__" stays a field.
  return Object.fromEntries(
    Object.entries(facets).map(([field, list]) => {
      const values = filters.filter((filter) => filter.field === field).flatMap((filter) => filter.values);
      const markedList = list.map((facet) => ({
        ...facet,
        data: facet.data.map((entry) => ({
          ...entry,
          selected: values.some((value) => filterValuesMatch(value, entry.value)),
        })),
      }));
      return [field, markedList];
    }),
  );
}
