import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { SiteDocument } from '../../packages/civic-search/src/search/types';
import {
  dateBounds,
  documentFiltersQuery,
  documentTypes,
  libraryDocuments,
  listDocuments,
  pageOf,
  readDocumentFilters,
} from '../../examples/site/documents/document-listing';
import { listNews, newsItems, newsOptions, readNewsFilters } from '../../examples/site/documents/news-listing';
import { documentRoutes } from '../../examples/site/documents/routes';

function doc(id: number, fields: Partial<SiteDocument>): SiteDocument {
  return {
    id: `doc-${id}`,
    title: `Document ${id}`,
    summary: `Summary ${id}`,
    body: 'Body.',
    url: `/documents/document-${id}`,
    document_type: 'Report',
    published_date: '2020-01-01',
    topic: 'Animals',
    subtopic: 'Dog registration',
    subsite: 'Harbourton City Council',
    ...fields,
  };
}

const documents: SiteDocument[] = [
  doc(1, { title: 'Dog registration fees', document_type: 'Policy', published_date: '2024-03-27' }),
  doc(2, { title: 'Annual report', summary: 'Our year, including dog control', published_date: '2023-07-01' }),
  doc(3, { title: 'Rates rebate form', document_type: 'Form', published_date: '2012-01-15', topic: 'Rates', subtopic: 'Rates relief' }),
  doc(4, { title: 'Welcome', document_type: 'Page', published_date: '2026-11-01' }),
  doc(5, {
    title: 'Beach clean-up',
    document_type: 'News',
    published_date: '2025-02-02',
    topic: 'Environment',
    subtopic: 'Coastal management',
    subsite: 'Harbourton Water',
  }),
  doc(6, { title: 'Dog park opens', document_type: 'News', published_date: '2026-05-05' }),
  doc(7, { title: 'Pest week', document_type: 'News', published_date: '2026-06-06', subtopic: 'Pest control' }),
];

const library = libraryDocuments(documents);
const types = documentTypes(library);
const bounds = dateBounds(library);
const titles = (items: SiteDocument[]) => items.map((item) => item.title);

describe('the document library’s data', () => {
  it('leaves out the site’s own pages and lists the types alphabetically', () => {
    assert.ok(!library.some((document) => document.document_type === 'Page'));
    assert.deepEqual(types, ['Form', 'News', 'Policy', 'Report']);
  });
  it('bounds dates from the first January of the earliest year to the end of the latest', () => {
    assert.deepEqual(bounds, { min: { year: 2012, month: 1, day: 1 }, max: { year: 2026, month: 12, day: 31 } });
  });
});

describe('readDocumentFilters', () => {
  const cases: Array<[string, string, Partial<ReturnType<typeof readDocumentFilters>>]> = [
    ['defaults', '', { keywords: '', types: [], sort: 'newest', page: 1, from: undefined, to: undefined }],
    ['known types only', '?type=Policy&type=Bogus&type=Form', { types: ['Policy', 'Form'] }],
    ['bracketed lists', '?type[]=Policy', { types: ['Policy'] }],
    [
      'a valid range in either accepted format',
      '?from=01/01/2023&to=2024-12-31',
      { from: { year: 2023, month: 1, day: 1 }, to: { year: 2024, month: 12, day: 31 } },
    ],
    ['an unknown sort', '?sort=random', { sort: 'newest' }],
    ['a page', '?page=3', { page: 3 }],
  ];
  for (const [name, search, expected] of cases) {
    it(name, () => {
      const filters = readDocumentFilters(search, bounds, types);
      for (const [key, value] of Object.entries(expected)) assert.deepEqual(filters[key as keyof typeof filters], value, key);
    });
  }

  it('shows a valid date in the display format', () => {
    assert.deepEqual(readDocumentFilters('?from=2023-01-05', bounds, types).fields.from, { value: '05/01/2023' });
  });

  it('keeps an invalid date as typed, with its error, and does not filter by date', () => {
    const filters = readDocumentFilters('?from=31/02/2023&to=01/01/2024', bounds, types);
    assert.equal(filters.fields.from.value, '31/02/2023');
    assert.match(filters.fields.from.error ?? '', /day that exists/);
    assert.equal(filters.from, undefined);
    assert.equal(filters.to, undefined);
  });

  it('clamps a date out of range, says so, and filters by the bound', () => {
    const filters = readDocumentFilters('?from=01/01/1990', bounds, types);
    assert.deepEqual(filters.fields.from, {
      value: '01/01/2012',
      error: 'The earliest date you can use is 01/01/2012, so the date has been changed to 01/01/2012',
    });
    assert.deepEqual(filters.from, { year: 2012, month: 1, day: 1 });
  });

  it('shows From after To as an error on To, and does not filter by date', () => {
    const filters = readDocumentFilters('?from=05/03/2024&to=01/02/2024', bounds, types);
    assert.equal(filters.fields.to.error, 'The To date must be the same as or after the From date');
    assert.equal(filters.fields.from.error, undefined);
    assert.equal(filters.from, undefined);
  });

  it('caps the keywords', () => {
    assert.equal(readDocumentFilters(`?keywords=${'a'.repeat(500)}`, bounds, types).keywords.length, 200);
  });
});

