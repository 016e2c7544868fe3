import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseListingQuery, queryChoice, queryPage, queryValue, queryValues } from '../../src/core/listing-query';
import {
  fragmentRequestUrl,
  isSameOriginHttpUrl,
  listingPageUrl,
  listingTarget,
  normalizeQuery,
  queryOf,
  serializeEntries,
  subtopicsRequestUrl,
  withoutEmptyParams,
  withoutParams,
  withParam,
} from '../../src/core/listing-url';
import { LISTING_QUERY_LIMITS } from '../../src/core/constants';

describe('parseListingQuery: qs with the listing limits', () => {
  it('uses the spec’s limits', () => {
    assert.deepEqual({ ...LISTING_QUERY_LIMITS }, { arrayLimit: 20, depth: 5, parameterLimit: 1000 });
  });

  const cases: Array<[string, string, Record<string, unknown>]> = [
    ['a leading ? is ignored', '?keywords=rates', { keywords: 'rates' }],
    ['repeated names make a list', 'type=Policy&type=Report', { type: ['Policy', 'Report'] }],
    ['bracket names make a list', 'type[]=Policy&type[]=Report', { type: ['Policy', 'Report'] }],
    ['values are decoded', 'from=01%2F02%2F2024&keywords=dog+registration', { from: '01/02/2024', keywords: 'dog registration' }],
    ['an index above the array limit makes an object', 'type[21]=a', { type: { 21: 'a' } }],
    ['prototype keys are dropped', '__proto__[polluted]=1&hasOwnProperty=x', {}],
    ['an empty query is empty', '', {}],
  ];
  for (const [name, search, expected] of cases) {
    it(name, () => assert.deepEqual(JSON.parse(JSON.stringify(parseListingQuery(search))), expected));
  }

  it('nests no deeper than 5 levels', () => {
    const query = parseListingQuery('a[b][c][d][e][f][g]=1');
    let level: unknown = query.a;
    let depth = 1;
    while (level && typeof level === 'object' && !Array.isArray(level)) {
      const [key] = Object.keys(level);
      if (key.startsWith('[')) break;
      level = (level as Record<string, unknown>)[key];
      depth += 1;
    }
    assert.ok(depth <= 6, `nested ${depth} levels`);
    assert.ok(JSON.stringify(query).includes('[g]'), 'the rest is kept as one key');
  });

  it('reads at most 1000 parameters', () => {
    const search = Array.from({ length: 1200 }, (_, i) => `p${i}=${i}`).join('&');
    assert.equal(Object.keys(parseListingQuery(search)).length, 1000);
  });

  it('reads 21 repeated values as a list of strings, whatever shape qs gives them', () => {
    const search = Array.from({ length: 21 }, (_, i) => `type=t${i}`).join('&');
    assert.equal(queryValues(parseListingQuery(search), 'type').length, 21);
  });
});

describe('queryValues and queryValue', () => {
  const query = parseListingQuery('type=Policy&type=%20Report%20&type=&type=Policy&keywords=+&topic[x][y]=deep&one=solo');
  const cases: Array<[string, string[]]> = [
    ['type', ['Policy', 'Report']],
    ['keywords', []],
    ['topic', []],
    ['one', ['solo']],
    ['missing', []],
    ['constructor', []],
  ];
  for (const [name, expected] of cases)
    it(`${name} → ${JSON.stringify(expected)}`, () => assert.deepEqual(queryValues(query, name), expected));
  it('gives the first value of a parameter', () => {
    assert.equal(queryValue(query, 'type'), 'Policy');
    assert.equal(queryValue(query, 'keywords'), undefined);
  });
});

describe('queryPage', () => {
  const cases: Array<[string, number | undefined, number]> = [
    ['', undefined, 1],
    ['page=3', undefined, 3],
    ['page=0', undefined, 1],
    ['page=-2', undefined, 1],
    ['page=2.5', undefined, 1],
    ['page=abc', undefined, 1],
    ['page=99999999', undefined, 1],
    ['page=9', 4, 4],
    ['page=2', 0, 1],
  ];
  for (const [search, last, expected] of cases) {
    it(`"${search}"${last === undefined ? '' : ` of ${last}`} → ${expected}`, () =>
      assert.equal(queryPage(parseListingQuery(search), last), expected));
  }
});

describe('queryChoice', () => {
  const sorts = ['newest', 'oldest', 'title'] as const;
  it('keeps an allowed value and replaces anything else', () => {
    assert.equal(queryChoice(parseListingQuery('sort=oldest'), 'sort', sorts, 'newest'), 'oldest');
    assert.equal(queryChoice(parseListingQuery('sort=random'), 'sort', sorts, 'newest'), 'newest');
    assert.equal(queryChoice(parseListingQuery(''), 'sort', sorts, 'newest'), 'newest');
  });
});

