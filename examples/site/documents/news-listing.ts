/**
 * The news listing: news items filtered by publisher (checkboxes), topic (a select) and the topic's subtopics
 * (checkboxes refreshed from a fragment when the topic changes), newest first, paged.
 */
import type { SiteDocument } from 'civic-search';
import { parseListingQuery, queryPage, queryValue, queryValues, type ListingQuery } from 'civic-elements/core';
import { pageOf, type Listing } from './document-listing';

const NEWS_TYPE = 'News';

export interface TopicOption {
  topic: string;
  subtopics: string[];
}

export interface NewsOptions {
  publishers: string[];
  topics: TopicOption[];
}

export interface NewsFilters {
  publishers: string[];
  topic?: string;
  /** Only subtopics of the chosen topic: a subtopic left over from another topic is dropped. */
  subtopics: string[];
  page: number;
}

export function newsItems(documents: readonly SiteDocument[]): SiteDocument[] {
  return documents.filter((document) => document.document_type === NEWS_TYPE);
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort((a, b) => a.localeCompare(b));

/** The publishers (subsites), topics and each topic's subtopics found in the news. */
export function newsOptions(news: readonly SiteDocument[]): NewsOptions {
  const byTopic = new Map<string, Set<string>>();
  for (const item of news) {
    if (!byTopic.has(item.topic)) byTopic.set(item.topic, new Set());
    byTopic.get(item.topic)!.add(item.subtopic);
  }
  return {
    publishers: sorted(news.map((item) => item.subsite)),
    topics: sorted(byTopic.keys()).map((topic) => ({ topic, subtopics: sorted(byTopic.get(topic)!) })),
  };
}

export function subtopicsOf(options: NewsOptions, topic: string | undefined): string[] {
  return options.topics.find((option) => option.topic === topic)?.subtopics ?? [];
}

/** Reads the news filters from a query string (qs, listing limits); unknown values are dropped. */
export function readNewsFilters(search: string | ListingQuery, options: NewsOptions): NewsFilters {
  const query = typeof search === 'string' ? parseListingQuery(search) : search;
  const topicValue = queryValue(query, 'topic');
  const topic = options.topics.some((option) => option.topic === topicValue) ? topicValue : undefined;
  const allowedSubtopics = subtopicsOf(options, topic);
  return {
    publishers: queryValues(query, 'publisher').filter((publisher) => options.publishers.includes(publisher)),
    topic,
    subtopics: queryValues(query, 'subtopic').filter((subtopic) => allowedSubtopics.includes(subtopic)),
    page: queryPage(query),
  };
}

/** Filters and pages the news, newest first. */
export function listNews(news: readonly SiteDocument[], filters: NewsFilters, pageSize?: number): Listing<SiteDocument> {
  const matching = news.filter(
    (item) =>
      (filters.publishers.length === 0 || filters.publishers.includes(item.subsite)) &&
      (filters.topic === undefined || item.topic === filters.topic) &&
      (filters.subtopics.length === 0 || filters.subtopics.includes(item.subtopic)),
  );
  matching.sort((a, b) => b.published_date.localeCompare(a.published_date) || a.title.localeCompare(b.title));
  return pageOf(matching, filters.page, pageSize);
}

/** The query the filters stand for (page left out), in the form's field order. */
export function newsFiltersQuery(filters: NewsFilters): Array<[string, string]> {
  return [
    ...filters.publishers.map((publisher): [string, string] => ['publisher', publisher]),
    ['topic', filters.topic ?? ''],
    ...filters.subtopics.map((subtopic): [string, string] => ['subtopic', subtopic]),
  ];
}
