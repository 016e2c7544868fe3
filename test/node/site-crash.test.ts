import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFeedbackStore, FEEDBACK_FILE } from '../../examples/site/server/feedback-store';

/**
 * The example server killed by signal 9 in the middle of real traffic: every post it acknowledged (feedback
 * answered 200, a report answered 303 with its reference) must be there after a restart.
 */

const ROOT = new URL('../..', import.meta.url).pathname;
const folders: string[] = [];
const servers = new Set<ChildProcess>();
after(async () => {
  for (const server of servers) server.kill('SIGKILL');
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

interface RunningSite {
  port: number;
  process: ChildProcess;
}

/** Starts `examples/server.ts` on a free port with its own data folders; resolves once it listens. */
function startSite(dataDir: string): Promise<RunningSite> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SITE_DATA_DIR: join(dataDir, 'site'), SEARCH_DATA_DIR: join(dataDir, 'search') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.add(child);
  child.on('exit', () => servers.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port) resolve({ port: Number(port), process: child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the site stopped (${code}) before it listened:\n${output}`)));
  });
}

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

/**
 * One request from a given loopback address: each address is a different visitor to the per-client post
 * limits, as many people posting at once would be.
 */
function send(port: number, path: string, options: { method?: string; body?: string; from?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        localAddress: options.from,
        agent: false,
        headers: {
          'Sec-Fetch-Site': 'same-origin',
          Accept: 'application/json',
          ...(options.body !== undefined && { 'Content-Type': 'application/x-www-form-urlencoded' }),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const report = new URLSearchParams({
  problem: 'pothole',
  description: 'A deep pothole in the left lane',
  street: 'Wharf St',
  'full-name': 'Aroha Smith',
  email: 'aroha@example.nz',
}).toString();

describe('the example site under kill -9', () => {
  it(
    'keeps every feedback answer and report it acknowledged, and serves their confirmations after a restart',
    { timeout: 60_000 },
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'site-crash-'));
      folders.push(dataDir);
      const site = await startSite(dataDir);

      const acknowledgedFeedback = new Set<string>();
      const acknowledgedReports = new Set<string>();
      let sent = 0;
      let stop = false;
      const killed = new Promise<void>((resolve) => site.process.once('exit', () => resolve()));

      /** One visitor after another from its own address, until the server dies under them. */
      const poster = async (lane: number) => {
        for (let round = 0; !stop && round < 1_000; round++) {
          const from = `127.0.${lane + 1}.${(round % 250) + 2}`;
          const id = `${lane}-${round}`;
          try {
            if (round % 5 === 4) {
              const answer = await send(site.port, '/forms/report-a-problem', { method: 'POST', body: report, from });
              const reference = /ref=([^&]+)$/.exec(answer.location ?? '')?.[1];
              if (answer.status === 303 && reference) acknowledgedReports.add(decodeURIComponent(reference));
            } else {
              const answer = await send(site.port, '/feedback', { method: 'POST', body: `page=%2Fcrash%2F${id}&useful=yes`, from });
              if (answer.status === 200 && answer.body === '{"ok":true}') acknowledgedFeedback.add(`/crash/${id}`);
            }
          } catch {
            return; // the connection died with the server: that post was never acknowledged
          }
          sent++;
        }
      };
      const lanes = Array.from({ length: 8 }, (_, lane) => poster(lane));
      // Kill in the middle of the traffic: once enough has been acknowledged, with posts in flight on every lane.
      while (acknowledgedFeedback.size < 200 || acknowledgedReports.size < 20) {
        await new Promise((resolve) => setImmediate(resolve));
        assert.ok(site.process.exitCode === null, 'the site died before it was killed');
      }
      site.process.kill('SIGKILL');
      await killed;
      stop = true;
      await Promise.all(lanes);
      assert.ok(sent > acknowledgedFeedback.size, 'posts were still being sent when it was killed');

      // What is on disk, read back as the store reads it at start.
      const stored = createFeedbackStore({ file: join(dataDir, 'site', FEEDBACK_FILE), warn: () => {} });
      const pages = new Set((await stored.entries()).map((entry) => entry.page));
      await stored.close();
      const lost = [...acknowledgedFeedback].filter((page) => !pages.has(page));
      assert.deepEqual(lost, [], `${lost.length} of ${acknowledgedFeedback.size} acknowledged answers lost`);

      const restarted = await startSite(dataDir);
      for (const reference of acknowledgedReports) {
        const confirmation = await send(restarted.port, `/forms/report-a-problem/confirmation?ref=${encodeURIComponent(reference)}`);
        assert.equal(confirmation.status, 200, `report ${reference} was acknowledged, then lost`);
        assert.match(confirmation.body, new RegExp(`Your reference number is <strong>${reference}</strong>`));
      }
      // And the restarted site takes new posts after whatever the kill left half-written.
      const fresh = await send(restarted.port, '/feedback', { method: 'POST', body: 'page=%2Fafter&useful=no', from: '127.0.9.9' });
      assert.equal(fresh.status, 200);
      restarted.process.kill('SIGKILL');
    },
  );
});