describe('listDocuments', () => {
  const list = (search: string, pageSize?: number) => listDocuments(library, readDocumentFilters(search, bounds, types), pageSize);
  const cases: Array<[string, string, string[]]> = [
    [
      'newest first by default',
      '',
      ['Pest week', 'Dog park opens', 'Beach clean-up', 'Dog registration fees', 'Annual report', 'Rates rebate form'],
    ],
    ['by type', '?type=Policy&type=Form', ['Dog registration fees', 'Rates rebate form']],
    ['keywords in the title or the summary, every word', '?keywords=DOG', ['Dog park opens', 'Dog registration fees', 'Annual report']],
    ['every keyword must match', '?keywords=dog+fees', ['Dog registration fees']],
    ['from a date, inclusive', '?from=27/03/2024', ['Pest week', 'Dog park opens', 'Beach clean-up', 'Dog registration fees']],
    ['up to a date, inclusive', '?to=01/07/2023', ['Annual report', 'Rates rebate form']],
    ['oldest first', '?sort=oldest&type=Report&type=Form', ['Rates rebate form', 'Annual report']],
    ['by title', '?sort=title&type=News', ['Beach clean-up', 'Dog park opens', 'Pest week']],
  ];
  for (const [name, search, expected] of cases) {
    it(name, () => assert.deepEqual(titles(list(search).items), expected));
  }

  it('pages, keeping the page within the pages there are', () => {
    assert.deepEqual(
      { ...list('?page=2', 4), items: titles(list('?page=2', 4).items) },
      {
        items: ['Annual report', 'Rates rebate form'],
        total: 6,
        page: 2,
        pageCount: 2,
        pageSize: 4,
      },
    );
    assert.equal(list('?page=9', 4).page, 2);
    assert.deepEqual(pageOf([], 3, 20), { items: [], total: 0, page: 1, pageCount: 1, pageSize: 20 });
  });

  it('writes the filters back as the form’s query', () => {
    const filters = readDocumentFilters('?keywords=dog&type=Policy&from=2024-01-01', bounds, types);
    assert.deepEqual(documentFiltersQuery(filters), [
      ['keywords', 'dog'],
      ['type', 'Policy'],
      ['from', '01/01/2024'],
      ['to', ''],
    ]);
  });
});

describe('the news listing', () => {
  const news = newsItems(documents);
  const options = newsOptions(news);

  it('lists the publishers, topics and each topic’s subtopics', () => {
    assert.deepEqual(options, {
      publishers: ['Harbourton City Council', 'Harbourton Water'],
      topics: [
        { topic: 'Animals', subtopics: ['Dog registration', 'Pest control'] },
        { topic: 'Environment', subtopics: ['Coastal management'] },
      ],
    });
  });

  const cases: Array<[string, string, string[]]> = [
    ['all news, newest first', '', ['Pest week', 'Dog park opens', 'Beach clean-up']],
    ['by publisher', '?publisher=Harbourton+Water', ['Beach clean-up']],
    ['by topic', '?topic=Animals', ['Pest week', 'Dog park opens']],
    ['by subtopic of the topic', '?topic=Animals&subtopic=Pest+control', ['Pest week']],
    ['a subtopic of another topic is dropped', '?topic=Environment&subtopic=Pest+control', ['Beach clean-up']],
    ['an unknown topic is ignored', '?topic=Nope', ['Pest week', 'Dog park opens', 'Beach clean-up']],
  ];
  for (const [name, search, expected] of cases) {
    it(name, () => assert.deepEqual(titles(listNews(news, readNewsFilters(search, options)).items), expected));
  }
});

describe('documentRoutes', () => {
  const app = documentRoutes({ documents: () => documents });
  const get = (path: string) => app.request(`http://site.example${path}`);

  it('answers the library page, and its results alone for ?fragment=results, uncached', async () => {
    const page = await get('/documents?type=Policy');
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /^<!doctype html>/);
    assert.match(html, /class="page-type-document-library"/);
    assert.match(html, /<doc-filters date-min="2012-01-01" date-max="2026-12-31">/);
    const fragment = await get('/documents?type=Policy&fragment=results');
    assert.equal(fragment.headers.get('cache-control'), 'no-store');
    const body = await fragment.text();
    assert.match(body, /^<div class="filters__results" id="documents-results" data-results/);
    assert.match(body, /data-results-count="1"/);
    assert.doesNotMatch(body, /<html|<form class="filters__form"/);
  });

  it('redirects the no-JavaScript sort to addresses of this site only', async () => {
    const ok = await get('/documents/sort?url=%2Fdocuments%3Fsort%3Dtitle');
    assert.equal(ok.status, 303);
    assert.equal(ok.headers.get('location'), '/documents?sort=title');
    for (const url of ['https://elsewhere.example/', '//elsewhere.example/', 'javascript:alert(1)', '']) {
      const refused = await get(`/documents/sort?url=${encodeURIComponent(url)}`);
      assert.equal(refused.headers.get('location'), '/documents', url);
    }
  });

  it('answers the subtopics field for a topic, keeping the chosen subtopics of that topic', async () => {
    const response = await get('/news/subtopics?topic=Animals&subtopic=Pest+control&subtopic=Coastal+management');
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const body = await response.text();
    assert.match(body, /^<div class="filters__subtopics" id="news-subtopics" data-subtopics/);
    assert.match(body, /value="Pest control" checked/);
    assert.doesNotMatch(body, /Coastal management/);
  });

  it('shows each document, and nothing for an unknown address', async () => {
    assert.equal((await get('/documents/document-2')).status, 200);
    assert.equal((await get('/documents/no-such-document')).status, 404);
  });
});
