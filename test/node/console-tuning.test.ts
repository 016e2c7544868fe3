import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { consoleBrowser, serveConsole, type Answer, type ServedConsole, type Session as SignedIn } from './support/console-browser';

/**
 * The console's relevance tuning and relevance tests screens over real HTTP, driven as a browser without scripts
 * drives them: GET the page, POST its form with the CSRF token, follow the redirect, read the page. What the manager
 * sees, what the public search then answers, and what is refused.
 */

const ROOT_KEY = 'private-console-tuning-root-key';
const TITLE_FIRST = { search_fields: { title: { weight: 10 }, body: { weight: 1 } } };

let served: ServedConsole | undefined;
let server: ServedConsole['server'];
let url: string;
const { call, signIn } = consoleBrowser(() => url);

/** Posts a form as the signed-in browser would and, on a redirect, reads the page it goes to. */
async function post(session: SignedIn, path: string, fields: Record<string, string>): Promise<Answer & { page?: Answer }> {
  const answer = await call(path, { form: { csrf: session.csrf, ...fields }, cookie: session.cookie });
  if (answer.status !== 303) return answer;
  return { ...answer, page: await call(answer.location!, { cookie: session.cookie }) };
}

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${ROOT_KEY}`, 'Content-Type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the JSON shape its endpoint answers
  return { status: response.status, body: (await response.json()) as any };
}

async function publicFirst(query: string): Promise<string> {
  const response = await fetch(`${url}/api/as/v1/engines/library/search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return ((await response.json()) as { results: { id: { raw: string } }[] }).results[0]!.id.raw;
}

/** The items of the ordered list a page labels `label`, as text. */
function listItems(html: string, label: string): string[] {
  const start = html.indexOf(`<ol aria-label="${label}">`);
  assert.ok(start >= 0, `no list "${label}"`);
  const list = html.slice(start, html.indexOf('</ol>', start));
  return [...list.matchAll(/<li>(.*?)<\/li>/gs)].map((match) =>
    match[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** The tuning form's fields as the page shows them, ready to post back with changes. */
function tuningFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input id="weight-(\w+)" name="(weight\.\w+)" type="text"[^>]*value="([^"]*)"/g))
    fields[match[2]!] = match[3]!;
  fields.queries = /<textarea id="queries"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1] ?? '';
  return fields;
}

before(async () => {
  served = await serveConsole('console-tuning', {
    privateKey: ROOT_KEY,
    engines: [
      {
        name: 'library',
        documents: [
          { id: 'dog-registration', title: 'Dog registration', body: 'Register your pet each year.' },
          { id: 'dog-parks', title: 'Parks', body: 'Dog walking areas, dog parks and dog exercise.' },
          { id: 'opening-hours', title: 'Library opening hours', body: 'When the libraries are open.' },
        ],
      },
      { name: 'parks', documents: [{ id: 'p1', title: 'Parks', body: 'Find a park.' }] },
    ],
  });
  ({ server } = served);
  url = server.url;
  assert.equal((await api('PUT', '/api/as/v1/engines/library/search_settings', TITLE_FIRST)).status, 200);
});

after(() => served?.stop());

