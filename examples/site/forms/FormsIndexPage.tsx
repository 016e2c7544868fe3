/** @jsxImportSource hono/jsx */
import { Layout } from '../Layout';
import { Breadcrumbs } from '../Breadcrumbs';
import { matchesQuery } from 'civic-elements/core';

const FORMS_DESCRIPTION = 'Apply, report a problem or check what applies to you.';

export interface ListedForm {
  title: string;
  href: string;
  summary: string;
}

/**
 * Forms and tools, with `<filter-input>`: without JavaScript the search posts back here (?q=) and the server
 * hides what does not match; with it, the list filters as the visitor types and the button is disabled
 * while the field is empty.
 */
export function FormsIndexPage({ forms, query }: { forms: readonly ListedForm[]; query: string }) {
  const matches = forms.map((form) => matchesQuery(`${form.title} ${form.summary}`, query));
  return (
    <Layout title="Forms and tools" path="/forms" elements={['filter-input']} description={FORMS_DESCRIPTION}>
      <Breadcrumbs trail={[]} />
      <h1>Forms and tools</h1>
      <p class="lead">{FORMS_DESCRIPTION}</p>
      <filter-input target="forms-list">
        <form action="/forms" method="get">
          <label class="filter-input__label" htmlFor="forms-filter">
            Search forms and tools
          </label>
          <div class="filter-input__row">
            <input class="filter-input__field" id="forms-filter" name="q" type="search" value={query} />
            <button class="filter-input__button" type="submit">
              Search
            </button>
          </div>
        </form>
        {query.trim() !== '' && !matches.some(Boolean) && (
          <noscript>
            <p>No forms or tools match your search.</p>
          </noscript>
        )}
      </filter-input>
      <ul class="card-list" id="forms-list">
        {forms.map((form, index) => (
          <li class="card" hidden={!matches[index]}>
            <a href={form.href}>{form.title}</a>
            <p>{form.summary}</p>
          </li>
        ))}
      </ul>
    </Layout>
  );
}
