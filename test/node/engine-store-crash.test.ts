import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { intactFramesAfter } from '../../packages/civic-search/src/store/record-format';
import { decodeRecord } from '../../packages/civic-search/src/store/store-records';
import { openEngineStore } from '../../packages/civic-search/src/store';
import { BATCH_SIZE, batchDocuments, ENGINE } from './fixtures/engine-store/crash-documents';

const WRITER = fileURLToPath(new URL('./fixtures/engine-store/crash-writer.ts', import.meta.url));

/** What the killed process said was acknowledged, line by line. */
interface Acknowledged {
  puts: Set<string>;
  patches: Set<string>;
  deletes: Set<string>;
  /** Deletes asked for, acknowledged or not. */
  deleting: Set<string>;
}

/**
 * Runs the writer on `dir` and kills it with SIGKILL once it has acknowledged `killAfter` writes (a different
 * moment each round: writes are in flight, and a snapshot may be half written). Only whole lines count: a line is
 * printed after its write's promise resolved.
 */
function runAndKill(dir: string, round: number, killAfter: number, snapshotBytes: number): Promise<Acknowledged> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', WRITER, dir, String(round), String(snapshotBytes)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acknowledged: Acknowledged = { puts: new Set(), patches: new Set(), deletes: new Set(), deleting: new Set() };
    let text = '';
    let count = 0;
    let errors = '';
    child.stderr.on('data', (data) => (errors += data));
    child.stdout.on('data', (data) => {
      text += data;
      const lines = text.split('\n');
      text = lines.pop()!;
      for (const line of lines) {
        const [kind, batch] = line.split(' ');
        if (kind === 'put') acknowledged.puts.add(batch);
        else if (kind === 'patch') acknowledged.patches.add(batch);
        else if (kind === 'del') acknowledged.deletes.add(batch);
        else if (kind === 'deleting') {
          acknowledged.deleting.add(batch);
          continue;
        } else continue;
        if (++count === killAfter) child.kill('SIGKILL');
      }
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(acknowledged);
      else reject(new Error(`the writer stopped by itself (${code}): ${errors}`));
    });
  });
}

const merge = (into: Acknowledged, from: Acknowledged) => {
  for (const key of ['puts', 'patches', 'deletes', 'deleting'] as const) for (const batch of from[key]) into[key].add(batch);
};

/**
 * Opens the store as a restarted service would and checks it against what was acknowledged: every acknowledged
 * write is there, every batch is all there or not at all, and every document is whole.
 */
async function checkStore(dir: string, acknowledged: Acknowledged) {
  const store = await openEngineStore({ dir });
  try {
    const byBatch = new Map<string, Array<Record<string, unknown>>>();
    for (const document of store.documents(ENGINE)) {
      const batch = String(document.batch);
      byBatch.set(batch, [...(byBatch.get(batch) ?? []), document]);
    }
    for (const [batch, documents] of byBatch) {
      assert.equal(documents.length, BATCH_SIZE, `batch ${batch} is all there or not at all`);
      const patched = documents.map((document) => document.patched);
      assert.ok(patched.every((value) => value === patched[0]), `the patch of batch ${batch} is on all of it or none`);
      const expected = batchDocuments(batch).map((document) => (patched[0] === undefined ? document : { ...document, patched: 'yes' }));
      assert.deepEqual(
        [...documents].sort((a, b) => Number(a.n) - Number(b.n)),
        expected,
        `every document of batch ${batch} is whole`,
      );
    }
    for (const batch of acknowledged.puts) {
      if (acknowledged.deletes.has(batch)) assert.equal(byBatch.has(batch), false, `the acknowledged delete of ${batch} holds`);
      // A delete asked for but not acknowledged may or may not have happened.
      else if (!acknowledged.deleting.has(batch)) assert.ok(byBatch.has(batch), `the acknowledged put of ${batch} is there`);
    }
    for (const batch of acknowledged.patches) {
      if (acknowledged.deleting.has(batch)) continue;
      assert.equal(byBatch.get(batch)?.[0].patched, 'yes', `the acknowledged patch of ${batch} is there`);
    }
    return { store, batches: byBatch.size };
  } catch (error) {
    await store.close();
    throw error;
  }
}

const segments = async (dir: string) => (await readdir(dir)).filter((name) => /^log-\d+\.wal$/.test(name)).sort();

describe('engine store: kill -9 during a stream of writes', () => {
  it('keeps every acknowledged write and never half a batch, across kills at random moments', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engine-store-crash-'));
    const acknowledged: Acknowledged = { puts: new Set(), patches: new Set(), deletes: new Set(), deleting: new Set() };
    for (let round = 1; round <= 8; round++) {
      // A small snapshot threshold: snapshots start every few dozen writes, so some kills land in one.
      merge(acknowledged, await runAndKill(dir, round, 20 + Math.floor(Math.random() * 200), 200_000));
      const { store, batches } = await checkStore(dir, acknowledged);
      assert.notEqual(store.recovery.skipped?.kind, 'damaged', JSON.stringify(store.recovery.skipped));
      assert.ok(batches > 0);
      await store.close();
    }
    const names = await readdir(dir);
    assert.ok(names.some((name) => name.endsWith('.snap')), `snapshots were written: ${names.join(', ')}`);
  });

  it('loses only the write whose record was cut when the log is truncated mid-record after the kill', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engine-store-crash-cut-'));
    const acknowledged: Acknowledged = { puts: new Set(), patches: new Set(), deletes: new Set(), deleting: new Set() };
    for (let round = 1; round <= 4; round++) {
      merge(acknowledged, await runAndKill(dir, round, 20 + Math.floor(Math.random() * 60), 1e12));
      const file = join(dir, (await segments(dir)).at(-1)!);
      const bytes = await readFile(file);
      const last = intactFramesAfter(bytes, 0).at(-1)!;
      // The cut record's write is undone, acknowledged or not: a put, a patch or a delete of one batch.
      const record = decodeRecord(last.payload);
      if (record.op === 'put' && record.documents[0].patched) acknowledged.patches.delete(String(record.documents[0].batch));
      else if (record.op === 'put') acknowledged.puts.delete(String(record.documents[0].batch));
      else if (record.op === 'delete') {
        const batch = record.ids[0].replace(/-\d+$/, '');
        acknowledged.deletes.delete(batch);
        acknowledged.deleting.delete(batch);
      }
      else assert.fail(`the last record is a ${record.op}`);
      await truncate(file, last.offset + 1 + Math.floor(Math.random() * (last.end - last.offset - 2)));

      const { store } = await checkStore(dir, acknowledged);
      assert.equal(store.recovery.skipped?.kind, 'torn-tail');
      assert.equal(store.recovery.skipped?.offset, last.offset);
      await store.close();
    }
  });
});
