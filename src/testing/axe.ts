import type { AxeResults, RunOptions } from 'axe-core';

type Axe = { run(context: Element, options: RunOptions): Promise<AxeResults> };

/**
 * axe-core's browser script sets `window.axe` (it is no ES module): loaded once, on the first check, so a suite
 * that never checks never loads it.
 */
async function loadAxe(): Promise<Axe> {
  const withAxe = window as unknown as { axe?: Axe };
  if (!withAxe.axe) await import('axe-core/axe.min.js');
  if (!withAxe.axe) throw new Error('axe-core did not load: install it beside civic-elements (npm install --save-dev axe-core).');
  return withAxe.axe;
}

/**
 * axe-core on a fixture: throws, listing each violation with the elements it found, unless there is none. Colour
 * checks see the styles the page has loaded: load the kit's stylesheet (and the site's) in the test page first.
 */
export async function expectNoAxeViolations(root: Element = document.body, options: RunOptions = {}): Promise<void> {
  const { violations } = await (await loadAxe()).run(root, options);
  if (violations.length === 0) return;
  const lines = violations.map((violation) => `${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  throw new Error(`axe found ${violations.length} accessibility violation(s):\n${lines.join('\n')}`);
}
