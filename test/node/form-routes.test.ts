import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formRoutes } from '../../examples/site/forms/routes';
import { createReportStore, REFERENCE_PATTERN } from '../../examples/site/forms/report-store';
import { reportAProblem } from '../../examples/site/forms/report-a-problem';
import { appliedSteps, formValues, validateForm } from '../../examples/site/forms/validate-form';
import { checkStreet } from '../../examples/site/forms/streets';

const FORM = '/forms/report-a-problem';
const ORIGIN = 'http://localhost';

const valid = {
  problem: 'pothole',
  description: 'A deep pothole in the left lane',
  street: 'Wharf St',
  landmark: 'Outside number 12',
  'full-name': 'Aroha Smith',
  email: 'aroha@example.nz',
  phone: '',
  updates: 'yes',
};

describe('report a problem: the form page', () => {
  it('is one long form without JavaScript: every step, the server validating (novalidate), the submit at the end', async () => {
    const response = await formRoutes().request(FORM);
    assert.equal(response.status, 200);
    const page = await response.text();
    assert.match(page, /<link rel="modulepreload" href="\/dist\/classes\/multi-step-form\.js"/);
    assert.match(page, /<multi-step-form><form action="\/forms\/report-a-problem" method="post" novalidate="">/);
    assert.equal(page.match(/data-step="true"/g)?.length, 4);
    assert.match(
      page,
      /<fieldset class="multi-step-form__step" id="streetlight-step" data-step="true" data-show-if="problem=streetlight">/,
    );
    assert.match(page, /<div class="multi-step-form__submit"><button class="button" type="submit">Send report<\/button><\/div><\/form>/);
    assert.doesNotMatch(page, /data-error-summary/);
  });

  it('gives the browser the constraints and the element the messages', async () => {
    const page = await (await formRoutes().request(FORM)).text();
    assert.match(
      page,
      /<textarea id="description" name="description" class="multi-step-form__input" required="" maxlength="1000" aria-describedby="description-hint" data-error-required="Enter a description of the problem"/,
    );
    assert.match(
      page,
      /<input id="email" name="email" class="multi-step-form__input" required="" maxlength="254" autocomplete="email" data-error-required="Enter your email address" data-error-format="Enter an email address in the correct format, like name@example.com"/,
    );
    assert.match(page, /pattern="\[A-Za-z\]\{2\}\[0-9\]\{4\}"/);
    assert.match(
      page,
      /<fieldset class="multi-step-form__field" data-field="true" data-error-required="Select the type of problem"><legend>Type of problem<\/legend>/,
    );
    assert.match(page, /<input type="radio" id="problem" name="problem" value="pothole" required=""\/>/);
  });
});

