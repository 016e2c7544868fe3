/** @jsxImportSource hono/jsx */
import type { SiteDocument } from 'civic-search';
import { Layout } from '../Layout';
import { Breadcrumbs } from '../Breadcrumbs';
import type { Listing } from './document-listing';
import { newsFiltersQuery, subtopicsOf, type NewsFilters, type NewsOptions } from './news-listing';
import { Pagination, ResultList, ResultsCount } from './ListingParts';

export const NEWS_PATH = '/news';
export const SUBTOPICS_PATH = '/news/subtopics';
const NEWS_DESCRIPTION = 'News and updates from the council and its services.';

/** The subtopics field: the page renders it in the form, and the subtopics link answers it alone. */
export function SubtopicsField({ filters, options }: { filters: NewsFilters; options: NewsOptions }) {
  const subtopics = subtopicsOf(options, filters.topic);
  return (
    <div class="filters__subtopics" id="news-subtopics" data-subtopics>
      {subtopics.length === 0 ? (
        <p class="filters__hint">Choose a topic to filter by its subtopics.</p>
      ) : (
        <fieldset class="filters__group">
          <legend class="filters__legend">{`Subtopics of ${filters.topic}`}</legend>
          <ul class="filters__options">
            {subtopics.map((subtopic, index) => (
              <li class="filters__option">
                <input
                  class="filters__checkbox"
                  type="checkbox"
                  id={`news-subtopic-${index}`}
                  name="subtopic"
                  value={subtopic}
                  checked={filters.subtopics.includes(subtopic)}
                />
                <label htmlFor={`news-subtopic-${index}`}>{subtopic}</label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}

/** The news results region: in the page, and alone for `?fragment=results`. */
export function NewsResults({ filters, listing }: { filters: NewsFilters; listing: Listing<SiteDocument> }) {
  return (
    <div class="filters__results" id="news-results" data-results>
      <div class="filters__results-header">
        <ResultsCount listing={listing} noun={['news item', 'news items']} />
      </div>
      <ResultList items={listing.items} showType={false} />
      <Pagination listing={listing} path={NEWS_PATH} query={newsFiltersQuery(filters)} />
    </div>
  );
}

export interface NewsPageProps {
  filters: NewsFilters;
  options: NewsOptions;
  listing: Listing<SiteDocument>;
}

/** A listing page: checkbox filters, a topic select whose subtopics refresh from a fragment, and the results. */
export function NewsPage({ filters, options, listing }: NewsPageProps) {
  return (
    <Layout title="News" path={NEWS_PATH} elements={['listing-filters']} wide description={NEWS_DESCRIPTION}>
      <Breadcrumbs trail={[]} />
      <h1>News</h1>
      <p class="lead">{NEWS_DESCRIPTION}</p>
      <listing-filters>
        <div class="filters__layout">
          <form class="filters__form filters__form--sidebar" action={NEWS_PATH} method="get" aria-label="Filter news">
            <fieldset class="filters__group">
              <legend class="filters__legend">Published by</legend>
              <ul class="filters__options">
                {options.publishers.map((publisher, index) => (
                  <li class="filters__option">
                    <input
                      class="filters__checkbox"
                      type="checkbox"
                      id={`news-publisher-${index}`}
                      name="publisher"
                      value={publisher}
                      checked={filters.publishers.includes(publisher)}
                    />
                    <label htmlFor={`news-publisher-${index}`}>{publisher}</label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <div class="filters__field">
              <label class="filters__label" htmlFor="news-topic">
                Topic
              </label>
              <select class="filters__select" id="news-topic" name="topic" data-subtopics-url={SUBTOPICS_PATH}>
                <option value="">All topics</option>
                {options.topics.map(({ topic }) => (
                  <option value={topic} selected={topic === filters.topic}>
                    {topic}
                  </option>
                ))}
              </select>
            </div>
            <SubtopicsField filters={filters} options={options} />
            <div class="filters__actions">
              <button class="button filters__apply" type="submit">
                Apply filters
              </button>
              <a class="filters__clear" href={NEWS_PATH}>
                Clear filters
              </a>
            </div>
          </form>
          <NewsResults filters={filters} listing={listing} />
        </div>
      </listing-filters>
    </Layout>
  );
}
