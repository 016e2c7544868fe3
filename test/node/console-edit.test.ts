import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleBrowser, serveConsole, serveOverHttp, type Form, type ServedConsole } from './support/console-browser';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import { readCurationsCsv, readSynonymsCsv, synonymsToCsv } from '../../packages/civic-search/src/console/relevance-csv';
import { applyStep, stepOf, type CurationDraft } from '../../packages/civic-search/src/console/screens/curation-draft';
import mountPinOrder, { moved } from '../../packages/civic-search/src/console/client/islands/pin-order';
import { parseHTML } from 'linkedom';
import { importRecords } from '../../packages/civic-search/src/console/relevance-import';
import type { ConsoleContext, ConsoleServices } from '../../packages/civic-search/src/console/console-env';

/**
 * The console's editing screens as a search manager uses them, over real HTTP: from a report row to a synonym set
 * or a best bet, previewed and then saved, each change then seen through the public search API; the lists, edits
 * and deletes; CSV export and import, all or nothing; and every change refused without a session, a token or the
 * scope it needs.
 */

const ROOT_KEY = 'private-console-edit-test-root-key';

let served: ServedConsole | undefined;
let service: SearchService;
let server: Awaited<ReturnType<typeof serveOverHttp>>;
let url: string;
const { call, signIn } = consoleBrowser(() => url);

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}/api/as/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${ROOT_KEY}`, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A visitor's search through the public search API: the ids of the results, in order. */
async function visitorSearch(engine: string, query: string): Promise<string[]> {
  const response = await fetch(`${url}/api/as/v1/engines/${engine}/search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  assert.equal(response.status, 200);
  const answer = (await response.json()) as { results: Array<{ _meta: { id: string } }> };
  return answer.results.map((result) => result._meta.id);
}

async function createKey(body: object): Promise<string> {
  return (await api<{ key: string }>('POST', '/credentials', body)).body.key;
}

const decoded = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The page's visible words, roughly: tags out, entities decoded, spaces single. */
const textOf = (html: string) => decoded(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
const section = (html: string, id: string) => {
  const start = html.indexOf(`id="${id}"`);
  assert.ok(start >= 0, `the page has #${id}`);
  return html.slice(start, html.indexOf('</section>', start));
};
/** The page from the element with this id to its end. */
const fromId = (html: string, id: string) => html.slice(html.indexOf(`id="${id}"`) - 4);
const alertOf = (html: string) => textOf(/<div class="problem" role="alert"[\s\S]*?<\/div>/.exec(html)?.[0] ?? '');
const setsOf = async (engine: string) =>
  (await api<{ results: Array<{ id: string; synonyms: string[] }> }>('GET', `/engines/${engine}/synonyms?page[size]=25`)).body.results;
const curationsOf = async (engine: string) =>
  (
    await api<{ results: Array<{ id: string; queries: string[]; promoted: string[]; hidden: string[] }> }>(
      'GET',
      `/engines/${engine}/curations?page[size]=25`,
    )
  ).body.results;

function csvUpload(text: string, name = 'upload.csv') {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), name);
  return form;
}

before(async () => {
  served = await serveConsole('civic-console-edit', {
    privateKey: ROOT_KEY,
    // The old App Search these tests read from runs on this machine, which the operator must allow.
    console: { importHosts: ['127.0.0.1'] },
    engines: [
      {
        name: 'parks',
        documents: [
          { id: 'p1', title: 'Parks and playgrounds', body: 'Find a park near you.', url: 'https://council.example/parks' },
          { id: 'p2', title: 'Skateboarding bowl', body: 'Open every day in the park.', url: 'https://council.example/skateboarding' },
          { id: 'p3', title: 'Park opening hours', body: 'Gates open at dawn.', url: 'https://council.example/park-hours' },
          { id: 'p4', title: 'Allotment plots', body: 'Rent a plot to grow vegetables.', url: 'https://council.example/allotments' },
        ],
      },
      { name: 'libraries', documents: [{ id: 'l1', title: 'Library opening hours', body: 'Borrow books.' }] },
    ],
  });
  ({ service, server } = served);
  url = server.url;
});

after(() => served?.stop());

