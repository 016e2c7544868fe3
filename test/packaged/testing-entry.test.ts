/**
 * `civic-elements/testing` as a council's theme developers get it: the packed package installed into a scratch
 * project outside the repository with web-test-runner, its Playwright launcher and axe-core, and a suite of the
 * council's own (fixtures/testing-suite) that uses only that entry and the kit's public entries, run there on both
 * builds of the kit. Needs the build's dist/.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromiumPath } from '../../scripts/chromium.mjs';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const SUITE = join(import.meta.dirname, 'fixtures', 'testing-suite');
/** Installing from the registry and running a browser suite take a while on a busy machine. */
const SLOW = { timeout: 300_000 };

let scratch: string;

describe('civic-elements/testing in a council’s own web-test-runner suite', () => {
  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'civic-testing-'));
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: ROOT, maxBuffer: 32 * 1024 * 1024 });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string }>;
    await cp(SUITE, scratch, { recursive: true });
    await writeFile(join(scratch, 'package.json'), JSON.stringify({ name: 'council-theme', private: true, type: 'module' }));
    // The versions the repository's own browser tests run on (the lines that install on Node 20).
    const devDependencies = [join(scratch, packed!.filename), '@web/test-runner@0.20', '@web/test-runner-playwright@0.11', '@web/test-runner-commands@0.9', '@esm-bundle/chai@4', 'axe-core@4'];
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', '--save-dev', ...devDependencies], { cwd: scratch, maxBuffer: 32 * 1024 * 1024 });
  }, SLOW);

  after(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('passes on the React build and the lean build', SLOW, async () => {
    const result = await run('npx', ['web-test-runner'], { cwd: scratch, env: { ...process.env, CHROME_PATH: chromiumPath() }, maxBuffer: 32 * 1024 * 1024 }).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    const output = `${result.stdout}\n${result.stderr}`;
    // The four template tests on each build, and each build's all-in-one entry registering the kit's tags.
    assert.match(output, /2\/2 test files \| 10 passed, 0 failed/, output);
  });
});
