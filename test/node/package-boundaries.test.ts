import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';

/**
 * civic-search shares the kit's search rules only through `civic-elements/core`, which its build bundles in: the lint
 * refuses a path into the kit's sources (it would tie the service to the repository's layout and, once published,
 * name files a server does not have) and the kit's element entries (React).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The restricted-import messages lint gives a module of civic-search that imports `specifier`. */
async function refusals(specifier: string, file = 'packages/civic-search/src/search/embedded/example.ts'): Promise<string[]> {
  const code = `import { DEFAULT_RESULTS_PER_PAGE } from '${specifier}';\nexport const size = DEFAULT_RESULTS_PER_PAGE;\n`;
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('package boundaries: civic-search and the kit', () => {
  it('refuses a relative path into the kit’s sources, from any depth', async () => {
    for (const [specifier, file] of [
      ['../../../../../src/core/constants', 'packages/civic-search/src/search/embedded/example.ts'],
      ['../../../../src/core/constants', 'packages/civic-search/src/search-page/example.ts'],
      ['../../../src/core/constants', 'packages/civic-search/src/example.ts'],
      ['../../../../elements/site-search', 'packages/civic-search/src/search-page/example.ts'],
    ]) {
      const messages = await refusals(specifier, file);
      assert.equal(messages.length, 1, `${specifier} from ${file}: ${messages.join('; ')}`);
      assert.match(messages[0], /civic-elements\/core/);
    }
  });

  it('refuses the kit’s element entries and takes its core entry and the service’s own modules', async () => {
    assert.equal((await refusals('civic-elements')).length, 1);
    assert.equal((await refusals('civic-elements/elements/site-search')).length, 1);
    assert.deepEqual(await refusals('civic-elements/core'), []);
    assert.deepEqual(await refusals('../types'), []);
  });
});
