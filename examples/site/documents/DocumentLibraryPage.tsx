/** @jsxImportSource hono/jsx */
import type { SiteDocument } from 'civic-search';
import { formatIsoDate } from 'civic-elements/core';
import { Layout } from '../Layout';
import { Breadcrumbs } from '../Breadcrumbs';
import type { DateBounds, DateFieldState, DocumentFilters, Listing } from './document-listing';
import { DocumentResults, LIBRARY_PATH } from './DocumentResults';

export const LIBRARY_BODY_CLASS = 'page-type-document-library';
const LIBRARY_DESCRIPTION = 'Policies, plans, reports, forms, minutes and other documents published by the council.';

interface DateInputProps {
  id: string;
  name: 'from' | 'to';
  label: string;
  field: DateFieldState;
}

/** A date text field as the CMS writes it: label, hint, the server's error if any, and the input. */
function DateInput({ id, name, label, field }: DateInputProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div class={`filters__field filters__field--date${field.error ? ' filters__field--error' : ''}`}>
      <label class="filters__label" htmlFor={id}>
        {label}
      </label>
      <p class="filters__hint" id={hintId}>
        For example, 27/03/2024
      </p>
      {field.error && (
        <p class="filters__error-message" id={errorId} data-server-error>
          <span class="civic-visually-hidden">Error: </span>
          {field.error}
        </p>
      )}
      <input
        class="filters__input filters__input--date"
        id={id}
        name={name}
        type="text"
        inputmode="numeric"
        autocomplete="off"
        spellcheck={false}
        maxlength={10}
        value={field.value}
        aria-describedby={field.error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={field.error ? 'true' : undefined}
        data-date-field={name}
      />
    </div>
  );
}

export interface DocumentLibraryPageProps {
  filters: DocumentFilters;
  listing: Listing<SiteDocument>;
  types: readonly string[];
  bounds: DateBounds;
}

/** The document library: a GET filter form and its results, both working without JavaScript. */
export function DocumentLibraryPage({ filters, listing, types, bounds }: DocumentLibraryPageProps) {
  return (
    <Layout
      title="Document library"
      path={LIBRARY_PATH}
      bodyClass={LIBRARY_BODY_CLASS}
      elements={['doc-filters']}
      wide
      description={LIBRARY_DESCRIPTION}
    >
      <Breadcrumbs trail={[]} />
      <h1>Document library</h1>
      <p class="lead">{LIBRARY_DESCRIPTION}</p>
      <doc-filters date-min={formatIsoDate(bounds.min)} date-max={formatIsoDate(bounds.max)}>
        <form class="filters__form" action={LIBRARY_PATH} method="get" role="search" aria-label="Filter documents">
          <div class="filters__field filters__field--keywords">
            <label class="filters__label" htmlFor="documents-keywords">
              Search by title or summary
            </label>
            <input class="filters__input" id="documents-keywords" name="keywords" type="search" value={filters.keywords} />
          </div>
          <div class="filters__bar">
            <div class="filters__dropdown" data-dropdown>
              <fieldset class="filters__group">
                <legend class="filters__legend">Document type</legend>
                <ul class="filters__options">
                  {types.map((type, index) => (
                    <li class="filters__option">
                      <input
                        class="filters__checkbox"
                        type="checkbox"
                        id={`documents-type-${index}`}
                        name="type"
                        value={type}
                        checked={filters.types.includes(type)}
                      />
                      <label htmlFor={`documents-type-${index}`}>{type}</label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            </div>
            <div class="filters__dropdown" data-dropdown>
              <fieldset class="filters__group">
                <legend class="filters__legend">Date published</legend>
                <DateInput id="documents-from" name="from" label="From" field={filters.fields.from} />
                <DateInput id="documents-to" name="to" label="To" field={filters.fields.to} />
              </fieldset>
            </div>
          </div>
          {filters.sort !== 'newest' && <input type="hidden" name="sort" value={filters.sort} />}
          <div class="filters__actions">
            <button class="button filters__apply" type="submit">
              Apply filters
            </button>
            <a class="filters__clear" href={LIBRARY_PATH}>
              Clear filters
            </a>
          </div>
        </form>
        <DocumentResults filters={filters} listing={listing} />
      </doc-filters>
    </Layout>
  );
}
