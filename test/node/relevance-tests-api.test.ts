import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';

/**
 * The relevance tests API at /api/civic/v1/engines/{engine}/relevance_tests, as a council's CI and the console use
 * it: the list (JSON and CSV), runs with the saved settings and with a draft, the history, and who may do what.
 */

const ROOT_KEY = 'private-relevance-tests-api-key';
const LIBRARY = [
  { id: 'dog-registration', title: 'Dog registration', body: 'Register your pet each year.' },
  { id: 'dog-parks', title: 'Parks', body: 'Dog walking areas, dog parks and dog exercise.' },
  { id: 'opening-hours', title: 'Library opening hours', body: 'When the libraries are open.' },
];
/** With these weights "dog" finds the registration page first; with them swapped, the parks page. */
const TITLE_FIRST = { search_fields: { title: { weight: 10 }, body: { weight: 1 } } };
const BODY_FIRST = { search_fields: { title: { weight: 1 }, body: { weight: 10 } } };

let dataDir: string;
let service: SearchService;

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the JSON shape its endpoint answers
  body: any;
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  key: string | null = ROOT_KEY,
  type = 'application/json',
): Promise<Answer> {
  const response = await service.request(path, {
    method,
    headers: { ...(key && { Authorization: `Bearer ${key}` }), ...(body !== undefined && { 'Content-Type': type }) },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // CSV, kept as text.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
const tests = (engine = 'library') => `/api/civic/v1/engines/${engine}/relevance_tests`;

async function createKey(body: object): Promise<string> {
  const answer = await call('POST', '/api/as/v1/credentials', body);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.key as string;
}

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'relevance-tests-api-'));
  service = await createSearchService({
    dataDir,
    privateKey: ROOT_KEY,
    inProcess: true,
    engines: [
      { name: 'library', documents: LIBRARY },
      { name: 'parks', documents: [{ id: 'p1', title: 'Parks', body: 'Find a park.' }] },
    ],
  });
  await service.ready();
  assert.equal((await call('PUT', '/api/as/v1/engines/library/search_settings', TITLE_FIRST)).status, 200);
});
after(async () => {
  await service.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the list of tests', () => {
  it('is made, read, changed and deleted through the API, with App Search’s error bodies', async () => {
    const made = await call('POST', tests(), { query: 'dog', expected: ['dog-registration'] });
    assert.equal(made.status, 200);
    assert.match(made.body.id, /^rt-/);
    assert.deepEqual(made.body.expected, [{ document: 'dog-registration', grade: 1 }]);
    const listed = await call('GET', tests());
    assert.deepEqual(
      listed.body.results.map((test: { query: string }) => test.query),
      ['dog'],
    );
    const changed = await call('PUT', `${tests()}/${made.body.id}`, {
      query: 'dog',
      expected: [{ document: 'dog-registration', grade: 3 }],
    });
    assert.equal(changed.status, 200);
    assert.equal((await call('GET', `${tests()}/${made.body.id}`)).body.expected[0].grade, 3);

    const bad = await call('POST', tests(), { query: 'x', expected: [] });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, { errors: ['expected must list at least one document id or URL'] });
    const twice = await call('POST', tests(), { query: 'DOG', expected: ['a'] });
    assert.equal(twice.status, 400);
    assert.match(twice.body.errors[0], /already has a test/);
    assert.equal((await call('GET', `${tests()}/rt-missing`)).status, 404);
    assert.equal((await call('GET', tests('nowhere'))).status, 404);
    assert.equal((await call('PATCH', tests())).status, 405);

    const other = await call('POST', tests(), { query: 'gone soon', expected: ['x'] });
    assert.deepEqual((await call('DELETE', `${tests()}/${other.body.id}`)).body, { deleted: true });
    assert.equal((await call('DELETE', `${tests()}/${other.body.id}`)).status, 404);
  });

  it('comes out as CSV and goes back in, refused whole when a row is wrong', async () => {
    const imported = await call(
      'POST',
      `${tests()}/import`,
      'query,document,grade\nopening hours,opening-hours,1\nopening hours,/no/such/page,1\n',
      ROOT_KEY,
      'text/csv',
    );
    assert.equal(imported.status, 200, JSON.stringify(imported.body));
    assert.deepEqual(imported.body, { added: 1, updated: 0, removed: 0, total: 2 });
    const exported = await call('GET', `${tests()}/export`);
    assert.equal(exported.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(exported.headers.get('content-disposition') ?? '', /attachment; filename="library-relevance-tests.csv"/);
    assert.equal(
      exported.body,
      'query,document,grade\r\ndog,dog-registration,3\r\nopening hours,opening-hours,1\r\nopening hours,/no/such/page,1\r\n',
    );

    const wrong = await call('POST', `${tests()}/import?mode=replace`, 'dog,dog-parks,7\n', ROOT_KEY, 'text/csv');
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body.errors, ['Row 1 (query "dog"): expected[0].grade must be a whole number from 1 to 3']);
    assert.equal((await call('GET', `${tests()}/export`)).body, exported.body, 'nothing changed');
    assert.equal((await call('POST', `${tests()}/import`, '<xml/>', ROOT_KEY, 'application/xml')).status, 415);
  });
});

