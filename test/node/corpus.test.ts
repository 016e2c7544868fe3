import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CORPUS_FIRST_DATE, CORPUS_LAST_DATE, generateCorpus, slugify } from '../../examples/content/generate-corpus';
import { handWrittenPages, siteDocuments } from '../../examples/content/site-documents';
import { DOCUMENT_TYPES } from '../../examples/content/phrase-banks';
import { navigation } from '../../examples/site/navigation';
import type { SiteDocument } from '../../packages/civic-search/src/search/types';

const FIELDS: (keyof SiteDocument)[] = ['id', 'title', 'summary', 'body', 'url', 'document_type', 'published_date', 'topic', 'subtopic', 'subsite'];

function isValidIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function assertValidDocuments(documents: SiteDocument[]) {
  for (const document of documents) {
    assert.deepEqual(Object.keys(document).sort(), [...FIELDS].sort(), `fields of ${document.id}`);
    for (const field of FIELDS) {
      assert.equal(typeof document[field], 'string', `${document.id}.${field} is a string`);
      assert.ok(document[field].trim().length > 0, `${document.id}.${field} is not empty`);
    }
    assert.ok(isValidIsoDate(document.published_date), `${document.id} date ${document.published_date}`);
    assert.match(document.url, /^\/[a-z0-9/-]*$/, `${document.id} url ${document.url}`);
    assert.doesNotMatch(document.title + document.summary + document.body, /[{}]/, `${document.id} has an unfilled slot`);
  }
  assert.equal(new Set(documents.map((document) => document.id)).size, documents.length, 'unique ids');
  assert.equal(new Set(documents.map((document) => document.url)).size, documents.length, 'unique urls');
}

describe('generateCorpus', () => {
  const corpus = generateCorpus();

  it('makes 2,000 documents by default, and the count asked for', () => {
    assert.equal(corpus.length, 2000);
    assert.equal(generateCorpus({ count: 7 }).length, 7);
    assert.equal(generateCorpus({ count: 0 }).length, 0);
  });

  it('is deterministic: the same seed gives the same documents, another seed others', () => {
    assert.deepEqual(generateCorpus(), corpus);
    assert.deepEqual(generateCorpus({ count: 50 }), corpus.slice(0, 50), 'a smaller corpus is a prefix of a larger one');
    const other = generateCorpus({ seed: 2, count: 50 });
    assert.notDeepEqual(
      other.map((document) => document.title),
      corpus.slice(0, 50).map((document) => document.title),
    );
  });

  it('gives every document every field, valid ISO dates and unique ids and urls', () => {
    assertValidDocuments(corpus);
    for (const document of corpus) {
      assert.ok(document.published_date >= CORPUS_FIRST_DATE && document.published_date <= CORPUS_LAST_DATE, document.published_date);
      assert.match(document.url, /^\/documents\/[a-z0-9-]+-\d+$/);
      assert.ok(document.url.endsWith(`-${document.id.slice('doc-'.length)}`));
    }
  });

  it('spreads over every document type, the years 2010 to 2026, several subsites and paragraphs', () => {
    assert.deepEqual(new Set(corpus.map((document) => document.document_type)), new Set(DOCUMENT_TYPES));
    const years = new Set(corpus.map((document) => document.published_date.slice(0, 4)));
    for (let year = 2010; year <= 2026; year++) assert.ok(years.has(String(year)), `a document in ${year}`);
    assert.ok(new Set(corpus.map((document) => document.subsite)).size >= 3);
    assert.ok(corpus.every((document) => document.body.split('\n\n').length >= 3));
  });

  it('varies its wording enough that searches tell documents apart', () => {
    assert.ok(new Set(corpus.map((document) => document.title)).size > 1200, 'mostly distinct titles');
    assert.ok(new Set(corpus.map((document) => document.body)).size === corpus.length, 'distinct bodies');
    const subtopics = new Set(corpus.map((document) => document.subtopic));
    assert.ok(subtopics.size >= 40);
  });

  it('uses the example site sections as topics and their pages as subtopics', () => {
    const topics = new Set(corpus.map((document) => document.topic));
    const subtopics = new Set(corpus.map((document) => `${document.topic} > ${document.subtopic}`));
    for (const section of navigation.filter((item) => item.children)) {
      assert.ok(topics.has(section.title), section.title);
      for (const child of section.children ?? []) {
        if (child.href.startsWith('/services/')) assert.ok(subtopics.has(`${section.title} > ${child.title}`), child.title);
      }
    }
    assert.ok(subtopics.has('Building and planning > Building consents'));
  });

  // How fast is for the benches (bench/ generates its corpora with it): a wall-clock limit here failed only
  // when the machine was busy, and said nothing about the corpus.
  it('scales to 100,000 documents, each with an id of its own', () => {
    const large = generateCorpus({ count: 100_000 });
    assert.equal(large.length, 100_000);
    assert.equal(large[99_999].id, 'doc-100000');
    assert.equal(new Set(large.map((document) => document.id)).size, 100_000);
  });
});

describe('slugify', () => {
  it('keeps lowercase words joined by single hyphens, at most 60 characters, no hyphen at either end', () => {
    assert.equal(slugify('Have your say: the annual plan'), 'have-your-say-the-annual-plan');
    assert.equal(slugify('  Rates 2025/26 -- report! '), 'rates-2025-26-report');
    const long = slugify('word '.repeat(40));
    assert.ok(long.length <= 60 && !long.endsWith('-'));
  });
});

describe('siteDocuments', () => {
  const documents = siteDocuments();
  const pages = handWrittenPages();

  it('is the hand-written pages followed by the 2,000 generated documents', () => {
    assert.equal(documents.length, pages.length + 2000);
    assert.deepEqual(documents.slice(0, pages.length), pages);
    assert.deepEqual(documents.slice(pages.length), generateCorpus());
  });

  it('has valid fields and unique ids and urls across pages and documents', () => {
    assertValidDocuments(documents);
  });

  it('indexes every page of the example site with its navigation title and summary', () => {
    const byUrl = new Map(pages.map((page) => [page.url, page]));
    assert.ok(byUrl.has('/'));
    assert.ok(byUrl.has('/contact'));
    for (const section of navigation) {
      for (const item of [section, ...(section.children ?? [])]) {
        const page = byUrl.get(item.href);
        assert.ok(page, item.href);
        if (item.href !== '/guidance/building-consent') assert.equal(page.summary, item.summary);
        assert.equal(page.title, item.title);
        assert.equal(page.document_type, 'Page');
      }
    }
    const consent = byUrl.get('/guidance/building-consent')!;
    assert.equal(consent.published_date, '2026-11-14');
    assert.match(consent.body, /Building Code/);
    assert.equal(consent.subtopic, 'Building consents');
  });
});
