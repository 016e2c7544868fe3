/**
 * Generated query strings against the listing pages and the fragments their filters reload (`?fragment=results`,
 * /news/subtopics), and against the listing query reader they share: never a 500, never an exception, always an
 * HTML answer that escapes what was typed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseListingQuery, queryChoice, queryPage, queryValue, queryValues } from '../../src/core/listing-query';
import { generateCorpus } from '../../examples/content/generate-corpus';
import { documentRoutes } from '../../examples/site/documents/routes';

const app = documentRoutes({ documents: () => generateCorpus({ count: 300 }) });

/** Parameter names the listings read, and names that probe qs (brackets, prototypes, depth). */
const name = fc.oneof(
  fc.constantFrom(
    'keywords',
    'type',
    'type[]',
    'type[0]',
    'type[21]',
    'from',
    'to',
    'sort',
    'page',
    'topic',
    'subtopic',
    'publisher',
    'fragment',
  ),
  fc.constantFrom('__proto__', 'constructor[prototype]', 'type[__proto__]', 'a[b][c][d][e][f][g]', 'page[]', 'from[day]', '[]', '&', '='),
  fc.string({ maxLength: 12 }),
);
const value = fc.oneof(
  fc.constantFrom(
    'results',
    'newest',
    'oldest',
    'title',
    '1',
    '0',
    '-1',
    '999999',
    '1e9',
    'NaN',
    '2024-02-30',
    '31/12/2024',
    '01/01/0001',
    '<script>alert(1)</script>',
    '"&\'<>',
  ),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
/** A query string as a browser or a bot might send it: encoded pairs, raw text, or a flood of one parameter. */
const queryString = fc.oneof(
  fc
    .array(fc.tuple(name, value), { maxLength: 8 })
    .map((pairs) => pairs.map(([key, text]) => `${encodeURIComponent(key)}=${encodeURIComponent(text)}`).join('&')),
  fc.array(fc.tuple(name, value), { maxLength: 8 }).map((pairs) => pairs.map(([key, text]) => `${key}=${text}`).join('&')),
  fc.webQueryParameters(),
  fc.integer({ min: 1, max: 1500 }).map((count) => Array.from({ length: count }, (_, i) => `type[${i}]=Report`).join('&')),
);

/** The request's path and query as a URL the app can take (what a browser would send for the typed text). */
function target(path: string, search: string): string | undefined {
  try {
    const url = new URL(`http://localhost${path}?${search}`);
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

/** A page address with blank parameters is sent to the same page without them (never a fragment request). */
function isCleaningRedirect(response: Response, path: string, url: string): boolean {
  if (response.status !== 302) return false;
  assert.notEqual(
    new URL(`http://localhost${url}`).searchParams.get('fragment'),
    'results',
    `${url}: a fragment request is answered as asked`,
  );
  const location = response.headers.get('location') ?? '';
  assert.ok(location === path || location.startsWith(`${path}?`), `${url} -> ${location}`);
  assert.doesNotMatch(location, /[?&][^=&]*=(&|$)/, `${url} -> ${location}: no blank parameter left`);
  return true;
}

async function assertHtml(response: Response, label: string): Promise<string> {
  assert.notEqual(response.status, 500, label);
  assert.ok(response.status === 200 || response.status === 404, `${label}: ${response.status}`);
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/, label);
  const html = await response.text();
  assert.doesNotMatch(html, /<script>alert\(1\)<\/script>/, `${label}: what was typed is escaped`);
  assert.doesNotMatch(html, /\n\s+at \S+ \(|TypeError|RangeError/, `${label}: no error text`);
  return html;
}

describe('listing fragments: generated query strings', () => {
  for (const path of ['/documents', '/news']) {
    it(`${path}?fragment=results answers a results fragment, never cached, whatever else the query holds`, async () => {
      await fc.assert(
        fc.asyncProperty(queryString, async (search) => {
          const url = target(path, `${search}&fragment=results`);
          fc.pre(url !== undefined);
          const response = await app.request(url!);
          if (isCleaningRedirect(response, path, url!)) return;
          const html = await assertHtml(response, url!);
          // The first `fragment` value decides, as the route reads it.
          if (new URL(`http://localhost${url}`).searchParams.get('fragment') === 'results' && response.status === 200) {
            assert.equal(response.headers.get('cache-control'), 'no-store', url);
            assert.doesNotMatch(html, /^<!doctype html>/i, `${url}: a fragment, not a page`);
          }
        }),
        { numRuns: 150 },
      );
    });
  }

  it('the listing pages and /news/subtopics answer any query string', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/documents', '/news', '/news/subtopics'), queryString, async (path, search) => {
        const url = target(path, search);
        fc.pre(url !== undefined);
        const response = await app.request(url!);
        if (isCleaningRedirect(response, path, url!)) return;
        await assertHtml(response, url!);
      }),
      { numRuns: 150 },
    );
  });
});

describe('listing query reading: generated query strings', () => {
  it('never throws, and reads plain trimmed strings, a whole page number and an allowed choice', () => {
    fc.assert(
      fc.property(
        fc.oneof(queryString, fc.string({ unit: 'binary', maxLength: 200 })),
        name,
        fc.option(fc.integer({ min: -5, max: 50 })),
        (search, key, lastPage) => {
          const query = parseListingQuery(search);
          const values = queryValues(query, key);
          assert.ok(values.every((entry) => typeof entry === 'string' && entry.length > 0 && entry === entry.trim()));
          assert.equal(new Set(values).size, values.length, 'no repeats');
          assert.equal(queryValue(query, key), values[0]);
          const page = queryPage(query, lastPage ?? undefined);
          assert.ok(Number.isInteger(page) && page >= 1, `page ${page}`);
          if (lastPage !== null && lastPage !== undefined) assert.ok(page <= Math.max(1, lastPage));
          assert.ok(['newest', 'oldest'].includes(queryChoice(query, key, ['newest', 'oldest'] as const, 'newest')));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps to the listing limits: at most 1,000 parameters read, no prototype keys', () => {
    const flood = Array.from({ length: 5000 }, (_, i) => `p${i}=${i}`).join('&');
    assert.equal(Object.keys(parseListingQuery(flood)).length, 1000);
    const polluted = parseListingQuery('__proto__[x]=1&constructor[prototype][y]=2');
    assert.equal(({} as Record<string, unknown>).x, undefined);
    assert.equal(queryValue(polluted, 'x'), undefined);
  });
});