describe('from a report to a synonym set', () => {
  it('takes a query that found nothing to a prefilled set, previews it, saves it, and the query then finds the page', async () => {
    assert.deepEqual(await visitorSearch('parks', 'bmx track'), [], 'nothing answers the query at first');
    await service.analytics!.flush();
    const session = await signIn(ROOT_KEY);

    const report = await call('/console/engines/parks', { cookie: session.cookie });
    const link = /href="([^"]+)"[^>]*>Add synonyms<span class="visually-hidden"> for “bmx track”/.exec(
      section(report.body, 'no-results'),
    )?.[1];
    assert.equal(decoded(link ?? ''), '/console/engines/parks/synonyms/new?query=bmx+track');

    const form = await call(decoded(link!), { cookie: session.cookie });
    assert.equal(form.status, 200);
    assert.match(form.body, /<textarea id="synonyms" name="synonyms"[^>]*>bmx track\n<\/textarea>/);

    const fields = { csrf: session.csrf, synonyms: 'bmx track\nskateboarding bowl', query: 'bmx track' };
    const preview = await call('/console/engines/parks/synonyms/new', { cookie: session.cookie, form: { ...fields, intent: 'preview' } });
    assert.equal(preview.status, 200);
    assert.match(textOf(section(preview.body, 'preview-now')), /Now 0 results/);
    assert.match(textOf(section(preview.body, 'preview-draft')), /With your change 1 result Skateboarding bowl/);
    assert.deepEqual(await visitorSearch('parks', 'bmx track'), [], 'a preview changes nothing');
    assert.match(preview.body, />bmx track\nskateboarding bowl<\/textarea>/, 'the form keeps what was typed');

    const saved = await call('/console/engines/parks/synonyms/new', { cookie: session.cookie, form: { ...fields, intent: 'save' } });
    assert.equal(saved.status, 303);
    assert.equal(saved.location, '/console/engines/parks/synonyms?done=added');
    const list = await call(saved.location!, { cookie: session.cookie });
    assert.match(textOf(list.body), /The synonym set is saved/);
    assert.match(textOf(list.body), /bmx track, skateboarding bowl/);
    assert.deepEqual(await visitorSearch('parks', 'bmx track'), ['p2']);
  });

  it('answers a set the API refuses with its error, beside the words as typed', async () => {
    const session = await signIn(ROOT_KEY);
    const answer = await call('/console/engines/parks/synonyms/new', {
      cookie: session.cookie,
      form: { csrf: session.csrf, synonyms: 'Rubbish\nrubbish!', query: '', intent: 'save' },
    });
    assert.equal(answer.status, 400);
    assert.match(alertOf(answer.body), /A synonym set needs at least two different synonyms/);
    assert.match(answer.body, /<a href="#synonyms">/);
    assert.match(answer.body, /aria-invalid="true"[^>]*>Rubbish\nrubbish!<\/textarea>/);
  });

  it('lists, searches, changes and deletes a set, deleting only after a confirmation page', async () => {
    const session = await signIn(ROOT_KEY);
    const { body } = await api<{ id: string }>('POST', '/engines/parks/synonyms', { synonyms: ['allotment', 'vegetable garden'] });
    const list = await call('/console/engines/parks/synonyms?q=Vegetable', { cookie: session.cookie });
    assert.match(textOf(list.body), /Synonym sets with “Vegetable” \(1\)/);
    assert.match(textOf(list.body), /allotment, vegetable garden/);
    assert.doesNotMatch(textOf(list.body), /bmx track/);

    const edit = await call(`/console/engines/parks/synonyms/${body.id}`, { cookie: session.cookie });
    assert.match(edit.body, />allotment\nvegetable garden<\/textarea>/);
    const changed = await call(`/console/engines/parks/synonyms/${body.id}`, {
      cookie: session.cookie,
      form: { csrf: session.csrf, synonyms: 'allotment\nveg patch', query: 'veg patch', intent: 'save' },
    });
    assert.equal(changed.status, 303);
    assert.deepEqual((await api<{ synonyms: string[] }>('GET', `/engines/parks/synonyms/${body.id}`)).body.synonyms, [
      'allotment',
      'veg patch',
    ]);
    assert.deepEqual(await visitorSearch('parks', 'veg patch'), ['p4']);

    const confirm = await call(`/console/engines/parks/synonyms/${body.id}/delete`, { cookie: session.cookie });
    assert.match(textOf(confirm.body), /Delete this synonym set\? .*allotment, veg patch/);
    assert.equal((await api('GET', `/engines/parks/synonyms/${body.id}`)).status, 200, 'asking is not deleting');
    const deleted = await call(`/console/engines/parks/synonyms/${body.id}/delete`, {
      cookie: session.cookie,
      form: { csrf: session.csrf },
    });
    assert.equal(deleted.status, 303);
    assert.equal((await api('GET', `/engines/parks/synonyms/${body.id}`)).status, 404);
  });

  it('pages the list as the API pages it', async () => {
    for (let n = 0; n < 26; n++) await api('POST', '/engines/libraries/synonyms', { synonyms: [`word${n}`, `other${n}`] });
    const session = await signIn(ROOT_KEY);
    const first = await call('/console/engines/libraries/synonyms', { cookie: session.cookie });
    assert.match(textOf(first.body), /Page 1 of 2/);
    assert.match(first.body, /href="\/console\/engines\/libraries\/synonyms\?page=2" rel="next"/);
    const second = await call('/console/engines/libraries/synonyms?page=2', { cookie: session.cookie });
    assert.equal((second.body.match(/<th scope="row">/g) ?? []).length, 1);
    for (let sets = await setsOf('libraries'); sets.length > 0; sets = await setsOf('libraries')) {
      for (const set of sets) await api('DELETE', `/engines/libraries/synonyms/${set.id}`);
    }
  });
});

