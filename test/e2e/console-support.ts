import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** What every console spec needs of the example site's console. */

/** The key the example's search service keeps in its data folder (the e2e server's folder is named by its port). */
export function exampleKey(baseURL: string | undefined): string {
  const port = new URL(baseURL ?? 'http://127.0.0.1:8181').port;
  return readFileSync(resolve(import.meta.dirname, '../..', `.data/e2e-${port}/search/private-key`), 'utf8').trim();
}

/** axe on the whole page; a violation is listed with the elements it was found on. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