describe('serializeEntries', () => {
  const cases: Array<[string, Array<[string, unknown]>, string]> = [
    [
      'keeps order and repeats',
      [
        ['type', 'Policy'],
        ['keywords', 'dog'],
        ['type', 'Report'],
      ],
      'type=Policy&keywords=dog&type=Report',
    ],
    [
      'drops empty values',
      [
        ['keywords', ''],
        ['from', '  '],
        ['type', 'Form'],
      ],
      'type=Form',
    ],
    [
      'drops files and nameless entries',
      [
        ['upload', { name: 'x.pdf' }],
        ['', 'x'],
        ['a', 'b'],
      ],
      'a=b',
    ],
    [
      'encodes',
      [
        ['from', '01/02/2024'],
        ['keywords', 'rates & fees'],
      ],
      'from=01%2F02%2F2024&keywords=rates+%26+fees',
    ],
    ['nothing', [], ''],
  ];
  for (const [name, entries, expected] of cases) it(name, () => assert.equal(serializeEntries(entries), expected));
  it('reads back through the listing parser', () => {
    const query = parseListingQuery(
      serializeEntries([
        ['type', 'Policy'],
        ['type', 'Report'],
        ['from', '01/02/2024'],
      ]),
    );
    assert.deepEqual(queryValues(query, 'type'), ['Policy', 'Report']);
    assert.equal(queryValue(query, 'from'), '01/02/2024');
  });
});

describe('query helpers', () => {
  it('queryOf takes the query of a URL or search string', () => {
    assert.equal(queryOf('/documents?type=Policy#results'), 'type=Policy');
    assert.equal(queryOf('?a=1'), 'a=1');
    assert.equal(queryOf('a=1'), 'a=1');
    assert.equal(queryOf('/documents'), '/documents');
  });
  it('withoutParams and withParam', () => {
    assert.equal(withoutParams('type=a&page=2&fragment=results&type=b', ['page', 'fragment']), 'type=a&type=b');
    assert.equal(withParam('type=a&sort=title', 'sort', 'oldest'), 'type=a&sort=oldest');
    assert.equal(withParam('type=a&sort=title', 'sort', undefined), 'type=a');
    assert.equal(withParam('', 'page', '2'), 'page=2');
  });
  it('withoutEmptyParams drops the blank fields a GET form sends, keeping the order of the rest', () => {
    assert.equal(withoutEmptyParams('?keywords=&from=&to=&type=Policy&type=Bylaw'), 'type=Policy&type=Bylaw');
    assert.equal(withoutEmptyParams('keywords=%20%20&topic='), '');
    assert.equal(withoutEmptyParams('type%5B%5D=a&sort='), 'type%5B%5D=a');
  });
  it('withoutEmptyParams says there is nothing to clean (null) for a clean query, so no redirect loops', () => {
    assert.equal(withoutEmptyParams('?type=Policy&keywords=rates'), null);
    assert.equal(withoutEmptyParams(''), null);
    assert.equal(withoutEmptyParams(withoutEmptyParams('a=&b=1') ?? ''), null);
  });
  it('normalizeQuery orders parameters and drops empty ones', () => {
    assert.equal(normalizeQuery('?type=b&keywords=&type=a&from=1'), 'from=1&type=a&type=b');
    assert.equal(normalizeQuery('type=a&type=b'), normalizeQuery('type=b&type=a'));
  });
});

describe('listing URLs', () => {
  const page = 'https://council.example/documents?type=Policy#top';
  const cases: Array<[string, string | null, string]> = [
    ['no action: the current page, without its query', null, 'https://council.example/documents'],
    ['an empty action: the current page', '', 'https://council.example/documents'],
    ['a relative action', '/library/search?old=1', 'https://council.example/library/search'],
    ['a bare relative action', 'results', 'https://council.example/results'],
  ];
  for (const [name, action, expected] of cases) it(`target: ${name}`, () => assert.equal(listingTarget(action, page).href, expected));

  it('asks for the results fragment with the form’s query', () => {
    const target = listingTarget('/documents', page);
    assert.equal(
      fragmentRequestUrl(target, 'type=Report&from=01%2F02%2F2024'),
      'https://council.example/documents?type=Report&from=01%2F02%2F2024&fragment=results',
    );
    assert.equal(fragmentRequestUrl(target, ''), 'https://council.example/documents?fragment=results');
    assert.equal(fragmentRequestUrl(target, 'fragment=page&a=1'), 'https://council.example/documents?a=1&fragment=results');
  });

  it('shows the page URL without the fragment request', () => {
    const target = listingTarget('/documents', page);
    assert.equal(listingPageUrl(target, 'type=Report&fragment=results'), '/documents?type=Report');
    assert.equal(listingPageUrl(target, ''), '/documents');
  });

  it('asks for subtopics at the subtopics link with the serialized form', () => {
    assert.equal(
      subtopicsRequestUrl('/news/subtopics', page, 'topic=roads&subtopic=parking'),
      'https://council.example/news/subtopics?topic=roads&subtopic=parking',
    );
    assert.equal(
      subtopicsRequestUrl('/news/subtopics?v=2#x', page, 'topic=roads'),
      'https://council.example/news/subtopics?v=2&topic=roads',
    );
  });

  const navigations: Array<[string, boolean]> = [
    ['/documents?sort=oldest', true],
    ['https://council.example/documents?sort=title', true],
    ['?sort=title', true],
    ['https://elsewhere.example/documents', false],
    ['//elsewhere.example/documents', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['http://[bad', false],
  ];
  for (const [value, expected] of navigations) {
    it(`a sort option may${expected ? '' : ' not'} go to ${value}`, () => assert.equal(isSameOriginHttpUrl(value, page), expected));
  }
});
