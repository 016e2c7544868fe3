import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLatestRequest } from '../../src/core/latest-request';

/** A task whose result the test releases when it chooses, honouring (or ignoring) the abort signal. */
function deferredTask<T>(value: T, { honourAbort = true } = {}) {
  let release!: () => void;
  let fail!: (error: Error) => void;
  let signal: AbortSignal | undefined;
  const task = (s: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      signal = s;
      release = () => resolve(value);
      fail = reject;
      if (honourAbort) s.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  return { task, release: () => release(), fail: (error: Error) => fail(error), signal: () => signal };
}

describe('createLatestRequest', () => {
  it('applies a lone request', async () => {
    const latest = createLatestRequest();
    const applied: string[] = [];
    const outcome = await latest.run(
      async () => 'one',
      (v) => applied.push(v),
    );
    assert.deepEqual(outcome, { status: 'applied', value: 'one' });
    assert.deepEqual(applied, ['one']);
    assert.equal(latest.pending, false);
  });

  it('aborts the earlier request when a later one starts, and applies only the later', async () => {
    const latest = createLatestRequest();
    const applied: string[] = [];
    const first = deferredTask('first');
    const second = deferredTask('second');
    const firstRun = latest.run(first.task, (v) => applied.push(v));
    const secondRun = latest.run(second.task, (v) => applied.push(v));
    assert.equal(first.signal()?.aborted, true);
    assert.equal(second.signal()?.aborted, false);
    second.release();
    assert.deepEqual(await secondRun, { status: 'applied', value: 'second' });
    assert.deepEqual(await firstRun, { status: 'superseded' });
    assert.deepEqual(applied, ['second']);
  });

  it('drops an earlier answer that arrives last even when its task ignored the abort', async () => {
    const latest = createLatestRequest();
    const applied: string[] = [];
    const first = deferredTask('first', { honourAbort: false });
    const second = deferredTask('second', { honourAbort: false });
    const firstRun = latest.run(first.task, (v) => applied.push(v));
    const secondRun = latest.run(second.task, (v) => applied.push(v));
    second.release();
    await secondRun;
    first.release();
    assert.deepEqual(await firstRun, { status: 'superseded' });
    assert.deepEqual(applied, ['second']);
  });

  it('reports a failure of the latest request, and applies nothing', async () => {
    const latest = createLatestRequest();
    const applied: string[] = [];
    const task = deferredTask('x');
    const run = latest.run(task.task, (v) => applied.push(v));
    task.fail(new Error('502 Bad Gateway'));
    const outcome = await run;
    assert.equal(outcome.status, 'failed');
    assert.equal(outcome.status === 'failed' && (outcome.error as Error).message, '502 Bad Gateway');
    assert.deepEqual(applied, []);
    assert.equal(latest.pending, false);
  });

  it('does not report the failure of a superseded request', async () => {
    const latest = createLatestRequest();
    const first = deferredTask('first', { honourAbort: false });
    const firstRun = latest.run(first.task, () => {});
    const second = latest.run(
      async () => 'second',
      () => {},
    );
    first.fail(new Error('late failure'));
    assert.deepEqual(await firstRun, { status: 'superseded' });
    assert.equal((await second).status, 'applied');
  });

  it('abort() cancels the running request', async () => {
    const latest = createLatestRequest();
    const applied: string[] = [];
    const task = deferredTask('x', { honourAbort: false });
    const run = latest.run(task.task, (v) => applied.push(v));
    assert.equal(latest.pending, true);
    latest.abort();
    assert.equal(task.signal()?.aborted, true);
    task.release();
    assert.deepEqual(await run, { status: 'superseded' });
    assert.deepEqual(applied, []);
  });

  it('applies requests that do not overlap one after another', async () => {
    const latest = createLatestRequest();
    const applied: number[] = [];
    for (const n of [1, 2, 3])
      await latest.run(
        async () => n,
        (v) => applied.push(v),
      );
    assert.deepEqual(applied, [1, 2, 3]);
  });
});
