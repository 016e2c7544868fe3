import { test, expect } from '@playwright/test';
import { upgradeRenderedElements } from './upgrade';

/**
 * Each project runs the whole site on one build of the kit (playwright.config.ts): check the pages really load
 * that build's renderer, and only it, or every other spec of the lean project would be testing React again.
 */
test('the content page loads the renderer of the build under test, and no other', async ({ page }, testInfo) => {
  const build = testInfo.project.metadata.kitBuild;
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.goto('/guidance/building-consent');
  // Every element on the page is defined: its module, and the renderer it imports, have loaded.
  await upgradeRenderedElements(page);

  const renderer = (name: string) => scripts.filter((path) => new RegExp(`^/dist/chunks/${name}-[\\w-]+\\.js$`).test(path));
  expect(renderer(build === 'lean' ? 'preact' : 'react'), `scripts: ${scripts.join(', ')}`).toHaveLength(1);
  expect(renderer(build === 'lean' ? 'react' : 'preact')).toHaveLength(0);
});
