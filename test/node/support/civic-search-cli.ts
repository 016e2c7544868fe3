/**
 * The arguments that start civic-search's command line in a process of its own: `node ...cliArgs(['serve', ...])`.
 *
 * `npm test` builds the packages before the node tests and says so with CIVIC_TEST_BUILT=1. The tests then start
 * the built `dist/cli.js`, what an operator runs, which starts in well under half the time the sources take through
 * tsx: a difference the tests that restart the service again and again feel most. A test run on its own starts the
 * sources, so it needs no build and sees every edit.
 */
import { join } from 'node:path';

const PACKAGE = join(import.meta.dirname, '../../../packages/civic-search');

export function cliArgs(args: string[]): string[] {
  if (process.env.CIVIC_TEST_BUILT === '1') return [join(PACKAGE, 'dist/cli.js'), ...args];
  return ['--conditions=source', '--import', 'tsx', join(PACKAGE, 'src/cli.ts'), ...args];
}