describe('report a problem: the server validates again', () => {
  let store = createReportStore();
  let app = formRoutes({ store });
  beforeEach(() => {
    store = createReportStore();
    app = formRoutes({ store });
  });
  const post = (fields: Record<string, string>, origin = ORIGIN) =>
    app.request(FORM, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    });

  it('lists every problem of the steps that apply, GOV.UK style, with the page title marked (422)', async () => {
    const response = await post({});
    assert.equal(response.status, 422);
    const page = await response.text();
    assert.match(page, /<title>Error: Report a problem with a road or footpath/);
    const summary = page.slice(page.indexOf('data-error-summary'), page.indexOf('</ul>', page.indexOf('data-error-summary')));
    assert.deepEqual(
      [...summary.matchAll(/<a href="#([^"]+)">([^<]+)<\/a>/g)].map((match) => [match[1], match[2]]),
      [
        ['problem', 'Select the type of problem'],
        ['description', 'Enter a description of the problem'],
        ['street', 'Enter the street name'],
        ['full-name', 'Enter your full name'],
        ['email', 'Enter your email address'],
      ],
    );
    assert.doesNotMatch(summary, /light-fault/, 'the streetlight step does not apply');
    assert.match(
      page,
      /<p class="multi-step-form__error" id="email-error"><span class="civic-visually-hidden">Error:<\/span> Enter your email address<\/p>/,
    );
    assert.match(page, /aria-describedby="email-error" aria-invalid="true"/);
    assert.match(
      page,
      /<fieldset class="multi-step-form__field multi-step-form__field--error" data-field="true" aria-describedby="problem-error"/,
    );
  });

  it('keeps every value on an error, escaped', async () => {
    const response = await post({ ...valid, email: 'aroha@', description: '<script>alert(1)</script> & more', updates: 'yes' });
    assert.equal(response.status, 422);
    const page = await response.text();
    assert.match(page, /<a href="#email">Enter an email address in the correct format, like name@example.com<\/a>/);
    assert.match(page, /value="aroha@"/);
    assert.match(page, /value="pothole" checked=""/);
    assert.match(page, /value="Wharf St"/);
    assert.match(page, /name="updates" value="yes" checked=""/);
    assert.match(page, /&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; more<\/textarea>/);
    assert.doesNotMatch(page, /<script>alert/);
  });

  it('checks what only the server knows: a street in Harbourton', async () => {
    const page = await (await post({ ...valid, street: 'Nowhere Boulevard' })).text();
    assert.match(
      page,
      /<a href="#street">We cannot find Nowhere Boulevard in Harbourton. Enter a Harbourton street, like Wharf Street<\/a>/,
    );
  });

  it('validates a conditional step only when its rule holds', async () => {
    const streetlight = await (await post({ ...valid, problem: 'streetlight', pole: 'nope' })).text();
    assert.match(streetlight, /<a href="#pole">Enter the pole number as 2 letters and 4 numbers, like HC1234<\/a>/);
    assert.match(streetlight, /<a href="#light-fault">Select what is wrong with the light<\/a>/);
    const pothole = await post({ ...valid, problem: 'pothole', pole: 'nope' });
    assert.equal(pothole.status, 303, 'the streetlight step does not apply to a pothole: its fields are ignored');
  });

  it('accepts a valid report: 303 to the confirmation with its reference, keeping only the steps that apply', async () => {
    const response = await post({ ...valid, pole: 'HC9999' });
    assert.equal(response.status, 303);
    const location = response.headers.get('location') ?? '';
    const reference = /ref=([^&]+)$/.exec(location)?.[1] ?? '';
    assert.match(reference, REFERENCE_PATTERN, location);
    const report = await store.find(reference);
    assert.ok(report);
    assert.equal(report.values.get('street'), 'Wharf St');
    assert.equal(report.values.has('pole'), false);
    const confirmation = await app.request(location);
    assert.equal(confirmation.status, 200);
    const page = await confirmation.text();
    assert.match(page, new RegExp(`Your reference number is <strong>${reference}</strong>`));
    assert.doesNotMatch(page, /email/i, 'nothing sends email, so the page promises none');
  });

  it('hands out a new reference even when almost every one is taken, and stops trying rather than hang', async () => {
    let calls = 0;
    const taken = ['HCC-0000-0000', 'HCC-0000-0000', 'HCC-0000-0000', 'HCC-0000-0001'];
    const crowded = createReportStore({ newReference: () => taken[Math.min(calls++, taken.length - 1)] });
    assert.equal((await crowded.add(new Map())).reference, 'HCC-0000-0000');
    assert.equal((await crowded.add(new Map())).reference, 'HCC-0000-0001', 'a taken reference is never handed out twice');
    await assert.rejects(crowded.add(new Map()), /no free reference/, 'a store that cannot find one says so');
  });

  it('keeps the newest reports beyond its limit; an older confirmation says not found', async () => {
    const small = createReportStore({ limit: 2 });
    const [first, second, third] = [await small.add(new Map()), await small.add(new Map()), await small.add(new Map())];
    assert.equal(await small.find(first.reference), undefined);
    assert.ok(await small.find(second.reference));
    assert.ok(await small.find(third.reference));
  });

  it('stops one client sending reports in a loop (429 with Retry-After)', async () => {
    const limited = formRoutes({ store, rateLimit: { windowMs: 60_000, limit: 2 } });
    const send = () =>
      limited.request(FORM, {
        method: 'POST',
        body: new URLSearchParams(valid),
        headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      });
    assert.equal((await send()).status, 303);
    assert.equal((await send()).status, 303);
    const refused = await send();
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.match(await refused.text(), /too many times/);
  });

  it('does not acknowledge a report it could not save (503, no confirmation)', async () => {
    const failing = formRoutes({
      store: { add: () => Promise.reject(new Error('EIO')), find: async () => undefined, close: async () => {} },
    });
    const response = await failing.request(FORM, {
      method: 'POST',
      body: new URLSearchParams(valid),
      headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(response.status, 503);
    assert.equal(response.headers.get('location'), null);
    assert.match(await response.text(), /could not save your report/);
  });

  it('finds no report behind an unknown or malformed reference (404)', async () => {
    for (const ref of ['HCC-000000', 'HCC-0000-0000', 'nope', '<script>']) {
      const response = await app.request(`${FORM}/confirmation?ref=${encodeURIComponent(ref)}`);
      assert.equal(response.status, 404);
      assert.doesNotMatch(await response.text(), /<script>/);
    }
  });

  it('refuses posts from other sites (403), whatever the body claims to be', async () => {
    assert.equal((await post(valid, 'https://evil.example')).status, 403);
    const disguised = await app.request(FORM, {
      method: 'POST',
      body: new URLSearchParams(valid),
      headers: { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/json' },
    });
    assert.equal(disguised.status, 403);
    assert.match(await disguised.text(), /sent from another website/);
  });
});

describe('validateForm', () => {
  const errorsFor = (fields: Record<string, string>) =>
    validateForm(reportAProblem, formValues(new URLSearchParams({ ...valid, ...fields })), checkStreet).errors.map((e) => e.field);
  const table: Array<[Record<string, string>, string[]]> = [
    [{}, []],
    [{ email: 'name@example' }, []],
    [{ email: 'name@@example.nz' }, ['email']],
    [{ email: ' ' }, ['email']],
    [{ phone: '+64 3 000 0000' }, []],
    [{ phone: '03-000 (0000)' }, []],
    [{ phone: 'call me' }, ['phone']],
    [{ description: 'x'.repeat(1000) }, []],
    [{ description: 'x'.repeat(1001) }, ['description']],
    [{ problem: 'volcano' }, ['problem']],
    [{ street: 'wharf street' }, []],
    [{ street: 'Marine Pde.' }, []],
    [{ problem: 'streetlight', 'light-fault': 'off', pole: 'hc1234' }, []],
    [{ problem: 'streetlight', 'light-fault': 'disco' }, ['light-fault']],
  ];
  for (const [fields, expected] of table) {
    it(`${JSON.stringify(fields).slice(0, 60)} -> ${expected.join(', ') || 'valid'}`, () => assert.deepEqual(errorsFor(fields), expected));
  }

  it('applies the conditional step by the same rule the element reads', () => {
    assert.deepEqual(appliedSteps(reportAProblem, formValues(new URLSearchParams('problem=streetlight'))), [true, true, true, true]);
    assert.deepEqual(appliedSteps(reportAProblem, formValues(new URLSearchParams('problem=sign'))), [true, true, false, true]);
  });
});

describe('GET /forms: forms and tools with <filter-input>', () => {
  const app = formRoutes();
  const visible = (page: string) =>
    [...page.matchAll(/<li class="card"( hidden="")?><a href="([^"]+)">/g)].filter((m) => !m[1]).map((m) => m[2]);

  it('lists every form and tool, with the filterable search', async () => {
    const page = await (await app.request('/forms')).text();
    assert.match(page, /<link rel="modulepreload" href="\/dist\/classes\/filter-input\.js"/);
    assert.match(page, /<filter-input target="forms-list"><form action="\/forms" method="get">/);
    assert.equal(visible(page).length, 6);
  });

  it('filters without JavaScript by the query, keeping it in the field', async () => {
    const page = await (await app.request('/forms?q=rates')).text();
    assert.deepEqual(visible(page), ['/decision-trees/rates-rebate', '/services/rates-and-property/pay-your-rates']);
    assert.match(page, /name="q" type="search" value="rates"/);
    assert.doesNotMatch(page, /<noscript>/);
  });

  it('says so when nothing matches, to visitors without JavaScript', async () => {
    const page = await (await app.request('/forms?q=%3Cb%3Ezebra')).text();
    assert.deepEqual(visible(page), []);
    assert.match(page, /<noscript><p>No forms or tools match your search.<\/p><\/noscript>/);
    assert.match(page, /value="&lt;b&gt;zebra"/);
  });
});
