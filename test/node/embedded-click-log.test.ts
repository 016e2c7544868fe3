import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { open, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CLICK_LIMITS, createClickStore, openClickStore } from '../../packages/civic-search/src/search/embedded/click-store';
import { MAX_LINE_BYTES } from '../../packages/civic-search/src/search/embedded/log-lines';
import { temporaryDataDir } from './embedded-fixtures';

const LARGE_LOG_LINES = 200_000;
const QUERIES = ['rates relief', 'dog registration', 'rubbish collection days', 'building consent fees', 'library hours'];

/** A click log of `count` lines, as the store writes them, cycling through QUERIES and ten documents. */
async function writeLargeLog(file: string, count: number): Promise<void> {
  const handle = await open(file, 'w');
  try {
    for (let start = 0; start < count; start += 10_000) {
      let batch = '';
      for (let n = start; n < Math.min(count, start + 10_000); n++) {
        const click = {
          engine: 'site',
          query: QUERIES[n % QUERIES.length],
          document_id: `doc-${n % 10}`,
          request_id: n.toString(16).padStart(32, '0'),
          tags: ['results'],
          at: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
        };
        batch += `${JSON.stringify(click)}\n`;
      }
      await handle.write(batch);
    }
  } finally {
    await handle.close();
  }
}

describe('click log: what one click may store', () => {
  it('caps the query and tags and takes control characters out, so a click line stays small', async () => {
    const file = join(await temporaryDataDir(), 'clicks.jsonl');
    const store = await openClickStore(file);
    const control = '\u0001\u0000\u001b'.repeat(1000);
    const record = await store.record({
      engine: 'site',
      query: `${control}rates${control}`,
      document_id: 'doc-1',
      request_id: 'r'.repeat(32),
      tags: Array.from({ length: 100 }, (_, n) => `${control}tag ${n}${'x'.repeat(500)}`),
    });
    const line = (await readFile(file, 'utf8')).trimEnd();
    assert.ok(Buffer.byteLength(line) < 1024, `${Buffer.byteLength(line)} bytes`);
    assert.doesNotMatch(line, /\\u00/, 'no escaped control characters');
    assert.ok(record.query.length <= CLICK_LIMITS.queryMaxLength);
    assert.ok(record.tags.length <= CLICK_LIMITS.tagsMax && record.tags.every((tag) => tag.length <= CLICK_LIMITS.tagMaxLength));
    assert.equal(record.query, ' rates ', 'each run of control characters became one space');
    assert.equal(store.popularQueries('site').get('rates'), 1);

    const cut = await store.record({ engine: 'site', query: `${'q'.repeat(127)}🦆`, document_id: 'doc-1', tags: [] });
    assert.doesNotMatch(JSON.stringify(cut.query), /\\ud/, 'no half of an emoji left');
  });
});

describe('click log: any size', () => {
  it(`reads a log of ${LARGE_LOG_LINES.toLocaleString('en')} lines in pieces, the event loop turning between them, and counts every click`, async () => {
    const file = join(await temporaryDataDir(), 'clicks.jsonl');
    await writeLargeLog(file, LARGE_LOG_LINES);
    const store = createClickStore(file, { compactAboveBytes: Number.MAX_SAFE_INTEGER });
    // What a request arriving meanwhile would see: the clicks read so far, at many points of the reading.
    const seen = new Set<number>();
    let reading = true;
    const watch = () => {
      if (store.count > 0 && store.count < LARGE_LOG_LINES) seen.add(store.count);
      if (reading) setImmediate(watch);
    };
    setImmediate(watch);
    await store.loaded;
    reading = false;
    assert.ok(seen.size >= 20, `the event loop turned while the log was read (${seen.size} points seen)`);
    assert.equal(store.count, LARGE_LOG_LINES);
    assert.equal(store.skippedLines, 0);
    for (const query of QUERIES) assert.equal(store.popularQueries('site').get(query), LARGE_LOG_LINES / QUERIES.length);
    assert.equal(store.documentClicks('site', 'rates relief').get('doc-0'), LARGE_LOG_LINES / 10);
  });

  it('compacts a long log at start: a small file that reads back to the same counts', async () => {
    const file = join(await temporaryDataDir(), 'clicks.jsonl');
    await writeLargeLog(file, LARGE_LOG_LINES);
    const before = (await stat(file)).size;
    const store = await openClickStore(file, { compactAboveBytes: 1024 * 1024 });
    await store.flush();
    assert.equal(store.compactions, 1);
    const after = (await stat(file)).size;
    assert.ok(after < before / 1000, `${before} bytes became ${after}`);
    const reopened = await openClickStore(file);
    assert.equal(reopened.count, LARGE_LOG_LINES);
    assert.deepEqual([...reopened.popularQueries('site')], [...store.popularQueries('site')]);
    assert.deepEqual([...reopened.documentClicks('site', 'library hours')], [...store.documentClicks('site', 'library hours')]);
    assert.equal(reopened.compactions, 0, 'a compact log is not compacted again');
  });

  it('compacts while running once the log grows past the threshold, and stays bounded', async () => {
    const file = join(await temporaryDataDir(), 'clicks.jsonl');
    const threshold = 8 * 1024;
    const store = await openClickStore(file, { compactAboveBytes: threshold });
    for (let n = 0; n < 400; n++) {
      await store.record({
        engine: 'site',
        query: QUERIES[n % QUERIES.length],
        document_id: `doc-${n % 3}`,
        request_id: 'r'.repeat(32),
        tags: ['results'],
      });
      assert.ok((await stat(file)).size <= threshold + 1024, 'never far past the threshold');
    }
    assert.ok(store.compactions >= 2, `${store.compactions} compactions`);
    const reopened = await openClickStore(file);
    assert.equal(reopened.count, 400);
    assert.equal(reopened.popularQueries('site').get(QUERIES[0]), 80);
    assert.equal(reopened.documentClicks('site', QUERIES[0]).get('doc-0'), 27);
  });

  it('counts a click recorded while the log is still being read exactly once, and keeps it', async () => {
    const file = join(await temporaryDataDir(), 'clicks.jsonl');
    await writeLargeLog(file, 20_000);
    const store = createClickStore(file, { compactAboveBytes: Number.MAX_SAFE_INTEGER });
    const recorded = store.record({ engine: 'site', query: 'new query', document_id: 'doc-1', tags: [] });
    await Promise.all([store.loaded, recorded]);
    assert.equal(store.count, 20_001);
    assert.equal(store.popularQueries('site').get('new query'), 1);
    assert.equal((await openClickStore(file)).popularQueries('site').get('new query'), 1);
  });

  it('skips a line too long to be a click without holding it, and reads on', async () => {
    const file = join(await temporaryDataDir(), 'clicks.jsonl');
    const click = JSON.stringify({ engine: 'site', query: 'parking', document_id: 'p', tags: [], at: '2026-01-01T00:00:00.000Z' });
    await writeFile(
      file,
      `${click}\n{"engine":"site","query":"${'x'.repeat(MAX_LINE_BYTES * 4)}"}\n${click}\n${'y'.repeat(MAX_LINE_BYTES + 1)}`,
    );
    const store = await openClickStore(file);
    assert.equal(store.count, 2);
    assert.equal(store.skippedLines, 2);
    assert.equal(store.popularQueries('site').get('parking'), 2);
  });
});
