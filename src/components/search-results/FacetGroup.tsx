import { format } from '../../core/i18n';
import type { FacetOption } from '../../core/search-facet-options';
import type { SearchResultsMessages } from './messages';

interface FacetGroupProps {
  id: string;
  legend: string;
  options: readonly FacetOption[];
  t: SearchResultsMessages;
  onChange: (option: FacetOption, checked: boolean) => void;
}

/** One value facet: a fieldset of checkboxes, "Policy (12)"; a change searches at once. */
export function FacetGroup({ id, legend, options, t, onChange }: FacetGroupProps) {
  if (options.length === 0) return null;
  return (
    <fieldset className="search-results__facet">
      <legend className="search-results__legend">{legend}</legend>
      <ul className="search-results__options">
        {options.map((option, index) => (
          <li className="search-results__option" key={option.text}>
            <input
              className="search-results__checkbox"
              type="checkbox"
              id={`${id}-${index}`}
              value={option.text}
              checked={option.selected}
              onChange={(event) => onChange(option, event.currentTarget.checked)}
            />
            <label htmlFor={`${id}-${index}`}>{format(t.facetValue, { value: option.text, count: option.count })}</label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