describe('a run', () => {
  it('scores every test with the saved settings, keeps the run, and compares the next with it', async () => {
    const first = await call('POST', `${tests()}/run`);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.recorded, true);
    assert.equal(first.body.previous, undefined);
    const byQuery = Object.fromEntries(first.body.run.tests.map((test: { query: string }) => [test.query, test]));
    assert.deepEqual(byQuery.dog.positions, [1]);
    assert.equal(byQuery.dog.ndcg, 1);
    assert.equal(byQuery['opening hours'].recall, 0.5, 'one of its two pages does not exist');
    assert.equal(first.body.run.source, 'api');

    const second = await call('POST', `${tests()}/run`, { source: 'cli' });
    assert.equal(second.body.previous.at, first.body.run.at);
    assert.equal(second.body.previous.count, 2);
    assert.deepEqual(second.body.comparison.worse, []);
    assert.equal(second.body.comparison.unchanged, 2);
    const history = await call('GET', `${tests()}/runs`);
    assert.deepEqual(
      history.body.results.map((run: { source: string }) => run.source),
      ['cli', 'api'],
      'newest first',
    );
    assert.equal(history.body.results[0].tests, undefined, 'a summary without every test');
    const detailed = await call('GET', `${tests()}/runs?details=true&limit=1`);
    assert.equal(detailed.body.results.length, 1);
    assert.equal(detailed.body.results[0].tests.length, 2);
  });

  it('with a draft, runs both and names the test the draft makes worse, keeping nothing and recording no search', async () => {
    const kept = (await call('GET', `${tests()}/runs`)).body.results.length;
    const drafted = await call('POST', `${tests()}/run`, { draft: { settings: BODY_FIRST } });
    assert.equal(drafted.status, 200, JSON.stringify(drafted.body));
    assert.deepEqual(
      drafted.body.comparison.worse.map((change: { query: string }) => change.query),
      ['dog'],
    );
    assert.deepEqual(drafted.body.run.tests.find((test: { query: string }) => test.query === 'dog').positions, [2]);
    assert.equal(drafted.body.saved.tests.find((test: { query: string }) => test.query === 'dog').ndcg, 1);
    assert.equal((await call('GET', `${tests()}/runs`)).body.results.length, kept, 'a draft run is not history');
    const search = await call('POST', '/api/as/v1/engines/library/search', { query: 'dog' }, null);
    assert.equal(search.body.results[0].id.raw, 'dog-registration', 'the saved settings still rule');
    await service.analytics!.flush();
    const top = await service.analytics!.store.topQueries({ engine: 'library', range: { from: 0, to: Date.now() + 60_000 }, limit: 10 });
    assert.deepEqual(
      top.map((row) => [row.term, row.queries]),
      [['dog', 1]],
      'only the visitor-like search above was recorded',
    );

    const invalid = await call('POST', `${tests()}/run`, { draft: { settings: { search_fields: { title: { weight: 11 } } } } });
    assert.equal(invalid.status, 400);
    assert.deepEqual(invalid.body.errors, ['draft.settings: search_fields.title.weight must be a number from 0 to 10']);
  });

  it('"unless-worse" keeps a run only when it is not worse than the last one kept', async () => {
    const kept = (await call('GET', `${tests()}/runs`)).body.results.length;
    assert.equal((await call('PUT', '/api/as/v1/engines/library/search_settings', BODY_FIRST)).status, 200);
    const worse = await call('POST', `${tests()}/run`, { record: 'unless-worse' });
    assert.equal(worse.body.recorded, false);
    assert.deepEqual(
      worse.body.comparison.worse.map((change: { query: string }) => change.query),
      ['dog'],
    );
    assert.equal((await call('PUT', '/api/as/v1/engines/library/search_settings', TITLE_FIRST)).status, 200);
    const fine = await call('POST', `${tests()}/run`, { record: 'unless-worse' });
    assert.equal(fine.body.recorded, true);
    assert.equal((await call('GET', `${tests()}/runs`)).body.results.length, kept + 1);
  });

  it('says what to do when the engine has no tests', async () => {
    const none = await call('POST', `${tests('parks')}/run`);
    assert.equal(none.status, 400);
    assert.match(none.body.errors[0], /no relevance tests yet/);
  });
});

