/**
 * `civic-search serve` under kill -9, through its HTTP API as a CMS uses it: a stream of document batches is
 * written, the service is killed at a random moment, started again on the same data folder, and every batch it
 * answered 200 is there whole and searchable; a batch it never answered is there whole or not at all.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliArgs } from './support/civic-search-cli';

const KEY = 'private-crash-test-key-0123456789';
const BATCH = 10;

interface Running {
  child: ChildProcess;
  origin: string;
}

/** Starts the service from source on a free port; resolves once it says it listens. */
function startService(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, cliArgs(['serve', '--data', dataDir, '--port', '0', '--private-key', KEY]), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let said = '';
    const onData = (chunk: Buffer) => {
      said += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(said);
      if (match) {
        child.stdout!.off('data', onData);
        resolve({ child, origin: match[1] });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (said += chunk));
    child.once('exit', (code) => reject(new Error(`the service stopped (${code}) before it listened:\n${said}`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function api(origin: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${origin}/api/as/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const batchOf = (round: number, n: number) =>
  Array.from({ length: BATCH }, (_, i) => ({ id: `r${round}-b${n}-d${i}`, title: `Notice ${round} ${n} ${i}`, body: `batchword${round}x${n}` }));

/** Writes batches from two clients until `stopAfter` are acknowledged, then kills the service mid-stream. */
async function writeUntilKilled(running: Running, round: number, stopAfter: number) {
  const acknowledged: number[] = [];
  const sent: number[] = [];
  let next = 0;
  let dead = false;
  const writer = async () => {
    while (!dead) {
      const n = next++;
      sent.push(n);
      try {
        const { status } = await api(running.origin, 'POST', '/engines/notices/documents', batchOf(round, n));
        if (status === 200) acknowledged.push(n);
        if (acknowledged.length >= stopAfter && !dead) {
          dead = true;
          await killed(running.child);
        }
      } catch {
        return; // the connection died with the service
      }
    }
  };
  await Promise.all([writer(), writer()]);
  return { acknowledged, sent };
}

async function checkRound(origin: string, round: number, acknowledged: number[], sent: number[]) {
  for (const n of sent) {
    const ids = batchOf(round, n).map((document) => document.id);
    const { body } = await api(origin, 'GET', `/engines/notices/documents?${ids.map((id) => `ids[]=${id}`).join('&')}`);
    const present = (body as (object | null)[]).filter((document) => document !== null).length;
    if (acknowledged.includes(n)) assert.equal(present, BATCH, `batch ${n} of round ${round} was acknowledged: all there`);
    else assert.ok(present === 0 || present === BATCH, `batch ${n} of round ${round} was not acknowledged: all there or none (${present})`);
  }
  const last = acknowledged[acknowledged.length - 1];
  const search = await fetch(`${origin}/api/as/v1/engines/notices/search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: `batchword${round}x${last}` }),
  });
  const found = ((await search.json()) as { results: unknown[] }).results;
  assert.equal(found.length, BATCH, 'an acknowledged batch is searchable after the restart');
}

describe('civic-search serve under kill -9', () => {
  it('keeps every acknowledged write, whole, across kills and a log cut short', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'civic-search-crash-'));
    try {
      let running = await startService(dataDir);
      assert.equal((await api(running.origin, 'POST', '/engines', { name: 'notices', language: 'en' })).status, 200);
      const rounds: { acknowledged: number[]; sent: number[] }[] = [];
      for (let round = 0; round < 3; round++) {
        rounds.push(await writeUntilKilled(running, round, 15 + Math.floor(Math.random() * 30)));
        if (round === 2) {
          // A torn last record: the log cut a few bytes short, as a crash in mid-write leaves it.
          const storeDir = join(dataDir, 'store');
          const logs = (await readdir(storeDir)).filter((name) => name.endsWith('.wal')).sort();
          const log = join(storeDir, logs[logs.length - 1]);
          const { size } = await stat(log);
          await truncate(log, size - 7);
          // The cut record is the last group commit: with two writers, up to the last two acknowledged batches. They
          // are now held to the all-or-none rule only (a real crash tears only what was never acknowledged).
          rounds[round].acknowledged.splice(-2);
        }
        running = await startService(dataDir);
        for (let earlier = 0; earlier <= round; earlier++) {
          await checkRound(running.origin, earlier, rounds[earlier].acknowledged, rounds[earlier].sent);
        }
      }
      await killed(running.child);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