describe('from a report to a best bet', () => {
  it('finds pages, pins two in order, hides one, previews, saves, and the search API then puts the pinned page first', async () => {
    const session = await signIn(ROOT_KEY);
    const start = await call('/console/engines/parks/curations/new?query=park', { cookie: session.cookie });
    assert.equal(start.status, 200);
    assert.match(start.body, /<textarea id="queries" name="queries"[^>]*>park<\/textarea>/);
    assert.match(textOf(section(start.body, 'found-heading')), /Pages found for “park”/);
    assert.match(start.body, /name="do" value="pin:p1"/);

    let draft: Form = { csrf: session.csrf, queries: 'park', find: 'allotment' };
    const post = async (step: string) => {
      const page = await call('/console/engines/parks/curations/new', { cookie: session.cookie, form: { ...draft, do: step } });
      assert.equal(page.status, 200, page.body);
      const promoted = [...page.body.matchAll(/<input type="hidden" name="promoted" value="([^"]+)"/g)].map((m) => m[1]!);
      const hidden = [...page.body.matchAll(/<input type="hidden" name="hidden" value="([^"]+)"/g)].map((m) => m[1]!);
      draft = { ...draft, promoted, hidden };
      return page;
    };
    const found = await post('find');
    assert.match(textOf(found.body), /Pages found for “allotment” Allotment plots/);
    await post('pin:p4');
    await post('pin:p3');
    const ordered = await post('up:p3');
    assert.deepEqual(draft.promoted, ['p3', 'p4']);
    assert.match(
      textOf(fromId(ordered.body, 'pinned-heading')),
      /Pinned pages, in order Park opening hours .*Allotment plots .*Hidden pages/,
    );
    await post('hide:p2');
    assert.deepEqual(draft.hidden, ['p2']);

    const preview = await post('preview');
    assert.match(
      textOf(section(preview.body, 'preview-draft')),
      /With your change \d+ results? Park opening hours .*Best bet .*Allotment plots .*Best bet/,
    );
    assert.doesNotMatch(section(preview.body, 'preview-draft'), /Skateboarding bowl/);
    assert.match(section(preview.body, 'preview-now'), /Skateboarding bowl/);
    assert.notEqual((await visitorSearch('parks', 'park'))[0], 'p3', 'a preview changes nothing');

    const saved = await call('/console/engines/parks/curations/new', { cookie: session.cookie, form: { ...draft, do: 'save' } });
    assert.equal(saved.status, 303, saved.body);
    assert.equal(saved.location, '/console/engines/parks/curations?done=added');
    const results = await visitorSearch('parks', 'Park');
    assert.deepEqual(results.slice(0, 2), ['p3', 'p4']);
    assert.ok(!results.includes('p2'), 'the hidden page is gone');
  });

  it('shows the API’s error when a query already belongs to another best bet, keeping the draft', async () => {
    const session = await signIn(ROOT_KEY);
    const [held] = (await curationsOf('parks')).filter((curation) => curation.queries.includes('park'));
    const answer = await call('/console/engines/parks/curations/new', {
      cookie: session.cookie,
      form: { csrf: session.csrf, queries: 'Park!', find: '', promoted: 'p1', do: 'save' },
    });
    assert.equal(answer.status, 400);
    assert.match(alertOf(answer.body), new RegExp(`Query "Park!" already belongs to curation ${held!.id}`));
    assert.match(answer.body, /<input type="hidden" name="promoted" value="p1"/);
    assert.equal((await curationsOf('parks')).length, 1);
  });

  it('orders pinned pages by dragging too: the island moves the page, writes the order into the form and posts it as Move up would', async () => {
    const session = await signIn(ROOT_KEY);
    const { body } = await api<{ id: string }>('POST', '/engines/parks/curations', {
      queries: ['drag test'],
      promoted: ['p1', 'p2', 'p3'],
      hidden: [],
    });
    const editor = await call(`/console/engines/parks/curations/${body.id}`, { cookie: session.cookie });
    const { document, Event } = parseHTML(editor.body);
    const island = document.querySelector('[data-island="pin-order"]') as unknown as HTMLElement;
    assert.ok(island, 'the pinned list is marked for the island');
    const form = island.closest('form') as HTMLFormElement;
    const submitted: HTMLElement[] = [];
    form.requestSubmit = (submitter?: HTMLElement | null) => void submitted.push(submitter!);
    mountPinOrder(island);
    const item = (id: string) => island.querySelector(`li[data-id="${id}"]`)!;
    const fire = (target: Element, type: string) => target.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
    fire(item('p3'), 'dragstart');
    fire(item('p1'), 'dragover');
    fire(item('p1'), 'drop');
    fire(item('p3'), 'dragend');
    const order = [...form.querySelectorAll('input[name="promoted"]')].map((field) => (field as HTMLInputElement).value);
    assert.deepEqual(order, ['p3', 'p1', 'p2']);
    assert.deepEqual(
      [...island.querySelectorAll('li')].map((li) => li.getAttribute('data-id')),
      ['p3', 'p1', 'p2'],
    );
    assert.equal(submitted.length, 1);
    assert.equal(submitted[0]!.getAttribute('value'), 'reorder');
    assert.match(submitted[0]!.getAttribute('formaction') ?? '', /#pinned-heading$/);
    // What the browser then posts: the server keeps the order, and Move up / Move down fit it.
    const posted = await call(`/console/engines/parks/curations/${body.id}`, {
      cookie: session.cookie,
      form: { csrf: session.csrf, queries: 'drag test', find: '', promoted: order, do: 'reorder' },
    });
    assert.equal(posted.status, 200);
    assert.deepEqual(
      [...posted.body.matchAll(/<li data-id="([^"]+)"/g)].map((match) => match[1]),
      ['p3', 'p1', 'p2'],
    );
    assert.ok(!posted.body.includes('value="up:p3"') && posted.body.includes('value="up:p1"'), 'the page now first has no Move up');
    await api('DELETE', `/engines/parks/curations/${body.id}`);
  });

  it('puts a dragged item where it is dropped', () => {
    assert.deepEqual(moved(['a', 'b', 'c'], 2, 0), ['c', 'a', 'b']);
    assert.deepEqual(moved(['a', 'b', 'c'], 0, 2), ['b', 'c', 'a']);
  });

  it('edits a best bet, and deletes it after a confirmation page', async () => {
    const session = await signIn(ROOT_KEY);
    const { body } = await api<{ id: string }>('POST', '/engines/parks/curations', { queries: ['veg'], promoted: ['p4'], hidden: [] });
    const list = await call('/console/engines/parks/curations?q=veg', { cookie: session.cookie });
    assert.match(textOf(list.body), /Best bets with “veg” \(1\) .*veg 1 pinned, 0 hidden/);
    const edit = await call(`/console/engines/parks/curations/${body.id}`, { cookie: session.cookie });
    assert.match(textOf(fromId(edit.body, 'pinned-heading')), /Pinned pages, in order Allotment plots/);
    const saved = await call(`/console/engines/parks/curations/${body.id}`, {
      cookie: session.cookie,
      form: { csrf: session.csrf, queries: 'veg\nvegetables', find: '', promoted: ['p4', 'p1'], do: 'save' },
    });
    assert.equal(saved.status, 303);
    assert.deepEqual((await visitorSearch('parks', 'vegetables')).slice(0, 2), ['p4', 'p1']);
    const confirm = await call(`/console/engines/parks/curations/${body.id}/delete`, { cookie: session.cookie });
    assert.match(textOf(confirm.body), /Delete this best bet\?/);
    assert.equal(
      (await call(`/console/engines/parks/curations/${body.id}/delete`, { cookie: session.cookie, form: { csrf: session.csrf } })).status,
      303,
    );
    assert.equal((await api('GET', `/engines/parks/curations/${body.id}`)).status, 404);
  });
});

describe('CSV export and import', () => {
  it('round-trips synonym sets and best bets: exported from one engine, imported to another, exported again alike', async () => {
    const session = await signIn(ROOT_KEY);
    await api('POST', '/engines/parks/synonyms', { synonyms: ['=SUM(A1)', 'formula, "quoted"'] });
    for (const kind of ['synonyms', 'curations'] as const) {
      const exported = await call(`/console/engines/parks/${kind}/export`, { cookie: session.cookie });
      assert.equal(exported.status, 200);
      assert.match(exported.headers.get('content-type') ?? '', /^text\/csv/);
      assert.match(exported.headers.get('content-disposition') ?? '', new RegExp(`attachment; filename="parks-${kind}.csv"`));
      const imported = await call(`/console/engines/libraries/${kind}/import`, {
        cookie: session.cookie,
        form: (() => {
          const form = csvUpload(exported.body);
          form.append('csrf', session.csrf);
          return form;
        })(),
      });
      assert.equal(imported.status, 303, imported.body);
      const notice = await call(imported.location!, { cookie: session.cookie });
      assert.match(textOf(notice.body), /Imported \d+ .*added, 0 replaced/);
    }
    const strip = <T extends { id: string }>(records: T[]) => records.map(({ id: _id, ...rest }) => JSON.stringify(rest)).sort();
    assert.deepEqual(strip(await setsOf('libraries')), strip(await setsOf('parks')));
    assert.deepEqual(strip(await curationsOf('libraries')), strip(await curationsOf('parks')));
    assert.ok(
      (await setsOf('libraries')).some((set) => set.synonyms.includes('=SUM(A1)')),
      'a formula-like synonym comes back as it was',
    );

    // Imported again where it came from, each record replaces itself: nothing is added.
    const again = await call('/console/engines/parks/synonyms/export', { cookie: session.cookie });
    const before = await setsOf('parks');
    const form = csvUpload(again.body);
    form.append('csrf', session.csrf);
    const reimported = await call('/console/engines/parks/synonyms/import', { cookie: session.cookie, form: form });
    assert.equal(reimported.status, 303);
    assert.match(reimported.location ?? '', /imported=0&replaced=\d+/);
    assert.deepEqual(await setsOf('parks'), before);
  });

  it('lists every problem of a file by line and writes nothing', async () => {
    const session = await signIn(ROOT_KEY);
    const [held] = await curationsOf('parks');
    const file = [
      'curation,field,value',
      'new-1,query,litter bins',
      'new-1,promoted,p1',
      'new-2,pinned,p2',
      `new-3,query,${held!.queries[0]}`,
      'new-3,promoted,p3',
      'new-4,promoted,p4',
      'new-5,query,',
    ].join('\n');
    const before = await curationsOf('parks');
    const form = csvUpload(file, 'best-bets.csv');
    form.append('csrf', session.csrf);
    const answer = await call('/console/engines/parks/curations/import', { cookie: session.cookie, form: form });
    assert.equal(answer.status, 400);
    const alert = alertOf(answer.body);
    assert.match(alert, /best-bets\.csv was not imported: nothing was changed/);
    assert.match(alert, /Line 4: the field must be query, promoted or hidden, not “pinned”/);
    assert.match(alert, /Line 7 \(curation new-4\): queries must list at least one query/);
    assert.match(alert, /Line 8: every cell needs a value/);
    assert.deepEqual(await curationsOf('parks'), before, 'nothing was written');

    // With those fixed, the clash with a best bet the engine holds is what remains, and still nothing is written.
    const clash = [
      'curation,field,value',
      'new-1,query,litter bins',
      'new-1,promoted,p1',
      `new-3,query,${held!.queries[0]}`,
      'new-3,promoted,p3',
    ].join('\n');
    const second = csvUpload(clash);
    second.append('csrf', session.csrf);
    const refused = await call('/console/engines/parks/curations/import', { cookie: session.cookie, form: second });
    assert.equal(refused.status, 400);
    assert.match(
      alertOf(refused.body),
      new RegExp(`Lines 4 and 5 \\(curation new-3\\): query “${held!.queries[0]}” already belongs to curation ${held!.id}`),
    );
    assert.deepEqual(await curationsOf('parks'), before);
  });

  it('replaces before it adds, so a new best bet may take the search a replaced one gives up', async () => {
    const session = await signIn(ROOT_KEY);
    const [held] = (await curationsOf('parks')).filter((curation) => curation.queries.includes('park'));
    const file = [
      'curation,field,value',
      'new-park,query,park',
      'new-park,promoted,p1',
      `${held!.id},query,playground`,
      `${held!.id},promoted,p4`,
    ].join('\r\n');
    const form = csvUpload(file);
    form.append('csrf', session.csrf);
    const answer = await call('/console/engines/parks/curations/import', { cookie: session.cookie, form: form });
    assert.equal(answer.status, 303, answer.body);
    assert.match(answer.location ?? '', /imported=1&replaced=1$/);
    assert.equal((await visitorSearch('parks', 'park'))[0], 'p1');
    assert.equal((await visitorSearch('parks', 'playground'))[0], 'p4');
  });

  it('undoes every write already made when a later one is refused, so nothing is half-imported', async () => {
    const before = await setsOf('parks');
    const replaced = before[0]!;
    let creations = 0;
    // The service's own API, except that it refuses the second new set, as it would had the engine changed meanwhile.
    const services = {
      engineNames: () => ['parks'],
      api: async (request: Request) => {
        if (request.method === 'POST' && ++creations === 2) return Response.json({ errors: ['Refused for the test'] }, { status: 400 });
        return service.fetch(request);
      },
    } as unknown as ConsoleServices;
    const c = { req: { url: `${url}/console` }, get: () => ({ key: ROOT_KEY }), env: {} } as unknown as ConsoleContext;
    const outcome = await importRecords(services, c, 'parks', 'synonyms', [
      { label: replaced.id, lines: [2, 3], value: { synonyms: ['changed', 'for a moment'] } },
      { label: 'first-new', lines: [4, 5], value: { synonyms: ['brand', 'new'] } },
      { label: 'second-new', lines: [6, 7], value: { synonyms: ['never', 'written'] } },
    ]);
    assert.deepEqual(outcome, {
      problems: ['Lines 6 and 7 (set second-new): Refused for the test. Nothing was imported.'],
      added: 0,
      replaced: 0,
    });
    assert.deepEqual(await setsOf('parks'), before, 'the replaced set is back as it was, the created one is gone');
  });

  it('takes a file larger than a form may be, and refuses one past its own limit', async () => {
    const session = await signIn(ROOT_KEY);
    const rows = Array.from({ length: 150 }, (_, n) => [`big-${n},${'a'.repeat(250)}${n}`, `big-${n},${'b'.repeat(250)}${n}`]).flat();
    const file = ['set,synonym', ...rows].join('\n');
    assert.ok(file.length > 64 * 1024);
    const form = csvUpload(file);
    form.append('csrf', session.csrf);
    const answer = await call('/console/engines/libraries/synonyms/import', { cookie: session.cookie, form: form });
    // 250-letter synonyms are longer than the API takes: the file was read whole, and each set is refused by line.
    assert.equal(answer.status, 400);
    assert.match(
      alertOf(answer.body),
      /Lines 2 and 3 \(set big-0\): Each synonym must be text with at least one word and at most 128 characters/,
    );
    const huge = csvUpload(`set,synonym\n${'x,y\n'.repeat(600_000)}`);
    huge.append('csrf', session.csrf);
    assert.equal((await call('/console/engines/libraries/synonyms/import', { cookie: session.cookie, form: huge })).status, 413);
    const bigForm = await call('/console/engines/libraries/synonyms/new', {
      cookie: session.cookie,
      form: { csrf: session.csrf, synonyms: 'x'.repeat(70 * 1024), intent: 'save' },
    });
    assert.equal(bigForm.status, 413, 'every other form keeps the 64 KB limit');
  });
});

describe('bringing them from an old App Search, through its API', () => {
  const OLD_KEY = 'private-the-old-services-own-key';
  let oldDir: string;
  let old: SearchService;
  let oldServer: Awaited<ReturnType<typeof serveOverHttp>>;
  let oldUrl: string;

  before(async () => {
    oldDir = await mkdtemp(join(tmpdir(), 'civic-console-old-'));
    old = await createSearchService({
      dataDir: oldDir,
      privateKey: OLD_KEY,
      inProcess: true,
      engines: [{ name: 'council', documents: [{ id: 'x1', title: 'Anything' }] }],
    });
    await old.ready();
    oldServer = await serveOverHttp(old.fetch);
    oldUrl = oldServer.url;
    const write = (path: string, body: object) =>
      fetch(`${oldUrl}/api/as/v1/engines/council/${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${OLD_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    // More than one page of sets, as the old service pages them.
    for (let n = 0; n < 27; n++) assert.equal((await write('synonyms', { synonyms: [`oldword${n}`, `former${n}`] })).status, 200);
    assert.equal((await write('curations', { queries: ['old bet'], promoted: ['l1'], hidden: [] })).status, 200);
  });

  after(async () => {
    await oldServer.close();
    await old.close();
    await rm(oldDir, { recursive: true, force: true });
  });

  /** Runs `work` and returns what it printed to the console, to check a key never reaches a log. */
  async function printed(work: () => Promise<void>): Promise<string> {
    const lines: string[] = [];
    const kept = { log: console.log, error: console.error, warn: console.warn, info: console.info };
    for (const name of Object.keys(kept) as (keyof typeof kept)[])
      console[name] = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    try {
      await work();
    } finally {
      Object.assign(console, kept);
    }
    return lines.join('\n');
  }

  it('reads every page of its synonym sets and its curations with the old key, and writes them here', async () => {
    const session = await signIn(ROOT_KEY);
    const before = (await setsOf('libraries')).length;
    const output = await printed(async () => {
      for (const kind of ['synonyms', 'curations']) {
        const answer = await call(`/console/engines/libraries/${kind}/import-app-search`, {
          cookie: session.cookie,
          form: { csrf: session.csrf, 'source-url': oldUrl, 'source-engine': 'council', 'source-key': OLD_KEY },
        });
        assert.equal(answer.status, 303, answer.body);
        assert.ok(!answer.body.includes(OLD_KEY) && !(answer.location ?? '').includes(OLD_KEY));
        const page = await call(answer.location!, { cookie: session.cookie });
        assert.ok(!page.body.includes(OLD_KEY));
      }
    });
    assert.ok(!output.includes(OLD_KEY), 'the old key reaches no log');
    let all: Array<{ synonyms: string[] }> = [];
    for (let current = 1; ; current++) {
      const listed = await api<{ meta: { page: { total_pages: number } }; results: Array<{ synonyms: string[] }> }>(
        'GET',
        `/engines/libraries/synonyms?page[current]=${current}&page[size]=25`,
      );
      all = [...all, ...listed.body.results];
      if (current >= listed.body.meta.page.total_pages) break;
    }
    assert.equal(all.length, before + 27);
    assert.ok(all.some((set) => set.synonyms.join() === 'oldword26,former26'));
    assert.ok((await curationsOf('libraries')).some((curation) => curation.queries.includes('old bet')));
  });

  it('shows the old service’s refusal of a wrong key, never the key, and writes nothing', async () => {
    const session = await signIn(ROOT_KEY);
    const before = await curationsOf('libraries');
    const wrong = 'private-a-wrong-old-key';
    const answer = await call('/console/engines/libraries/curations/import-app-search', {
      cookie: session.cookie,
      form: { csrf: session.csrf, 'source-url': oldUrl, 'source-engine': 'council', 'source-key': wrong },
    });
    assert.equal(answer.status, 400);
    assert.match(alertOf(answer.body), /Nothing was brought over from App Search: nothing was changed .*The old App Search answered 401/);
    assert.ok(!answer.body.includes(wrong), 'the key typed is not sent back');
    assert.match(answer.body, new RegExp(`id="source-url" name="source-url" type="url" value="${oldUrl.replace(/[.]/g, '\\.')}"`));
    assert.deepEqual(await curationsOf('libraries'), before);
    const unreachable = await call('/console/engines/libraries/curations/import-app-search', {
      cookie: session.cookie,
      form: { csrf: session.csrf, 'source-url': 'http://127.0.0.1:9', 'source-engine': 'council', 'source-key': wrong },
    });
    assert.equal(unreachable.status, 400);
    assert.match(alertOf(unreachable.body), /did not answer/);
  });
});

describe('the editing screens refuse', () => {
  const posts = [
    '/console/engines/parks/synonyms/new',
    '/console/engines/parks/synonyms/syn-x',
    '/console/engines/parks/synonyms/syn-x/delete',
    '/console/engines/parks/synonyms/import',
    '/console/engines/parks/synonyms/import-app-search',
    '/console/engines/parks/curations/new',
    '/console/engines/parks/curations/cur-x',
    '/console/engines/parks/curations/cur-x/delete',
    '/console/engines/parks/curations/import',
    '/console/engines/parks/curations/import-app-search',
  ];

  it('every change without a session (401), and send every page to sign in', async () => {
    for (const path of posts) assert.equal((await call(path, { form: { csrf: 'x', intent: 'save' } })).status, 401, path);
    for (const path of [
      '/console/engines/parks/synonyms',
      '/console/engines/parks/curations/new',
      '/console/engines/parks/synonyms/export',
    ]) {
      const answer = await call(path);
      assert.equal(answer.status, 303, path);
      assert.equal(answer.location, '/console/sign-in');
    }
  });

  it('every change with a missing or wrong CSRF token (403), changing nothing', async () => {
    const session = await signIn(ROOT_KEY);
    const before = [await setsOf('parks'), await curationsOf('parks')];
    for (const path of posts) {
      for (const csrf of [undefined, 'forged']) {
        const form: Form = { synonyms: 'a\nb', queries: 'q', promoted: 'p1', do: 'save', intent: 'save', ...(csrf && { csrf }) };
        assert.equal((await call(path, { cookie: session.cookie, form })).status, 403, `${path} ${csrf}`);
      }
    }
    const upload = csvUpload('set,synonym\nn,a\nn,b\n');
    upload.append('csrf', 'forged');
    assert.equal((await call('/console/engines/parks/synonyms/import', { cookie: session.cookie, form: upload })).status, 403);
    assert.deepEqual([await setsOf('parks'), await curationsOf('parks')], before);
  });

  it('every change from a key that may only read the engine, or not reach it at all (403)', async () => {
    const reader = await signIn(
      await createKey({ name: 'parks-reader', type: 'private', read: true, write: false, access_all_engines: false, engines: ['parks'] }),
    );
    const other = await signIn(
      await createKey({
        name: 'libraries-writer',
        type: 'private',
        read: true,
        write: true,
        access_all_engines: false,
        engines: ['libraries'],
      }),
    );
    for (const session of [reader, other]) {
      for (const path of posts) {
        const answer = await call(path, {
          cookie: session.cookie,
          form: { csrf: session.csrf, synonyms: 'a\nb', queries: 'q', promoted: 'p1', do: 'save', intent: 'save' },
        });
        assert.equal(answer.status, 403, path);
      }
    }
    assert.equal((await call('/console/engines/parks/synonyms', { cookie: reader.cookie })).status, 200, 'reading is allowed');
    assert.equal((await call('/console/engines/parks/synonyms/export', { cookie: reader.cookie })).status, 200);
    assert.equal(
      (await call('/console/engines/parks/synonyms/new', { cookie: reader.cookie })).status,
      403,
      'the form to change is not offered',
    );
    assert.equal((await call('/console/engines/parks/curations', { cookie: other.cookie })).status, 403);
  });
});

describe('the CSV format and the best bet draft', () => {
  it('reads back what it writes, whatever a value holds', () => {
    const sets = [{ id: 'syn-1', synonyms: ['line\nbreak', '"quoted", with comma', '-minus', ' spaced '] }];
    const read = readSynonymsCsv(synonymsToCsv(sets));
    assert.deepEqual(read.problems, []);
    assert.deepEqual(read.items, [
      { label: 'syn-1', lines: [2, 4, 5, 6], value: { synonyms: ['line\nbreak', '"quoted", with comma', '-minus', 'spaced'] } },
    ]);
  });

  it('names the header it wants, and reads a spreadsheet’s byte order mark', () => {
    assert.deepEqual(readSynonymsCsv('word,other\na,b\n').problems, ['Line 1: the first row must name the columns set,synonym']);
    assert.deepEqual(readCurationsCsv('\uFEFFCuration,Field,Value\nc,query,bins\nc,promoted,p1\n').problems, []);
    assert.match(readSynonymsCsv('set,synonym\n"a,b\n').problems[0]!, /not CSV that can be read/);
  });

  it('moves a pinned page up and down, and keeps a page from being both pinned and hidden', () => {
    const draft: CurationDraft = { queries: 'q', promoted: ['a', 'b', 'c'], hidden: ['d'], find: '' };
    assert.deepEqual(applyStep(draft, stepOf('up:b')!).promoted, ['b', 'a', 'c']);
    assert.deepEqual(applyStep(draft, stepOf('down:b')!).promoted, ['a', 'c', 'b']);
    assert.deepEqual(applyStep(draft, stepOf('up:a')!).promoted, ['a', 'b', 'c'], 'the first stays first');
    const pinned = applyStep(draft, stepOf('pin:d')!);
    assert.deepEqual([pinned.promoted, pinned.hidden], [['a', 'b', 'c', 'd'], []]);
    assert.deepEqual(applyStep(draft, stepOf('hide:a')!).promoted, ['b', 'c']);
    assert.deepEqual(stepOf('pin:https://council.example/a:b'), { step: 'pin', id: 'https://council.example/a:b' });
    assert.equal(stepOf('drop:a'), undefined);
  });
});
