import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { exampleKey, expectNoAxeViolations, tabTo } from './console-support';

/**
 * Relevance tuning and relevance tests in the example site's console, as a search manager uses them: by keyboard
 * alone, with axe on every screen and state. The tests tune an engine of their own, made through the example's
 * search service, because other specs running beside these rely on how the site's own engine ranks its pages.
 */

test.describe.configure({ mode: 'serial' });

/** Replaces the focused field's text by typing, as a person does. */
async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

async function screenshots(page: Page, name: string) {
  if (process.env.CONSOLE_SCREENSHOTS !== '1') return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: resolve(import.meta.dirname, '../..', `docs/console/${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const ENGINE = `library-${Date.now().toString(36)}`;
const DOCUMENTS = [
  { id: 'dog-registration', title: 'Dog registration', body: 'Register your pet each year.' },
  { id: 'dog-parks', title: 'Parks', body: 'Dog walking areas, dog parks and dog exercise.' },
  { id: 'opening-hours', title: 'Library opening hours', body: 'When the libraries are open.' },
];

async function api(request: APIRequestContext, key: string, method: string, path: string, data?: unknown) {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${key}` }, ...(data !== undefined && { data }) });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return response.json();
}

async function firstResult(request: APIRequestContext, query: string): Promise<string> {
  const answer = await (await request.post(`/api/as/v1/engines/${ENGINE}/search`, { data: { query } })).json();
  return answer.results[0].id.raw;
}

test.beforeAll(async ({ request, baseURL }) => {
  const key = exampleKey(baseURL);
  await api(request, key, 'POST', '/api/as/v1/engines', { name: ENGINE });
  await api(request, key, 'POST', `/api/as/v1/engines/${ENGINE}/documents`, DOCUMENTS);
  await api(request, key, 'PUT', `/api/as/v1/engines/${ENGINE}/search_settings`, {
    search_fields: { title: { weight: 10 }, body: { weight: 1 } },
  });
  await api(request, key, 'POST', `/api/civic/v1/engines/${ENGINE}/relevance_tests`, { query: 'dog', expected: ['dog-registration'] });
});

test.afterAll(async ({ request, baseURL }) => {
  await request.delete(`/api/as/v1/engines/${ENGINE}`, { headers: { Authorization: `Bearer ${exampleKey(baseURL)}` } });
});

async function signInByKeyboard(page: Page, key: string) {
  await page.goto('/console/sign-in');
  await tabTo(page, /^Key$/);
  await page.keyboard.type(key);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Engines');
}

test('a search manager adds a relevance test, runs the tests and reads the run, by keyboard alone', async ({ page, baseURL }) => {
  await signInByKeyboard(page, exampleKey(baseURL));
  await page.goto(`/console/engines/${ENGINE}/relevance-tests`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${ENGINE}: relevance tests`);
  await expectNoAxeViolations(page);

  await tabTo(page, /^Query$/);
  await page.keyboard.type('opening hours');
  await tabTo(page, /^Pages that should come first$/);
  await page.keyboard.type('opening-hours 4');
  await tabTo(page, /^Add the test$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Line 1: write a document id or URL');
  await expect(page.getByLabel('Pages that should come first')).toHaveValue('opening-hours 4');
  await expectNoAxeViolations(page);

  await tabTo(page, /^Pages that should come first$/);
  await retype(page, 'opening-hours 3');
  await tabTo(page, /^Add the test$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('The test is added.');
  await expect(page.getByRole('region', { name: 'Tests', exact: true }).getByRole('rowheader', { name: 'opening hours' })).toBeVisible();

  await tabTo(page, /^Run the tests with the saved settings$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('The tests have run. Their scores are below.');
  const run = page.getByRole('region', { name: /^Run of / });
  await expect(run.getByRole('row', { name: /^dog / })).toContainText('dog-registration: position 1');
  await expect(run.getByRole('row', { name: /^Mean of 2 tests/ })).toContainText('1.000');
  await expect(page.getByRole('region', { name: 'History of runs' }).getByRole('row')).toHaveCount(2);
  await expectNoAxeViolations(page);
  await screenshots(page, 'relevance-tests');
});

test('a search manager changes a weight, sees the preview and the test it makes worse, then saves, by keyboard alone', async ({
  page,
  request,
  baseURL,
}) => {
  await signInByKeyboard(page, exampleKey(baseURL));
  await page.goto(`/console/engines/${ENGINE}/tuning`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${ENGINE}: relevance tuning`);
  await expect(page.getByRole('list', { name: '“dog” now' }).getByRole('listitem').first()).toContainText('Dog registration');
  await expectNoAxeViolations(page);

  await tabTo(page, /^title$/);
  await retype(page, '1');
  await tabTo(page, /^body$/);
  await retype(page, '10');
  await tabTo(page, /^Preview the draft$/);
  await page.keyboard.press('Enter');
  const verdict = page.getByRole('alert');
  await expect(verdict).toContainText('This draft makes 1 relevance test worse');
  await expect(verdict).toContainText('“dog”: nDCG@10 1.000 now, 0.631 with the draft');
  await expect(page.getByRole('list', { name: '“dog” now' }).getByRole('listitem').first()).toContainText('Dog registration');
  await expect(page.getByRole('list', { name: '“dog” with the draft' }).getByRole('listitem').first()).toContainText(
    'Parks (dog-parks) (up 1)',
  );
  expect(await firstResult(request, 'dog')).toBe('dog-registration');
  await expectNoAxeViolations(page);
  await screenshots(page, 'tuning');

  await tabTo(page, /^Save the settings$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Save anyway, though tests get worse' })).toBeVisible();
  expect(await firstResult(request, 'dog')).toBe('dog-registration');
  await expectNoAxeViolations(page);
  await tabTo(page, /^Save anyway, though tests get worse$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('The settings are saved: searches use them now.');
  expect(await firstResult(request, 'dog')).toBe('dog-parks');
  await expectNoAxeViolations(page);
});

test('the edit and delete pages pass axe, the list goes out and comes back as CSV, and nothing scrolls sideways at 375 px', async ({
  page,
  baseURL,
}) => {
  await page.goto('/console/sign-in');
  await page.getByLabel('Key').fill(exampleKey(baseURL));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.goto(`/console/engines/${ENGINE}/relevance-tests`);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the tests as CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv).toBe('query,document,grade\r\ndog,dog-registration,1\r\nopening hours,opening-hours,3\r\n');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'tests.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}bins,page-bins,1\r\n`) });
  await page.getByRole('button', { name: 'Import the tests' }).click();
  await expect(page.getByRole('status')).toHaveText('The tests are imported.');
  await expect(page.getByRole('rowheader', { name: 'bins' })).toBeVisible();

  await page.getByRole('link', { name: 'Edit the test “bins”' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit the test “bins”');
  await expectNoAxeViolations(page);
  await page.goto(`/console/engines/${ENGINE}/relevance-tests`);
  await page.getByRole('link', { name: 'Delete the test “bins”' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete the test “bins”?');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Delete the test' }).click();
  await expect(page.getByRole('status')).toHaveText('The test is deleted.');

  await page.setViewportSize({ width: 375, height: 740 });
  for (const screen of ['relevance-tests', 'tuning']) {
    await page.goto(`/console/engines/${ENGINE}/${screen}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth)
        .map((e) => `${e.tagName}.${e.className}#${e.id} ${Math.round(e.getBoundingClientRect().right)}`)
        .slice(0, 10),
    );
    expect(overflow, `${screen}: ${wide.join(' | ')}`).toBeLessThanOrEqual(0);
  }
});
