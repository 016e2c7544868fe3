import type { FormEvent, RefObject } from 'react';
import { SEARCH_QUERY_MAX_LENGTH } from '../../core/constants';
import type { FacetOption } from '../../core/search-facet-options';
import { FacetGroup } from './FacetGroup';
import type { SearchResultsMessages } from './messages';

export interface FacetView {
  field: string;
  legend: string;
  options: readonly FacetOption[];
}

interface SearchFormProps {
  idBase: string;
  label: string;
  /** The field's name: the server form's, so the address reads the same with and without the element. */
  fieldName: string;
  initialTerm: string;
  inputRef: RefObject<HTMLInputElement | null>;
  filtersRef: RefObject<HTMLDetailsElement | null>;
  facets: readonly FacetView[];
  /** Filters are set and the results are not empty (the empty state has its own Clear filters button). */
  showClearFilters: boolean;
  t: SearchResultsMessages;
  onSearch: (term: string) => void;
  onFacet: (field: string, option: FacetOption, checked: boolean) => void;
  onClearFilters: () => void;
}

/**
 * The words, the facets and the Search button, laid out as the server page lays out its form. Facets search as
 * they change; the words search when the form is submitted.
 */
export function SearchForm({
  idBase,
  label,
  fieldName,
  initialTerm,
  inputRef,
  filtersRef,
  facets,
  showClearFilters,
  t,
  onSearch,
  onFacet,
  onClearFilters,
}: SearchFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(inputRef.current?.value.trim() ?? '');
  };
  const shown = facets.filter((facet) => facet.options.length > 0);
  return (
    <form className="search-results__form" role="search" aria-label={t.formLabel} onSubmit={submit}>
      <div className="search-results__field">
        <label className="search-results__label" htmlFor={`${idBase}-term`}>
          {label}
        </label>
        <input
          ref={inputRef}
          className="search-results__input"
          id={`${idBase}-term`}
          name={fieldName}
          type="search"
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          defaultValue={initialTerm}
        />
      </div>
      <div className="search-results__actions">
        <button className="search-results__button" type="submit">
          {t.submit}
        </button>
        {showClearFilters && (
          <button className="search-results__clear" type="button" onClick={onClearFilters}>
            {t.clearFilters}
          </button>
        )}
      </div>
      {shown.length > 0 && (
        // On phones the facets fold behind "Filter results", so the results come first; wider windows show them.
        <details className="search-results__filters" ref={filtersRef}>
          <summary className="search-results__filters-toggle">{t.filterResults}</summary>
          <div className="search-results__facets">
            {shown.map((facet, index) => (
              <FacetGroup
                key={facet.field}
                id={`${idBase}-facet-${index}`}
                legend={facet.legend}
                options={facet.options}
                t={t}
                onChange={(option, checked) => onFacet(facet.field, option, checked)}
              />
            ))}
          </div>
        </details>
      )}
    </form>
  );
}