describe('on a meta engine', () => {
  it('runs through its sources with its own settings, and a draft of them is compared with the saved ones', async () => {
    const made = await call('POST', '/api/as/v1/engines', { name: 'everything', type: 'meta', source_engines: ['library', 'parks'] });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal((await call('PUT', '/api/as/v1/engines/everything/search_settings', TITLE_FIRST)).status, 200);
    const made2 = await call('POST', tests('everything'), { query: 'dog', expected: ['library|dog-registration'] });
    assert.equal(made2.status, 200, JSON.stringify(made2.body));

    const saved = await call('POST', `${tests('everything')}/run`);
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual(saved.body.run.tests[0].positions, [1], 'the meta engine’s own weights put the registration page first');
    const drafted = await call('POST', `${tests('everything')}/run`, { draft: { settings: BODY_FIRST } });
    assert.equal(drafted.status, 200, JSON.stringify(drafted.body));
    assert.deepEqual(drafted.body.run.tests[0].positions, [2]);
    assert.deepEqual(
      drafted.body.comparison.worse.map((change: { query: string }) => change.query),
      ['dog'],
    );
  });
});

describe('who may do what', () => {
  it('needs a key; a key that reads may list, export and run, not change; a key for another engine may do nothing', async () => {
    assert.equal((await call('GET', tests(), undefined, null)).status, 401);
    assert.equal((await call('GET', tests(), undefined, 'private-not-a-key')).status, 401);
    const reader = await createKey({
      name: 'ci',
      type: 'private',
      read: true,
      write: false,
      access_all_engines: false,
      engines: ['library'],
    });
    assert.equal((await call('GET', tests(), undefined, reader)).status, 200);
    assert.equal((await call('GET', `${tests()}/export`, undefined, reader)).status, 200);
    assert.equal((await call('POST', `${tests()}/run`, { record: false }, reader)).status, 200);
    const refused = await call('POST', tests(), { query: 'new', expected: ['x'] }, reader);
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { error: 'This key cannot write.' });
    assert.equal((await call('POST', `${tests()}/import`, 'a,b,1\n', reader, 'text/csv')).status, 403);
    assert.equal((await call('GET', tests('parks'), undefined, reader)).status, 403);
    const searchKey = await createKey({ name: 'box', type: 'search', access_all_engines: true });
    assert.equal((await call('POST', `${tests()}/run`, undefined, searchKey)).status, 403);
  });

  it('refuses a change posted from another site’s page', async () => {
    const response = await service.request(tests(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${ROOT_KEY}`, 'Content-Type': 'application/json', Origin: 'https://attacker.example' },
      body: JSON.stringify({ query: 'evil', expected: ['x'] }),
    });
    assert.equal(response.status, 403);
  });
});

describe('an engine deleted', () => {
  it('takes its tests and runs with it', async () => {
    assert.equal((await call('POST', '/api/as/v1/engines', { name: 'temporary' })).status, 200);
    assert.equal((await call('POST', tests('temporary'), { query: 'x', expected: ['y'] })).status, 200);
    assert.equal((await call('DELETE', '/api/as/v1/engines/temporary')).status, 200);
    assert.equal((await call('POST', '/api/as/v1/engines', { name: 'temporary' })).status, 200);
    assert.deepEqual((await call('GET', tests('temporary'))).body.results, []);
  });
});