describe('the relevance tests screen', () => {
  it('adds a test from the form, and shows it in the list', async () => {
    const session = await signIn(ROOT_KEY);
    const empty = await call('/console/engines/library/relevance-tests', { cookie: session.cookie });
    assert.equal(empty.status, 200);
    assert.match(empty.body, /<h1>library: relevance tests<\/h1>/);
    assert.match(empty.body, /No tests yet/);
    assert.match(empty.body, /aria-current="page">Relevance tests</);

    const added = await post(session, '/console/engines/library/relevance-tests', { query: 'dog', expected: 'dog-registration 3' });
    assert.equal(added.status, 303);
    assert.equal(added.location, '/console/engines/library/relevance-tests?done=added');
    assert.match(added.page!.body, /The test is added\./);
    assert.match(added.page!.body, /<th scope="row">dog<\/th><td><ul class="plain-list"><li>dog-registration \(grade 3\)<\/li>/);
    const listed = await api('GET', '/api/civic/v1/engines/library/relevance_tests');
    assert.deepEqual(listed.body.results[0].expected, [{ document: 'dog-registration', grade: 3 }]);
  });

  it('gives a form with problems back with the error summary, linked to the field, and what was typed', async () => {
    const session = await signIn(ROOT_KEY);
    const wrong = await post(session, '/console/engines/library/relevance-tests', { query: 'opening hours', expected: 'opening-hours 9' });
    assert.equal(wrong.status, 400);
    assert.match(wrong.body, /role="alert"/);
    assert.match(wrong.body, /<a href="#add-expected">Line 1: write a document id or URL/);
    assert.match(wrong.body, /<textarea id="add-expected"[^>]*aria-invalid="true"[^>]*>opening-hours 9<\/textarea>/);
    assert.match(wrong.body, /<input id="add-query"[^>]*value="opening hours"/);
    const taken = await post(session, '/console/engines/library/relevance-tests', { query: 'DOG', expected: 'dog-parks' });
    assert.equal(taken.status, 400);
    assert.match(taken.body, /The query &quot;DOG&quot; already has a test/);
  });

  it('imports a CSV file, exports the list, runs the tests and shows the run in the history', async () => {
    const session = await signIn(ROOT_KEY);
    const form = new FormData();
    form.set('csrf', session.csrf);
    form.set('mode', 'merge');
    form.set('file', new Blob(['query,document,grade\nopening hours,opening-hours,1\n'], { type: 'text/csv' }), 'tests.csv');
    const imported = await call('/console/engines/library/relevance-tests/import', { form, cookie: session.cookie });
    assert.equal(imported.status, 303, imported.body);
    const exported = await call('/console/engines/library/relevance-tests/export.csv', { cookie: session.cookie });
    assert.equal(exported.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.equal(exported.body, 'query,document,grade\r\ndog,dog-registration,3\r\nopening hours,opening-hours,1\r\n');

    const ran = await post(session, '/console/engines/library/relevance-tests/run', {});
    assert.equal(ran.status, 303);
    assert.equal(ran.location, '/console/engines/library/relevance-tests?done=ran');
    const page = ran.page!.body;
    assert.match(page, /<caption id="latest-run">Run of \d{4}-\d\d-\d\d \d\d:\d\d UTC<\/caption>/);
    assert.match(
      page,
      /<th scope="row">dog<\/th><td class="number">1.000<\/td><td class="number">1.000<\/td><td><ul class="plain-list"><li>dog-registration: position 1<\/li>/,
    );
    const history = page.slice(page.indexOf('id="history-heading"'));
    assert.match(history, /<td>Console<\/td><td class="number">2<\/td><td class="number">1.000<\/td><td class="number">1.000<\/td>/);
  });

  it('refuses a file that is not a test list, keeping the tests as they were', async () => {
    const session = await signIn(ROOT_KEY);
    const form = new FormData();
    form.set('csrf', session.csrf);
    form.set('mode', 'replace');
    form.set('file', new Blob(['dog,dog-parks,7\n'], { type: 'text/csv' }), 'tests.csv');
    const refused = await call('/console/engines/library/relevance-tests/import', { form, cookie: session.cookie });
    assert.equal(refused.status, 400);
    assert.match(
      refused.body,
      /<a href="#import-file">Row 1 \(query &quot;dog&quot;\): expected\[0\].grade must be a whole number from 1 to 3<\/a>/,
    );
    assert.equal((await api('GET', '/api/civic/v1/engines/library/relevance_tests')).body.results.length, 2);
  });

  it('edits a test and deletes another after asking on a page of its own', async () => {
    const session = await signIn(ROOT_KEY);
    const made = await api('POST', '/api/civic/v1/engines/library/relevance_tests', { query: 'temporary', expected: ['x'] });
    const edit = await call(`/console/engines/library/relevance-tests/${made.body.id}/edit`, { cookie: session.cookie });
    assert.match(edit.body, /<textarea id="expected"[^>]*>x<\/textarea>/);
    const saved = await post(session, `/console/engines/library/relevance-tests/${made.body.id}`, { query: 'temporary', expected: 'y 2' });
    assert.equal(saved.status, 303);
    assert.match(saved.page!.body, /<li>y \(grade 2\)<\/li>/);
    const confirm = await call(`/console/engines/library/relevance-tests/${made.body.id}/delete`, { cookie: session.cookie });
    assert.match(confirm.body, /<h1>Delete the test “temporary”\?<\/h1>/);
    const deleted = await post(session, `/console/engines/library/relevance-tests/${made.body.id}/delete`, {});
    assert.equal(deleted.status, 303);
    assert.match(deleted.page!.body, /The test is deleted\./);
    assert.doesNotMatch(deleted.page!.body, /temporary/);
    assert.equal((await post(session, `/console/engines/library/relevance-tests/${made.body.id}/delete`, {})).status, 404);
  });
});

describe('the relevance tuning screen', () => {
  it('shows the saved weights, and previews a change in the draft column only, flagging the test it makes worse by name', async () => {
    const session = await signIn(ROOT_KEY);
    const page = await call('/console/engines/library/tuning', { cookie: session.cookie });
    assert.equal(page.status, 200);
    const fields = tuningFields(page.body);
    assert.equal(fields['weight.title'], '10');
    assert.equal(fields['weight.body'], '1');
    assert.equal(fields.queries, 'dog\nopening hours', 'no analytics yet: the test queries');

    const preview = await post(session, '/console/engines/library/tuning', {
      ...fields,
      'weight.title': '1',
      'weight.body': '10',
      action: 'preview',
    });
    assert.equal(preview.status, 200);
    assert.equal(listItems(preview.body, '“dog” now')[0], 'Dog registration (dog-registration)');
    assert.equal(listItems(preview.body, '“dog” with the draft')[0], 'Parks (dog-parks) (up 1)');
    assert.equal(listItems(preview.body, '“dog” with the draft')[1], 'Dog registration (dog-registration) (down 1)');
    assert.match(
      preview.body,
      /<h2 id="verdict-title">This draft makes 1 relevance test worse<\/h2><ul><li>“dog”: nDCG@10 1.000 now, 0.631 with the draft<\/li>/,
    );
    assert.ok(
      preview.body.indexOf('verdict-title') < preview.body.indexOf('<form method="post" action="/console/engines/library/tuning"'),
      'the warning comes before the form',
    );
    assert.match(preview.body, /value="10" aria-describedby="weights-hint"/, 'the draft stays in the form');
    assert.equal(await publicFirst('dog'), 'dog-registration', 'a preview changes nothing');
  });

  it('asks again before saving a draft that makes tests worse, and saves it only when told to', async () => {
    const session = await signIn(ROOT_KEY);
    const fields = tuningFields((await call('/console/engines/library/tuning', { cookie: session.cookie })).body);
    const draft = { ...fields, 'weight.title': '1', 'weight.body': '10' };
    const asked = await post(session, '/console/engines/library/tuning', { ...draft, action: 'save' });
    assert.equal(asked.status, 200);
    assert.match(asked.body, /This draft makes 1 relevance test worse/);
    assert.match(
      asked.body,
      /<button type="submit" name="action" value="save-anyway" class="danger">Save anyway, though tests get worse<\/button>/,
    );
    assert.equal(await publicFirst('dog'), 'dog-registration', 'not saved yet');

    const saved = await post(session, '/console/engines/library/tuning', { ...draft, action: 'save-anyway' });
    assert.equal(saved.status, 303);
    assert.equal(saved.location, '/console/engines/library/tuning?saved');
    assert.match(saved.page!.body, /The settings are saved/);
    assert.equal(await publicFirst('dog'), 'dog-parks', 'the public search uses the saved settings');
    assert.deepEqual((await api('GET', '/api/as/v1/engines/library/search_settings')).body.search_fields, {
      title: { weight: 1 },
      body: { weight: 10 },
    });

    const back = await post(session, '/console/engines/library/tuning', {
      ...draft,
      'weight.title': '10',
      'weight.body': '1',
      action: 'save',
    });
    assert.equal(back.status, 303, 'a draft that makes no test worse saves at once');
    assert.equal(await publicFirst('dog'), 'dog-registration');
  });

  it('adds a boost from the form, and shows the search settings API’s own error for one it cannot take', async () => {
    const session = await signIn(ROOT_KEY);
    const fields = tuningFields((await call('/console/engines/library/tuning', { cookie: session.cookie })).body);
    const boost = {
      'boost.0.field': 'title',
      'boost.0.type': 'value',
      'boost.0.value': 'Parks',
      'boost.0.operation': 'multiply',
      'boost.0.factor': '10',
    };
    const preview = await post(session, '/console/engines/library/tuning', { ...fields, ...boost, queries: 'dog', action: 'preview' });
    assert.equal(preview.status, 200, preview.body);
    assert.equal(listItems(preview.body, '“dog” with the draft')[0], 'Parks (dog-parks) (up 1)');
    assert.match(preview.body, /<legend>Boost 1: title<\/legend>/, 'the boost stays in the form as a row of its own');
    assert.match(preview.body, /<legend>Add a boost<\/legend>/);

    const wrong = await post(session, '/console/engines/library/tuning', { ...fields, 'weight.title': 'eleven', action: 'save' });
    assert.equal(wrong.status, 400);
    assert.match(wrong.body, /role="alert"/);
    assert.match(wrong.body, /<a href="#weight-title">search_fields.title.weight must be a number from 0 to 10<\/a>/);
    assert.match(wrong.body, /id="weight-title"[^>]*value="eleven" aria-describedby="weights-hint" aria-invalid="true"/);
    assert.equal(await publicFirst('dog'), 'dog-registration');
  });
});

describe('refusals', () => {
  it('sends a visitor without a session to sign in, and refuses their posts', async () => {
    for (const path of [
      '/console/engines/library/tuning',
      '/console/engines/library/relevance-tests',
      '/console/engines/library/relevance-tests/export.csv',
    ]) {
      const answer = await call(path);
      assert.equal(answer.status, 303, path);
      assert.equal(answer.location, '/console/sign-in', path);
    }
    assert.equal((await call('/console/engines/library/tuning', { form: { action: 'save' } })).status, 401);
    assert.equal((await call('/console/engines/library/relevance-tests/run', { form: {} })).status, 401);
  });

  it('refuses a change without the session’s CSRF token, saving nothing', async () => {
    const session = await signIn(ROOT_KEY);
    for (const csrf of ['', 'forged']) {
      const answer = await call('/console/engines/library/tuning', {
        form: { csrf, 'weight.title': '1', 'weight.body': '10', action: 'save-anyway' },
        cookie: session.cookie,
      });
      assert.equal(answer.status, 403);
      const added = await call('/console/engines/library/relevance-tests', {
        form: { csrf, query: 'forged', expected: 'x' },
        cookie: session.cookie,
      });
      assert.equal(added.status, 403);
    }
    assert.equal(await publicFirst('dog'), 'dog-registration');
    assert.ok(
      !(await api('GET', '/api/civic/v1/engines/library/relevance_tests')).body.results.some(
        (test: { query: string }) => test.query === 'forged',
      ),
    );
  });

  it('lets a key that only reads preview and run the tests, not save or change them; a key for another engine sees nothing', async () => {
    const reader = (
      await api('POST', '/api/as/v1/credentials', {
        name: 'reader',
        type: 'private',
        read: true,
        write: false,
        access_all_engines: false,
        engines: ['library'],
      })
    ).body.key as string;
    const session = await signIn(reader);
    const fields = tuningFields((await call('/console/engines/library/tuning', { cookie: session.cookie })).body);
    assert.equal((await post(session, '/console/engines/library/tuning', { ...fields, action: 'preview' })).status, 200);
    const save = await post(session, '/console/engines/library/tuning', {
      ...fields,
      'weight.title': '1',
      'weight.body': '10',
      action: 'save-anyway',
    });
    assert.equal(save.status, 403);
    assert.equal((await post(session, '/console/engines/library/relevance-tests/run', {})).status, 303);
    assert.equal((await post(session, '/console/engines/library/relevance-tests', { query: 'reader', expected: 'x' })).status, 403);
    assert.equal(await publicFirst('dog'), 'dog-registration');

    const other = (
      await api('POST', '/api/as/v1/credentials', {
        name: 'parks-only',
        type: 'private',
        read: true,
        write: true,
        access_all_engines: false,
        engines: ['parks'],
      })
    ).body.key as string;
    const outsider = await signIn(other);
    assert.equal((await call('/console/engines/library/tuning', { cookie: outsider.cookie })).status, 403);
    assert.equal((await call('/console/engines/library/relevance-tests', { cookie: outsider.cookie })).status, 403);
    assert.equal((await post(outsider, '/console/engines/library/relevance-tests/run', {})).status, 403);
  });
});
