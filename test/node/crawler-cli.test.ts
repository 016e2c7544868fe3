import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createSearchService, type SearchService } from '../../packages/civic-search/src/service/create-search-service';
import { startTestSite, type TestSite } from './crawler-test-site';
import { cliArgs } from './support/civic-search-cli';

/** Pages the CLI tests leave out: they only make a run slower. */
const QUICK = ['--delay', '0', '--exclude', '/slow', '--exclude', '/huge'];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `civic-search <args>` as a child process, as a user would; `whileRunning` may act on it (send a signal). */
function cli(args: string[], env: Record<string, string> = {}, whileRunning?: (child: ReturnType<typeof spawn>) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cliArgs(args), {
      env: { ...process.env, CIVIC_SEARCH_PRIVATE_KEY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    whileRunning?.(child);
  });
}

async function search(service: SearchService, engine: string, query: string): Promise<string[]> {
  const response = await service.request(`/api/as/v1/engines/${engine}/search.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const { results } = (await response.json()) as { results: Array<{ url: { raw: string } }> };
  return results.map((result) => new URL(result.url.raw).pathname);
}

describe('civic-search crawl, the command', () => {
  let site: TestSite;
  let dir: string;
  before(async () => {
    site = await startTestSite();
    dir = await mkdtemp(join(tmpdir(), 'civic-crawler-cli-'));
  });
  after(async () => {
    await site.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('crawls into a data folder, prints a summary with each failure, writes the report, and exits 0', async () => {
    const data = join(dir, 'data');
    const report = join(dir, 'report.json');
    const run = await cli(['crawl', `${site.origin}/`, '--engine', 'site', '--data', data, '--report', report, ...QUICK]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /civic-search crawl: complete in [\d.]+ s into engine "site"/);
    assert.match(run.stdout, /indexed 13,/);
    assert.match(run.stdout, new RegExp(`${site.origin}/broken: HTTP 500`));
    const written = JSON.parse(await readFile(report, 'utf8'));
    assert.equal(written.complete, true);
    assert.deepEqual(
      written.failures.map((failure: { url: string }) => new URL(failure.url).pathname),
      ['/broken'],
    );
    assert.ok((await stat(join(data, 'crawl-site.json'))).isFile(), 'the state is kept inside the data folder');

    const service = await createSearchService({ dataDir: data, inProcess: true });
    try {
      assert.deepEqual(await search(service, 'site', 'microchipping'), ['/docs/dog-guide.docx']);
      assert.deepEqual(await search(service, 'site', 'kerbside'), ['/services/rubbish/collection-days']);
    } finally {
      await service.close();
    }
  });

  describe('with a service running on the data folder', () => {
    let service: SearchService;
    let server: ServerType;
    let url: string;
    const data = () => join(dir, 'served');
    before(async () => {
      service = await createSearchService({ dataDir: data(), inProcess: true });
      server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => server.once('listening', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(async () => {
      await new Promise((resolve) => server.close(resolve));
      await service.close();
    });

    it('--data refuses, saying a service holds the folder and to use --service', async () => {
      const run = await cli(['crawl', `${site.origin}/`, '--engine', 'site', '--data', data(), ...QUICK]);
      assert.equal(run.code, 1);
      assert.match(run.stderr, /a civic-search service is running on .*served/);
      assert.match(run.stderr, /--service/);
    });

    it('--service writes through its API with the key from a file or the environment, never from a page', async () => {
      const state = join(dir, 'service-state.json');
      const keyFile = join(data(), 'private-key');
      const run = await cli(['crawl', `${site.origin}/`, '--engine', 'pages', '--service', url, '--private-key-file', keyFile, '--state', state, ...QUICK]);
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(await search(service, 'pages', 'burial register'), ['/sitemap-only']);
      assert.ok(site.requests.every((request) => request.headers.authorization === undefined));

      const key = (await readFile(keyFile, 'utf8')).trim();
      const again = await cli(['crawl', `${site.origin}/`, '--engine', 'pages', '--service', url, '--state', state, ...QUICK], {
        CIVIC_SEARCH_PRIVATE_KEY: key,
      });
      assert.equal(again.code, 0, again.stderr);
      assert.match(again.stdout, /indexed 0, unchanged \d+, skipped \d+, deleted 0/);

      const wrong = await cli(['crawl', `${site.origin}/`, '--engine', 'pages', '--service', url, '--state', state, '--private-key', 'private-wrong-key-0123456789'], {});
      assert.equal(wrong.code, 1);
      assert.match(wrong.stderr, /warning: --private-key: the key is visible to other users in the process list/);
      assert.match(wrong.stderr, /401 \(Invalid authentication token\.\)/);
      assert.doesNotMatch(wrong.stdout + wrong.stderr, /private-wrong-key-0123456789/);
    });
  });

  it('stops on Ctrl-C, saving the state and printing the summary', async () => {
    const data = join(dir, 'interrupted');
    let child: ReturnType<typeof spawn> | undefined;
    const before = site.requests.length;
    const running = cli(['crawl', `${site.origin}/`, '--engine', 'site', '--data', data, '--delay', '400'], {}, (spawned) => (child = spawned));
    const deadline = Date.now() + 30_000;
    while (site.requests.length < before + 6 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    child!.kill('SIGINT');
    const run = await running;
    assert.match(run.stdout, /civic-search crawl: interrupted/);
    assert.ok((await stat(join(data, 'crawl-site.json'))).isFile());
  });

  it('exits 2 on a bad command line and 1 when nothing could be crawled', async () => {
    const usage = await cli(['crawl', `${site.origin}/`, '--data', join(dir, 'x')]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--engine <name> is required/);
    const both = await cli(['crawl', `${site.origin}/`, '--engine', 'x']);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /either --service <url>/);
    // A port nothing listens on: the site is down.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nothing = await cli(['crawl', `http://127.0.0.1:${port}/`, '--engine', 'site', '--data', join(dir, 'nothing'), '--delay', '0']);
    assert.equal(nothing.code, 1);
    assert.match(nothing.stdout, /robots\.txt could not be read \(ECONNREFUSED\)/);
    assert.match(nothing.stdout, /civic-search crawl: nothing could be crawled in/);
    assert.match(nothing.stdout, /indexed 0, unchanged 0, skipped 0, deleted 0, failed 1/);
    const help = await cli(['crawl', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /--max-time <duration>/);
  });
});
