import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { readTestRelevanceSettings } from '../../packages/civic-search/src/cli/test-relevance-options';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import { cliArgs } from './support/civic-search-cli';

/**
 * `civic-search test-relevance` as a council's CI runs it: a child process against a service listening on a port,
 * with a private key in a file. Its table, and its exit codes: 0 passed, 1 worse or under a threshold, 2 a bad
 * command line, 3 could not run.
 */

const ROOT_KEY = 'private-relevance-cli-root-key';
const TITLE_FIRST = { search_fields: { title: { weight: 10 }, body: { weight: 1 } } };
const BODY_FIRST = { search_fields: { title: { weight: 1 }, body: { weight: 10 } } };

let dir: string;
let keyFile: string;
let service: SearchService;
let server: ReturnType<typeof serve>;
let url: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cliArgs(['test-relevance', ...args]), {
      env: { ...process.env, CIVIC_SEARCH_PRIVATE_KEY: '', CIVIC_SEARCH_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${ROOT_KEY}`, 'Content-Type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the JSON shape its endpoint answers
  return (await response.json()) as any;
}
const runsKept = async () => (await api('GET', '/api/civic/v1/engines/library/relevance_tests/runs')).results.length as number;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'relevance-tests-cli-'));
  keyFile = join(dir, 'key');
  await writeFile(keyFile, `${ROOT_KEY}\n`);
  service = await createSearchService({
    dataDir: join(dir, 'data'),
    privateKey: ROOT_KEY,
    inProcess: true,
    engines: [
      {
        name: 'library',
        documents: [
          { id: 'dog-registration', title: 'Dog registration', body: 'Register your pet each year.' },
          { id: 'dog-parks', title: 'Parks', body: 'Dog walking areas, dog parks and dog exercise.' },
          { id: 'opening-hours', title: 'Library opening hours', body: 'When the libraries are open.' },
        ],
      },
    ],
  });
  await service.ready();
  server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await api('PUT', '/api/as/v1/engines/library/search_settings', TITLE_FIRST);
  await api('POST', '/api/civic/v1/engines/library/relevance_tests', { query: 'dog', expected: ['dog-registration'] });
  await api('POST', '/api/civic/v1/engines/library/relevance_tests', {
    query: 'opening hours',
    expected: ['opening-hours', 'page-never-written'],
  });
});
after(async () => {
  (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  await new Promise((resolve) => server.close(resolve));
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

describe('civic-search test-relevance', () => {
  it('prints each test and the means, keeps the first run, and passes (exit 0)', async () => {
    const run = await cli(['--service', url, '--engine', 'library', '--private-key-file', keyFile]);
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.match(run.stdout, /^Query\s+Recall@10\s+nDCG@10\s+Change$/m);
    assert.match(run.stdout, /^dog\s+1\.000\s+1\.000$/m);
    assert.match(run.stdout, /^opening hours\s+0\.500\s+0\.613$/m, 'one of two pages found, first: 1 / (1 + 1/log2(3))');
    assert.match(run.stdout, /^Mean of 2 tests\s+0\.750\s+0\.807$/m);
    assert.match(run.stdout, /No run kept before this one/);
    assert.match(run.stdout, /^Passed\. The run is kept/m);
    assert.ok(!run.stdout.includes(ROOT_KEY) && !run.stderr.includes(ROOT_KEY), 'the key is never printed');
    assert.equal(await runsKept(), 1);
  });

  it('fails (exit 1) when a settings change makes a test worse, names it, and does not keep the run', async () => {
    await api('PUT', '/api/as/v1/engines/library/search_settings', BODY_FIRST);
    const run = await cli(['--service', url, '--engine', 'library'], { CIVIC_SEARCH_PRIVATE_KEY: ROOT_KEY });
    assert.equal(run.code, 1, run.stderr + run.stdout);
    assert.match(run.stdout, /^dog\s+1\.000\s+0\.631\s+−0\.369$/m);
    assert.match(run.stdout, /^Worse: "dog" nDCG@10 1\.000 → 0\.631$/m);
    assert.match(run.stdout, /FAILED: worse than the last run kept: nDCG@10 0\.807 → 0\.622/);
    assert.match(run.stdout, /The run is not kept/);
    assert.equal(await runsKept(), 1, 'a drop never becomes the baseline');
    await api('PUT', '/api/as/v1/engines/library/search_settings', TITLE_FIRST);
  });

  it('fails (exit 1) under --min-ndcg or --min-recall even when nothing got worse, and gives JSON with --json', async () => {
    const run = await cli([
      '--service',
      url,
      '--engine',
      'library',
      '--private-key-file',
      keyFile,
      '--min-ndcg',
      '0.9',
      '--min-recall',
      '0.5',
      '--json',
      '--no-record',
    ]);
    assert.equal(run.code, 1, run.stderr + run.stdout);
    const answer = JSON.parse(run.stdout) as { passed: boolean; failures: string[]; recorded: boolean; run: { ndcg: number } };
    assert.equal(answer.passed, false);
    assert.deepEqual(answer.failures, ['nDCG@10 0.807 is under --min-ndcg 0.9']);
    assert.equal(answer.recorded, false);
    const passing = await cli(['--service', url, '--engine', 'library', '--private-key-file', keyFile, '--min-ndcg', '0.8', '--no-record']);
    assert.equal(passing.code, 0, passing.stdout);
    assert.equal(await runsKept(), 1, '--no-record keeps nothing');
  });

  it('runs with a key that only reads the engine: what a CI job should hold', async () => {
    const { key } = await api('POST', '/api/as/v1/credentials', {
      name: 'ci',
      type: 'private',
      read: true,
      write: false,
      access_all_engines: false,
      engines: ['library'],
    });
    const run = await cli(['--service', url, '--engine', 'library'], { CIVIC_SEARCH_PRIVATE_KEY: key });
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.match(run.stdout, /Last run kept: .* \(cli\)/);
  });

  it('cannot run (exit 3) with a wrong key, an unknown engine, or no service, and says why', async () => {
    const wrongKey = await cli(['--service', url, '--engine', 'library'], { CIVIC_SEARCH_PRIVATE_KEY: 'private-wrong' });
    assert.equal(wrongKey.code, 3);
    assert.match(wrongKey.stderr, /could not be run: Invalid authentication token/);
    assert.ok(!wrongKey.stderr.includes('private-wrong'));
    const unknown = await cli(['--service', url, '--engine', 'nowhere', '--private-key-file', keyFile]);
    assert.equal(unknown.code, 3);
    assert.match(unknown.stderr, /Could not find engine/);
    const closed = await cli(['--service', 'http://127.0.0.1:9', '--engine', 'library', '--private-key-file', keyFile]);
    assert.equal(closed.code, 3);
    assert.match(closed.stderr, /did not answer/);
  });

  it('refuses a bad command line (exit 2), naming what is missing', async () => {
    const noEngine = await cli(['--service', url, '--private-key-file', keyFile]);
    assert.equal(noEngine.code, 2);
    assert.match(noEngine.stderr, /--engine <name> is required/);
    // The rest of the command line's checks, without a process each.
    await assert.rejects(
      readTestRelevanceSettings(['--service', url, '--engine', 'library'], {}),
      /private key that reads the engine is required/,
    );
    await assert.rejects(
      readTestRelevanceSettings(['--service', url, '--engine', 'x', '--private-key-file', keyFile, '--min-ndcg', '80'], {}),
      /--min-ndcg "80": give a number from 0 to 1/,
    );
    await assert.rejects(readTestRelevanceSettings(['--service', 'ftp://x', '--engine', 'x'], {}), /give the service's http\(s\) URL/);
    await assert.rejects(readTestRelevanceSettings(['--engine', 'x', '--what'], {}), /Unknown option '--what'/);
    const fromEnv = await readTestRelevanceSettings(['--engine', 'library'], {
      CIVIC_SEARCH_URL: `${url}/`,
      CIVIC_SEARCH_PRIVATE_KEY: ` ${ROOT_KEY} `,
    });
    assert.equal(fromEnv.service, url);
    assert.equal(fromEnv.privateKey, ROOT_KEY);
    assert.equal(fromEnv.record, true);
    const help = await cli(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Exit codes: 0 passed; 1 worse/);
  });
});
