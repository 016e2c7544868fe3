/** @jsxImportSource hono/jsx */
import type { ApiFacetResponse } from 'civic-elements/core';
import { FACET_PARAMS, type FacetField } from './search-page-query';

const FACET_LEGENDS: Record<FacetField, string> = { document_type: 'Document type', topic: 'Topic' };

/**
 * One facet as checkboxes, "Policy (12)". Ticked values stay listed (count 0 if the backend no longer counts
 * them), so a visitor can always untick what they ticked.
 */
export function SearchFacet({ field, data, ticked }: { field: FacetField; data: ApiFacetResponse['data']; ticked: readonly string[] }) {
  const counts = new Map<string, number>();
  for (const entry of data) if ('value' in entry) counts.set(String(entry.value), entry.count);
  for (const value of ticked) if (!counts.has(value)) counts.set(value, 0);
  if (counts.size === 0) return null;
  const name = FACET_PARAMS[field];
  return (
    <fieldset class="filters__group">
      <legend class="filters__legend">{FACET_LEGENDS[field]}</legend>
      <ul class="filters__options">
        {[...counts].map(([value, count], index) => {
          const id = `search-${name}-${index}`;
          return (
            <li class="filters__option">
              <input class="filters__checkbox" type="checkbox" id={id} name={name} value={value} checked={ticked.includes(value)} />
              <label htmlFor={id}>{`${value} (${count})`}</label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
