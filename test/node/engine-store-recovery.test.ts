import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { appendFile, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineDocument } from '../../packages/civic-search/src/engines/documents-file';
import { intactFramesAfter } from '../../packages/civic-search/src/store/record-format';
import { readSnapshot } from '../../packages/civic-search/src/store/snapshot';
import { openEngineStore, StoreStartError, type EngineStore } from '../../packages/civic-search/src/store';

const temporaryDir = () => mkdtemp(join(tmpdir(), 'engine-store-recovery-'));
const doc = (id: string): EngineDocument => ({ id, title: `Title ${id}`, body: `Body of ${id} `.repeat(20) });
const ids = (store: EngineStore, engine = 'pages') => store.documents(engine).map((document) => document.id);
const segment = (dir: string, seq: number) => join(dir, `log-${String(seq).padStart(10, '0')}.wal`);
const snapshot = (dir: string, seq: number) => join(dir, `snapshot-${String(seq).padStart(10, '0')}.snap`);
const exists = (file: string) => stat(file).then(
  () => true,
  () => false,
);

/** console.error lines written while a test runs (the store reports damage there). */
let errors: string[] = [];
const originalError = console.error;
beforeEach(() => {
  errors = [];
  console.error = (...parts: unknown[]) => errors.push(parts.map(String).join(' '));
});
afterEach(() => {
  console.error = originalError;
});

/**
 * A store with one engine and a put of each id, each its own record. With `reopen`, the store is closed and opened
 * again around each put: closing waits for a snapshot under way, so which snapshots exist does not depend on timing.
 */
async function storeWith(dir: string, puts: string[], options = {}, reopen = false): Promise<void> {
  let store = await openEngineStore({ dir, ...options });
  await store.createEngine('pages', null);
  for (const id of puts) {
    if (reopen) {
      await store.close();
      store = await openEngineStore({ dir, ...options });
    }
    await store.putDocuments('pages', [doc(id)]);
  }
  await store.close();
}

