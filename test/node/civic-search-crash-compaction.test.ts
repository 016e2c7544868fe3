/**
 * `civic-search serve` killed (-9) while its index compacts: batches of pages full of words new to the index drift
 * it from a flat one fast, so it folds its added entries in every few batches (20,000 entries of drift) while the
 * writes go on; the kill comes in that stream. Started again, every batch answered 200 is there whole and
 * searchable, by a word of its own, and so are the batches written before the stream.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliArgs } from './support/civic-search-cli';

const KEY = 'private-crash-compaction-key-0123456789';
const BATCH = 10;
/** Words of its own in each page: a batch adds 2,000 postings entries, a compaction's drift every 10 batches. */
const WORDS_PER_PAGE = 200;

function startService(dataDir: string): Promise<ChildProcess & { origin?: string }> {
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
        resolve(Object.assign(child, { origin: match[1] }));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (said += chunk));
    child.once('exit', (code) => reject(new Error(`the service stopped (${code}) before it listened:\n${said}`)));
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

/** A word no other batch has (letters only, so analysis keeps it whole). */
const wordOf = (n: number, i: number, k: number) => `w${[n, i, k].map((part) => part.toString(26).replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)])).join('j')}`;

const batchOf = (n: number) =>
  Array.from({ length: BATCH }, (_, i) => ({
    id: `b${n}-d${i}`,
    title: `Notice ${n} ${i}`,
    body: Array.from({ length: WORDS_PER_PAGE }, (_, k) => wordOf(n, i, k)).join(' '),
  }));

async function found(origin: string, query: string): Promise<number> {
  const response = await fetch(`${origin}/api/as/v1/engines/notices/search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, page: { size: 20 } }),
  });
  return ((await response.json()) as { results: unknown[] }).results.length;
}

describe('civic-search serve under kill -9 while its index compacts', () => {
  it('keeps every acknowledged batch, whole and searchable', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'civic-search-crash-compaction-'));
    try {
      let running = await startService(dataDir);
      assert.equal((await api(running.origin!, 'POST', '/engines', { name: 'notices', language: 'en' })).status, 200);
      const acknowledged: number[] = [];
      const sent: number[] = [];
      const stopAfter = 25 + Math.floor(Math.random() * 40);
      let next = 0;
      let dead = false;
      const writer = async () => {
        while (!dead) {
          const n = next++;
          sent.push(n);
          try {
            const { status } = await api(running.origin!, 'POST', '/engines/notices/documents', batchOf(n));
            if (status === 200) acknowledged.push(n);
            if (acknowledged.length >= stopAfter && !dead) {
              dead = true;
              await new Promise<void>((resolve) => {
                running.once('exit', () => resolve());
                running.kill('SIGKILL');
              });
            }
          } catch {
            return; // the connection died with the service
          }
        }
      };
      await Promise.all([writer(), writer()]);
      assert.ok(acknowledged.length >= stopAfter, 'the stream was acknowledged up to the kill');

      running = await startService(dataDir);
      for (const n of sent) {
        const ids = batchOf(n).map((document) => document.id);
        const { body } = await api(running.origin!, 'GET', `/engines/notices/documents?${ids.map((id) => `ids[]=${id}`).join('&')}`);
        const present = (body as (object | null)[]).filter((document) => document !== null).length;
        if (acknowledged.includes(n)) assert.equal(present, BATCH, `batch ${n} was acknowledged: all there`);
        else assert.ok(present === 0 || present === BATCH, `batch ${n} was not acknowledged: all there or none (${present})`);
      }
      for (const n of [acknowledged[0], acknowledged[Math.floor(acknowledged.length / 2)], acknowledged.at(-1)!]) {
        assert.equal(await found(running.origin!, wordOf(n, 3, 7)), 1, `a word of batch ${n} finds its page after the restart`);
      }
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
