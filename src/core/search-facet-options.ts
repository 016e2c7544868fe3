/**
 * A value facet as checkboxes: each value the backend counted, in its order, ticked when a filter holds it; and
 * every ticked value the backend no longer counts, with a count of 0, so a visitor can always untick what they
 * ticked. Range facets are not shown as checkboxes and give no options.
 */
import { filterValuesMatch } from './search/filters';
import type { Facet, Filter, FilterValue } from './search/state';

export interface FacetOption {
  /** The value as the filter holds it. */
  value: string | number;
  /** The value as text: the checkbox's value and label. */
  text: string;
  count: number;
  selected: boolean;
}

const isPlainValue = (value: FilterValue): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

export function facetOptions(field: string, facets: Readonly<Record<string, Facet[]>>, filters: readonly Filter[]): FacetOption[] {
  const ticked = filters.filter((filter) => filter.field === field).flatMap((filter) => filter.values.filter(isPlainValue));
  const facet = Object.prototype.hasOwnProperty.call(facets, field) ? facets[field]?.find((entry) => entry.type === 'value') : undefined;
  const options: FacetOption[] = [];
  for (const entry of facet?.data ?? []) {
    if (!isPlainValue(entry.value) || options.some((option) => option.value === entry.value)) continue;
    const value = entry.value;
    options.push({ value, text: String(value), count: entry.count, selected: ticked.some((known) => filterValuesMatch(known, value)) });
  }
  for (const value of ticked) {
    if (!options.some((option) => option.value === value)) options.push({ value, text: String(value), count: 0, selected: true });
  }
  return options;
}