describe('engine store: a damaged log', () => {
  it('skips a torn last record (file cut short), reports it with file and offset, and appends after the cut', async () => {
    const dir = await temporaryDir();
    await storeWith(dir, ['a', 'b', 'c']);
    const frames = intactFramesAfter(await readFile(segment(dir, 1)), 0);
    const last = frames.at(-1)!;
    await truncate(segment(dir, 1), last.end - 5);

    const store = await openEngineStore({ dir });
    assert.deepEqual(ids(store), ['a', 'b']);
    assert.equal(store.recovery.skipped?.kind, 'torn-tail');
    assert.equal(store.recovery.skipped?.offset, last.offset);
    assert.equal(store.recovery.skipped?.file, segment(dir, 1));
    assert.ok(errors.some((line) => line.includes(segment(dir, 1)) && line.includes(`offset ${last.offset}`)), errors.join('\n'));
    await store.putDocuments('pages', [doc('d')]);
    await store.close();

    errors = [];
    const again = await openEngineStore({ dir });
    assert.deepEqual(ids(again), ['a', 'b', 'd'], 'the write after the cut is not lost behind the torn bytes');
    assert.equal(again.recovery.skipped, undefined);
    assert.deepEqual(errors, []);
    await again.close();
  });

  it('skips garbage appended after the last record', async () => {
    const dir = await temporaryDir();
    await storeWith(dir, ['a', 'b']);
    const size = (await stat(segment(dir, 1))).size;
    await appendFile(segment(dir, 1), Buffer.from('CSWL\x05\x00\x00\x00garbage that is not a record'));
    const store = await openEngineStore({ dir });
    assert.deepEqual(ids(store), ['a', 'b']);
    assert.deepEqual([store.recovery.skipped?.kind, store.recovery.skipped?.offset], ['torn-tail', size]);
    assert.equal((await stat(segment(dir, 1))).size, size, 'the file is cut back to its last good record');
    await store.close();
  });

  it('stops at a corrupted record in the middle: reported loudly, the rest kept aside and not applied', async () => {
    const dir = await temporaryDir();
    await storeWith(dir, ['a', 'b', 'c', 'd']);
    const bytes = await readFile(segment(dir, 1));
    const frames = intactFramesAfter(bytes, 0);
    // Records: create, a, b, c, d. Change one byte inside b's payload.
    const b = frames[2];
    bytes[b.offset + 40] ^= 0xff;
    await writeFile(segment(dir, 1), bytes);

    const store = await openEngineStore({ dir });
    assert.deepEqual(ids(store), ['a']);
    const skipped = store.recovery.skipped!;
    assert.equal(skipped.kind, 'damaged');
    assert.equal(skipped.offset, b.offset);
    assert.match(skipped.reason, /checksum/);
    assert.ok(errors.some((line) => line.includes('DAMAGED LOG') && line.includes(`offset ${b.offset}`)));
    const aside = await readFile(skipped.keptAs[0]);
    assert.deepEqual(aside, bytes.subarray(b.offset), 'the bytes not applied are kept for a person to look at');
    await store.putDocuments('pages', [doc('e')]);
    await store.close();

    const again = await openEngineStore({ dir });
    assert.deepEqual(ids(again), ['a', 'e']);
    await again.close();
  });

  it('stops at damage in an earlier segment: later segments are kept aside, not applied, and not appended behind', async () => {
    const dir = await temporaryDir();
    await storeWith(dir, ['a', 'b', 'c', 'd'], { snapshotAfterRecords: 3 });
    // Segment 1: create, a, b; segment 2: c, d. Without the snapshot, start replays both.
    await rm(snapshot(dir, 2));
    const bytes = await readFile(segment(dir, 1));
    bytes[intactFramesAfter(bytes, 0)[2].offset + 25] ^= 0xff;
    await writeFile(segment(dir, 1), bytes);

    const store = await openEngineStore({ dir });
    assert.deepEqual(ids(store), ['a']);
    assert.equal(store.recovery.skipped?.kind, 'damaged');
    assert.equal(store.recovery.skipped?.keptAs.length, 2);
    assert.ok(store.recovery.skipped?.keptAs[1].startsWith(`${segment(dir, 2)}.damaged-`));
    assert.equal(await exists(segment(dir, 2)), false);
    await store.putDocuments('pages', [doc('e')]);
    await store.close();
    const again = await openEngineStore({ dir });
    assert.deepEqual(ids(again), ['a', 'e']);
    await again.close();
  });

  it('treats good records after a bad one in the same unfinished write as a torn tail', async () => {
    const dir = await temporaryDir();
    const first = await openEngineStore({ dir });
    await first.createEngine('pages', null);
    await first.putDocuments('pages', [doc('a')]);
    await first.close();
    // After a restart (batch numbers go on from the file's last), the next writes: those made while a flush is
    // under way go out together in one write.
    const store = await openEngineStore({ dir });
    await store.putDocuments('pages', [doc('b')]);
    await Promise.all(['c', 'd', 'e', 'f'].map((id) => store.putDocuments('pages', [doc(id)])));
    await store.close();
    const bytes = await readFile(segment(dir, 1));
    const frames = intactFramesAfter(bytes, 0);
    const batch = frames.filter((frame) => frame.batch === frames.at(-1)!.batch);
    assert.ok(batch.length >= 3, `one write took ${batch.length} records`);
    // A crash cut a record in the middle of that write, while the ones after it reached the disk.
    bytes[batch[1].offset + 30] ^= 0xff;
    await writeFile(segment(dir, 1), bytes);

    const reopened = await openEngineStore({ dir });
    assert.equal(reopened.recovery.skipped?.kind, 'torn-tail');
    assert.equal(reopened.recovery.skipped?.offset, batch[1].offset);
    // Every put before the damaged record (the first record made the engine).
    assert.deepEqual(ids(reopened), ['a', 'b', 'c', 'd', 'e', 'f'].slice(0, frames.indexOf(batch[1]) - 1));
    await reopened.close();
  });
});

