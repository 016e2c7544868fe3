import { test, expect, type Page, type Route } from '@playwright/test';

/**
 * The header's elements work as the server writes them (a GET search form, a list of section links), so the
 * autoloader loads their code when the visitor turns to them or when the browser is idle after load: a content
 * page's first load carries neither their code nor, for them, the renderer. Nothing the visitor does meanwhile is
 * lost.
 */
const CONTENT_PAGE = '/guidance/building-consent';

/** Keeps the page's idle callbacks until `releaseIdle`: a browser that never gets idle, so only intent counts. */
const HOLD_IDLE = `(() => {
  const held = [];
  const original = window.requestIdleCallback;
  window.requestIdleCallback = (callback) => held.push(callback);
  window.releaseIdle = () => {
    window.requestIdleCallback = original;
    for (const callback of held.splice(0)) original(callback);
  };
})();`;

/** Every script the page asks for, by path. */
function scriptRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

const isSiteSearchCode = (path: string) => /\/(elements|classes)\/site-search\.js$/.test(path);

/** Holds the answers for one element's code until `release()`, as a slow connection would. */
async function holdCode(page: Page, tag: string): Promise<{ release: () => void; asked: Promise<void> }> {
  let release = () => {};
  let asked = () => {};
  const askedPromise = new Promise<void>((resolve) => (asked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/classes/${tag}\\.js$`), async (route: Route) => {
    asked();
    await released;
    await route.continue();
  });
  return { release, asked: askedPromise };
}

const searchField = (page: Page) => page.getByRole('searchbox', { name: /^Search .* website$/ }).or(page.getByRole('combobox', { name: /^Search .* website$/ }));

test.describe('header elements on a desktop-sized window', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('the search box’s code is not asked for before the visitor turns to it', async ({ page }) => {
    await page.addInitScript(HOLD_IDLE);
    const scripts = scriptRequests(page);
    await page.goto(CONTENT_PAGE, { waitUntil: 'networkidle' });
    // The content page's own elements at the top have upgraded meanwhile.
    await page.waitForFunction(() => customElements.get('jump-links') !== undefined);
    expect(scripts.filter(isSiteSearchCode)).toEqual([]);
    expect(scripts.some((path) => /\/(elements|classes)\/mega-menu\.js$/.test(path))).toBe(false);
    await expect(page.getByRole('link', { name: 'Building and planning' }).first()).toBeVisible();
  });

  test('focusing the search box loads it; text typed while it loads stays, with focus and caret, and asks for suggestions', async ({ page }) => {
    await page.addInitScript(HOLD_IDLE);
    const scripts = scriptRequests(page);
    const code = await holdCode(page, 'site-search');
    await page.goto(CONTENT_PAGE, { waitUntil: 'networkidle' });
    const field = searchField(page);
    await field.click();
    await code.asked;
    await page.keyboard.type('build');
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => customElements.get('site-search') === undefined), 'typed before the upgrade').toBe(true);
    code.release();

    const combobox = page.getByRole('combobox', { name: /^Search .* website$/ });
    await expect(combobox).toHaveValue('build');
    await expect(combobox).toBeFocused();
    expect(await combobox.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([4, 4]);
    await expect(page.getByRole('listbox')).toBeVisible();
    expect(scripts.some(isSiteSearchCode)).toBe(true);
  });

  test('without any interaction, the header upgrades once the browser is idle', async ({ page }) => {
    await page.goto(CONTENT_PAGE);
    await expect(page.getByRole('combobox', { name: /^Search .* website$/ })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Building and planning' })).toBeVisible();
  });

  test('a click on a section link while the menu’s code loads opens its panel once it has upgraded', async ({ page }) => {
    await page.addInitScript(HOLD_IDLE);
    const code = await holdCode(page, 'mega-menu');
    await page.goto(CONTENT_PAGE, { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Building and planning', exact: true }).click();
    await code.asked;
    code.release();
    const button = nav.getByRole('button', { name: 'Building and planning' });
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'All Building and planning' })).toBeVisible();
    expect(new URL(page.url()).pathname, 'the server link was not followed').toBe(CONTENT_PAGE);
  });
});
