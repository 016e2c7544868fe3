import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appendFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createDurableList, MAX_LINE_BYTES } from '../../examples/site/server/json-lines-log';
import { createFeedbackStore } from '../../examples/site/server/feedback-store';
import { createReportStore, REFERENCE_PATTERN } from '../../examples/site/forms/report-store';

const folders: string[] = [];
async function tempFile(name = 'list.jsonl') {
  const folder = await mkdtemp(join(tmpdir(), 'site-stores-'));
  folders.push(folder);
  return join(folder, 'nested', name);
}
/** A file written by the test itself, as an earlier run or a crash left it. */
async function writeTestFile(file: string, text: string) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}
after(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

const numbers = (file: string | undefined, limit = 100, warnings: string[] = []) =>
  createDurableList<number>({
    name: 'numbers',
    file,
    limit,
    parse: (value) => (typeof value === 'number' ? value : undefined),
    warn: (message) => warnings.push(message),
  });

const lines = async (file: string) => (await readFile(file, 'utf8')).split('\n').filter(Boolean);

describe('createDurableList', () => {
  it('writes each record as a line before acknowledging it, and reads them back in a new process', async () => {
    const file = await tempFile();
    const list = numbers(file);
    await list.add(1);
    assert.deepEqual(await lines(file), ['1'], 'on disk when add resolves');
    await Promise.all([2, 3, 4].map((n) => list.add(n)));
    await list.close();
    const reopened = numbers(file);
    assert.deepEqual(await reopened.ready, { records: 4, skippedLines: 0, tornBytes: 0 });
    assert.deepEqual(reopened.records(), [1, 2, 3, 4]);
    await reopened.close();
  });

  it('drops a torn last line (a crash mid-write), says so, and appends cleanly after it', async () => {
    const file = await tempFile();
    const list = numbers(file);
    await list.add(1);
    await list.add(2);
    await list.close();
    await appendFile(file, '{"half a rec');
    const warnings: string[] = [];
    const reopened = numbers(file, 100, warnings);
    assert.deepEqual(await reopened.ready, { records: 2, skippedLines: 0, tornBytes: 12 });
    assert.match(warnings.join('\n'), /torn last line \(12 bytes\)/);
    await reopened.add(3);
    await reopened.close();
    assert.deepEqual(await lines(file), ['1', '2', '3']);
  });

  it('skips damaged lines in the middle, and lines too long to be a record, without holding them', async () => {
    const file = await tempFile();
    await writeTestFile(file, `1\nnot json\n"a string"\n${'9'.repeat(MAX_LINE_BYTES + 10)}\n2\n`);
    const warnings: string[] = [];
    const list = numbers(file, 100, warnings);
    assert.deepEqual(await list.ready, { records: 2, skippedLines: 3, tornBytes: 0 });
    assert.deepEqual(list.records(), [1, 2]);
    assert.match(warnings.join('\n'), /skipped 3 damaged line/);
    await list.close();
  });

  it('starts empty when the file is not there yet, and creates it (and its folder) on the first record', async () => {
    const file = await tempFile();
    const list = numbers(file);
    assert.deepEqual(await list.ready, { records: 0, skippedLines: 0, tornBytes: 0 });
    await list.add(7);
    await list.close();
    assert.deepEqual(await lines(file), ['7']);
  });

  it('keeps the newest records only, and rewrites the file once it holds twice as many', async () => {
    const file = await tempFile();
    const list = numbers(file, 10);
    for (let n = 1; n <= 20; n++) await list.add(n);
    assert.equal((await lines(file)).length, 20);
    await list.add(21);
    await list.close();
    assert.deepEqual(await lines(file), ['12', '13', '14', '15', '16', '17', '18', '19', '20', '21']);
    assert.deepEqual(list.records(), [12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    const reopened = numbers(file, 10);
    for (let n = 22; n <= 25; n++) await reopened.add(n);
    await reopened.close();
    assert.deepEqual(await lines(file), ['12', '13', '14', '15', '16', '17', '18', '19', '20', '21', '22', '23', '24', '25']);
    const third = numbers(file, 10);
    await third.ready;
    assert.deepEqual(third.records(), [16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    await third.close();
  });

  it('rejects a record it could not write, and keeps nothing of it', async () => {
    const blocker = await tempFile('blocker');
    const first = numbers(blocker);
    await first.add(0);
    await first.close();
    const list = numbers(join(blocker, 'inside.jsonl')); // a file where a folder should be
    await assert.rejects(list.add(1));
    assert.deepEqual(list.records(), []);
  });

  it('reads a large file without holding up the rest of the server', async () => {
    const file = await tempFile();
    await writeTestFile(file, Array.from({ length: 200_000 }, (_, n) => `${n}\n`).join(''));
    const size = (await stat(file)).size;
    const list = numbers(file, 1_000);
    let turns = 0;
    let loaded = false;
    void list.ready.then(() => (loaded = true));
    // Other work gets turns while the file is read: the read is a stream, not one blocking call.
    while (!loaded) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    assert.ok(turns > 10, `other work ran ${turns} times while ${size} bytes were read`);
    assert.equal(list.records().length, 1_000);
    assert.equal(list.records()[999], 199_999);
    await list.close();
  });
});

describe('the feedback and report stores on disk', () => {
  it('feedback survives a restart', async () => {
    const file = await tempFile('feedback.jsonl');
    const store = createFeedbackStore({ file });
    await store.add({ page: '/contact', useful: 'no' });
    await store.close();
    const again = createFeedbackStore({ file });
    assert.deepEqual(
      (await again.entries()).map(({ page, useful }) => [page, useful]),
      [['/contact', 'no']],
    );
    await again.close();
  });

  it('a report survives a restart, with its values, and its reference is never handed out again', async () => {
    const file = await tempFile('reports.jsonl');
    const store = createReportStore({ file, newReference: () => 'HCC-AAAA-AAAA' });
    const report = await store.add(new Map([['street', 'Wharf St']]));
    await store.close();
    const calls: string[] = [];
    const sequence = ['HCC-AAAA-AAAA', 'HCC-BBBB-BBBB'];
    const again = createReportStore({ file, newReference: () => sequence[calls.push('x') - 1] });
    const found = await again.find(report.reference);
    assert.equal(found?.values.get('street'), 'Wharf St');
    assert.equal((await again.add(new Map())).reference, 'HCC-BBBB-BBBB');
    await again.close();
  });

  it('random references: the readable base32 shape, and distinct', async () => {
    const store = createReportStore();
    const references = new Set<string>();
    for (let n = 0; n < 500; n++) references.add((await store.add(new Map())).reference);
    assert.equal(references.size, 500);
    for (const reference of references) assert.match(reference, REFERENCE_PATTERN);
  });
});