describe('engine store: snapshots', () => {
  it('writes a snapshot past the threshold, starts from it and replays only the log after it', async () => {
    const dir = await temporaryDir();
    const store = await openEngineStore({ dir, snapshotAfterRecords: 4 });
    await store.createEngine('pages', 'en');
    await store.updateSchema('pages', { published: 'date' });
    for (const id of ['a', 'b', 'c']) await store.putDocuments('pages', [doc(id)]);
    await store.deleteDocuments('pages', ['b']);
    await store.close();
    assert.ok(await exists(snapshot(dir, 2)), (await readdir(dir)).join(', '));

    const reopened = await openEngineStore({ dir });
    assert.equal(reopened.recovery.snapshot?.file, snapshot(dir, 2));
    assert.equal(reopened.recovery.snapshot?.documents, 2);
    assert.equal(reopened.recovery.recordsReplayed, 2, 'only the put and the delete after the snapshot');
    assert.deepEqual(ids(reopened), ['a', 'c']);
    assert.deepEqual(await reopened.schema('pages'), { published: 'date', title: 'text', body: 'text' });
    assert.equal((await reopened.engineInfo('pages'))?.language, 'en');
    await reopened.close();
  });

  it('keeps acknowledging writes while a large snapshot is written, and keeps them out of it', async () => {
    const dir = await temporaryDir();
    const first = await openEngineStore({ dir, snapshotAfterBytes: 1e12 });
    await first.createEngine('pages', null);
    const many = Array.from({ length: 20_000 }, (_, i) => ({ id: `d${i}`, title: `Document ${i}`, body: 'words '.repeat(150) }));
    await first.putDocuments('pages', many);
    await first.close();

    const store = await openEngineStore({ dir, snapshotAfterBytes: 1 });
    // This write crosses the threshold: the log moves to segment 2 and a snapshot of ~20 MB starts.
    await store.putDocuments('pages', [doc('before')]);
    // Writes go on while it is written: count those acknowledged before it is whole.
    let during = 0;
    while (during < 1000 && !(await exists(snapshot(dir, 2)))) {
      await store.putDocuments('pages', [doc(`during-${during}`)]);
      if (!(await exists(snapshot(dir, 2)))) during++;
    }
    assert.ok(during >= 1, 'a write was acknowledged while the snapshot was being written');
    await store.close();

    assert.equal((await readSnapshot(snapshot(dir, 2))).documents, 20_001, 'the snapshot holds the state when it started');
    const reopened = await openEngineStore({ dir });
    assert.ok(ids(reopened).length >= 20_001 + during);
    assert.deepEqual(ids(reopened).slice(20_000, 20_002), ['before', 'during-0']);
    await reopened.close();
  });

  it('starts correctly from a crash at any point of a snapshot: before it is whole, and before old files go', async () => {
    const dir = await temporaryDir();
    await storeWith(dir, ['a', 'b', 'c'], { snapshotAfterRecords: 3 });
    // create, a, b in segment 1; the snapshot 2 holds them; c went to segment 2.
    assert.deepEqual(await readdir(dir), ['log-0000000001.wal', 'log-0000000002.wal', 'snapshot-0000000002.snap']);

    // Crashed before the snapshot was renamed into place: a temporary file, the old log whole.
    const whole = await readFile(snapshot(dir, 2));
    await rm(snapshot(dir, 2));
    await writeFile(`${snapshot(dir, 2)}.tmp`, whole.subarray(0, 100));
    let store = await openEngineStore({ dir });
    assert.deepEqual(ids(store), ['a', 'b', 'c']);
    assert.equal(store.recovery.snapshot, undefined);
    assert.equal(await exists(`${snapshot(dir, 2)}.tmp`), false, 'the unfinished snapshot is removed');
    await store.close();

    // Crashed after the rename, before anything old was removed: the new snapshot and every segment.
    await writeFile(snapshot(dir, 2), whole);
    store = await openEngineStore({ dir });
    assert.deepEqual(ids(store), ['a', 'b', 'c']);
    assert.deepEqual(store.recovery.segments, [segment(dir, 2)]);
    await store.close();

    // Crashed after the snapshot was whole, before the next segment existed.
    await rm(segment(dir, 2));
    store = await openEngineStore({ dir });
    assert.deepEqual(ids(store), ['a', 'b']);
    await store.putDocuments('pages', [doc('z')]);
    await store.close();
    store = await openEngineStore({ dir });
    assert.deepEqual(ids(store), ['a', 'b', 'z']);
    await store.close();
  });

  it('falls back to the older snapshot and its log when the newest is damaged, and says so', async () => {
    const dir = await temporaryDir();
    await storeWith(dir, ['a', 'b', 'c', 'd', 'e'], { snapshotAfterRecords: 2 }, true);
    const names = await readdir(dir);
    const snapshots = names.filter((name) => name.endsWith('.snap')).sort();
    assert.equal(snapshots.length, 2, `the previous snapshot is kept as a fallback: ${names.join(', ')}`);
    const newest = join(dir, snapshots[1]);
    const bytes = await readFile(newest);
    bytes[bytes.indexOf('Title') + 1] ^= 0x01;
    await writeFile(newest, bytes);

    const store = await openEngineStore({ dir });
    assert.deepEqual(ids(store), ['a', 'b', 'c', 'd', 'e']);
    assert.equal(store.recovery.snapshot?.file, join(dir, snapshots[0]));
    assert.deepEqual(
      store.recovery.damagedSnapshots.map(({ file, reason }) => [file, /checksum/.test(reason)]),
      [[newest, true]],
    );
    assert.ok(errors.some((line) => line.includes(newest) && line.includes('damaged')));
    await store.close();
  });

  it('fails to start, loudly, when no good snapshot holds what the log no longer has', async () => {
    const dir = await temporaryDir();
    await storeWith(dir, ['a', 'b', 'c', 'd', 'e', 'f', 'g'], { snapshotAfterRecords: 2 }, true);
    for (const name of (await readdir(dir)).filter((name) => name.endsWith('.snap'))) {
      await truncate(join(dir, name), 50);
    }
    await assert.rejects(
      openEngineStore({ dir }),
      (error: Error) => error instanceof StoreStartError && /no good snapshot holds what came before it/.test(error.message),
    );
    // The lock is let go: a fixed directory can be opened.
    await assert.rejects(openEngineStore({ dir }), StoreStartError);
  });
});
