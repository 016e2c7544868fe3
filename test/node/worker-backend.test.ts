import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineExistsError } from '../../packages/civic-search/src/engines/engine-admin';
import { BackendError, InvalidRequestError, UnknownEngineError } from '../../packages/civic-search/src/search/types';
import { createWorkerBackend, type WorkerBackend, type WorkerBackendOptions } from '../../packages/civic-search/src/worker';
import {
  CLOSED_FILE,
  FAIL_START_FILE,
  PROGRESS,
  PROGRESS_CELLS,
  REASON,
  RUN,
  type BusyHostOptions,
} from './fixtures/worker/busy-host';

const HOST_MODULE = new URL('./fixtures/worker/busy-host.ts', import.meta.url);
const ENGINE = 'site';
const DOCUMENT = { id: 'bins', title: 'Bins and recycling' };

const dataDirs: string[] = [];
const backends: WorkerBackend[] = [];
after(async () => {
  await Promise.all(backends.map((backend) => backend.close().catch(() => undefined)));
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

interface Started {
  backend: WorkerBackend;
  dataDir: string;
  /** What the fixture's busy searches report (see PROGRESS). */
  progress: Int32Array;
  /** Lines the backend logged. */
  logged: string[];
}

async function start(options: Partial<WorkerBackendOptions> = {}, prepare?: (dataDir: string) => Promise<void>): Promise<Started> {
  const dataDir = await mkdtemp(join(tmpdir(), 'worker-backend-'));
  dataDirs.push(dataDir);
  await prepare?.(dataDir);
  const progress = new Int32Array(new SharedArrayBuffer(PROGRESS_CELLS * Int32Array.BYTES_PER_ELEMENT));
  const logged: string[] = [];
  const hostOptions: BusyHostOptions = { dataDir, progress: progress.buffer as SharedArrayBuffer };
  const backend = createWorkerBackend({
    host: { module: HOST_MODULE, options: hostOptions },
    log: (line) => logged.push(line),
    ...options,
  });
  backends.push(backend);
  return { backend, dataDir, progress, logged };
}

/** With one engine holding one document. */
async function startWithDocument(options: Partial<WorkerBackendOptions> = {}): Promise<Started> {
  const started = await start(options);
  await started.backend.createEngine(ENGINE, 'en');
  await started.backend.putDocuments(ENGINE, [DOCUMENT]);
  return started;
}

/** Waits for a state, checking every few milliseconds; fails naming it after `limitMs`. */
async function waitFor(what: string, condition: () => boolean | Promise<boolean>, limitMs = 10_000): Promise<void> {
  const end = performance.now() + limitMs;
  while (!(await condition())) {
    if (performance.now() > end) assert.fail(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const state = (progress: Int32Array) => Atomics.load(progress, PROGRESS.state);
const threadOf = (backend: WorkerBackend) => backend.call<number>('threadId');
const titles = (answer: { results: Record<string, unknown>[] }) =>
  answer.results.map((result) => (result.title as { raw: string }).raw);

describe('worker backend: calls are forwarded to the host in the worker', () => {
  it('answers searches, suggestions, clicks and engine administration from the host, in a thread of its own', async () => {
    const { backend } = await startWithDocument();
    await backend.ready();

    assert.deepEqual(titles(await backend.search(ENGINE, { query: 'bins' })), ['Bins and recycling']);
    assert.deepEqual(titles(await backend.search(ENGINE, { query: 'parking' })), []);
    assert.equal((await backend.suggest(ENGINE, { query: 'fix' })).results.documents[0].suggestion, 'fixture');
    assert.equal(await backend.click(ENGINE, { query: 'bins', document_id: 'bins' }), undefined);
    assert.deepEqual(await backend.listEngines(), [{ name: ENGINE, type: 'default', language: 'en', document_count: 1 }]);
    assert.equal(await backend.engineInfo('missing'), undefined);
    assert.deepEqual(await backend.getDocuments(ENGINE, ['bins', 'nothing']), [DOCUMENT, null]);
    assert.notEqual(await threadOf(backend), 0, 'the host runs in a worker thread, not the main one');
    assert.equal(backend.health().state, 'running');
  });
});

describe('worker backend: errors keep their class across the thread boundary', () => {
  it('rebuilds the service errors by name, with their message and engine, and plain errors with their message', async () => {
    const { backend } = await startWithDocument();
    const search = (query: string) => backend.search(ENGINE, { query });

    await assert.rejects(backend.search('elsewhere', { query: 'bins' }), (error) => {
      assert.ok(error instanceof UnknownEngineError);
      assert.equal(error.engine, 'elsewhere');
      return true;
    });
    await assert.rejects(backend.createEngine(ENGINE, null), (error) => {
      assert.ok(error instanceof EngineExistsError);
      assert.equal(error.engine, ENGINE);
      assert.equal(error.message, 'Name is already taken');
      return true;
    });
    await assert.rejects(search('invalid'), (error) => error instanceof InvalidRequestError && error.message === 'The fixture refuses this request.');
    await assert.rejects(search('backend-fail'), (error) => error instanceof BackendError && error.message === 'The fixture backend failed.');
    await assert.rejects(search('type-fail'), (error) => error instanceof TypeError && error.message === 'The fixture was handed the wrong type.');
    await assert.rejects(search('plain-fail'), (error) => {
      assert.ok(error instanceof Error && !(error instanceof BackendError));
      assert.equal(error.message, 'A plain failure in the fixture.');
      assert.match(error.stack ?? '', /busy-host\.ts/, 'the stack says where in the worker it was thrown');
      return true;
    });
    await assert.rejects(backend.call('unsendable'), /could not be sent from the worker/);
    await assert.rejects(backend.call('noSuchMethod'), /no method "noSuchMethod"/);
    // The worker is unharmed by any of these.
    assert.deepEqual(titles(await search('bins')), ['Bins and recycling']);
    assert.equal(backend.health().restarts, 0);
  });
});

describe('worker backend: cancellation', () => {
  it('stops a synchronous search at its next check of the signal, answering the caller at once', async () => {
    const { backend, progress } = await startWithDocument();
    const controller = new AbortController();
    const searching = backend.search(ENGINE, { query: 'busy 20000' }, controller.signal);
    await waitFor('the busy search to start', () => state(progress) === RUN.running);
    await waitFor('the busy search to run a while', () => Atomics.load(progress, PROGRESS.iterations) > 20);

    const reason = new DOMException('No answer within 5000 ms', 'TimeoutError');
    controller.abort(reason);
    // The slot is set by now: at most the slice under way finishes.
    const iterationsAtAbort = Atomics.load(progress, PROGRESS.iterations);
    await assert.rejects(searching, (error) => error === reason);
    await waitFor('the search loop to end', () => state(progress) !== RUN.running);

    assert.equal(state(progress), RUN.stoppedByAbort, 'the loop was stopped by the cancellation, not by running out');
    const after = Atomics.load(progress, PROGRESS.iterations) - iterationsAtAbort;
    assert.ok(after <= 1, `${after} slices of work ran after the cancellation`);
    console.log(`# cancelled busy search: ${after} slice(s) of ~0.1 ms ran after the abort`);
    await waitFor('the worker to let go of the call', () => backend.health().pendingCalls === 0);
    assert.equal(backend.health().restarts, 0, 'a search that stops is not a stuck worker');
    assert.deepEqual(titles(await backend.search(ENGINE, { query: 'bins' })), ['Bins and recycling']);
  });

  it("fires the signal's abort listeners in the worker, for hosts waiting on asynchronous work, with the kind of reason", async () => {
    const { backend, progress } = await startWithDocument();
    const abortWaiting = async (reason?: unknown) => {
      const controller = new AbortController();
      const listeners = Atomics.load(progress, PROGRESS.abortListenersAdded);
      const waiting = backend.search(ENGINE, { query: 'wait-for-abort' }, controller.signal);
      // Posted is not yet started: on a busy machine the worker may not have begun the call when it is aborted.
      await waitFor('the host to wait on the signal', () => Atomics.load(progress, PROGRESS.abortListenersAdded) === listeners + 1);
      const events = Atomics.load(progress, PROGRESS.abortEvents);
      controller.abort(reason);
      await assert.rejects(waiting, (error) => error === controller.signal.reason);
      await waitFor('the abort listener to run', () => Atomics.load(progress, PROGRESS.abortEvents) === events + 1);
      await waitFor('the worker to let go of the call', () => backend.health().pendingCalls === 0);
      return Atomics.load(progress, PROGRESS.abortReason);
    };
    assert.equal(await abortWaiting(), REASON.aborted);
    // The proxy's deadline aborts with a TimeoutError: the host can tell a timeout from a client leaving.
    assert.equal(await abortWaiting(new DOMException('No answer within 5000 ms', 'TimeoutError')), REASON.timedOut);
    assert.equal(backend.health().restarts, 0);
  });

  it('keeps a worker whose cancelled call goes on asynchronously: its thread is free, so it is not stuck', async () => {
    const { backend, logged } = await startWithDocument({ cancelGraceMs: 300 });
    const controller = new AbortController();
    const ignoring = backend.search(ENGINE, { query: 'ignore-abort 900' }, controller.signal);
    await waitFor('the call to reach the worker', () => backend.health().pendingCalls === 1);
    controller.abort();
    await assert.rejects(ignoring, { name: 'AbortError' });
    // Well past the grace time, the host finishes the call it ignored the cancellation of.
    await waitFor('the ignored call to finish', () => backend.health().pendingCalls === 0);
    assert.equal(backend.health().restarts, 0);
    assert.deepEqual(logged, []);
  });

  it('never sends a call whose signal aborted before it', async () => {
    const { backend, progress } = await startWithDocument();
    const reason = new Error('the client left');
    await assert.rejects(backend.search(ENGINE, { query: 'busy 20000' }, AbortSignal.abort(reason)), (error) => error === reason);
    // The worker answers in order: had the search been sent, it would be running (for 20 s) before this answer.
    await backend.listEngines();
    assert.equal(state(progress), RUN.idle);
  });
});

describe('worker backend: a stuck or crashed worker is replaced', () => {
  it('ends a worker that holds a cancelled call past the grace time and starts one that loads the state again', async () => {
    const { backend, progress, logged } = await startWithDocument({ cancelGraceMs: 200 });
    const firstThread = await threadOf(backend);
    const controller = new AbortController();
    const stuck = backend.search(ENGINE, { query: 'stuck 8000' }, controller.signal);
    await waitFor('the stuck search to start', () => state(progress) === RUN.running);
    // Sent while the worker is stuck: it waits in the worker's queue and is failed when the worker is ended.
    const queued = backend.getDocuments(ENGINE, ['bins']);
    controller.abort();
    await assert.rejects(stuck, { name: 'AbortError' });

    await assert.rejects(queued, (error) => error instanceof BackendError && /restarted/.test(error.message));
    assert.equal(backend.health().restarts, 1);
    assert.equal(logged.length, 1, logged.join('\n'));
    assert.match(logged[0], /cancelled search call was still running 200 ms after it was cancelled/);
    // The new worker has the documents written before (its host read them from disk).
    assert.notEqual(await threadOf(backend), firstThread);
    assert.deepEqual(await backend.getDocuments(ENGINE, ['bins']), [DOCUMENT]);
    // The old thread is gone: its loop, 8 s long, counts no more.
    const iterations = Atomics.load(progress, PROGRESS.iterations);
    assert.deepEqual(titles(await backend.search(ENGINE, { query: 'bins' })), ['Bins and recycling']);
    await backend.listEngines();
    assert.equal(Atomics.load(progress, PROGRESS.iterations), iterations);
    assert.equal(state(progress), RUN.running, 'the stuck loop never got to its end');
  });

  it('fails the calls of a worker that crashed with BackendError, and answers later calls from a new worker', async () => {
    const { backend, logged } = await startWithDocument();
    const firstThread = await threadOf(backend);
    const waiting = backend.search(ENGINE, { query: 'ignore-abort 8000' });
    await waitFor('the call to reach the worker', () => backend.health().pendingCalls === 1);
    const crashing = backend.call('crash');

    for (const call of [waiting, crashing]) {
      await assert.rejects(call, (error) => error instanceof BackendError && /stopped unexpectedly: The fixture crashed on purpose/.test(error.message));
    }
    assert.equal(logged.length, 1, logged.join('\n'));
    assert.match(logged[0], /stopped unexpectedly/);
    assert.notEqual(await threadOf(backend), firstThread);
    assert.deepEqual(await backend.getDocuments(ENGINE, ['bins']), [DOCUMENT]);
    assert.equal(backend.health().restarts, 1);
  });

  it('waits longer before each restart of a worker that keeps crashing soon after it starts', async () => {
    const { backend, logged } = await startWithDocument({ restartBackoffMs: 50 });
    await assert.rejects(backend.call('crash'), BackendError);
    // A second crash soon after the restart: the next start waits, and calls meanwhile wait for it.
    await assert.rejects(backend.call('crash'), BackendError);
    assert.equal(backend.health().state, 'restarting');
    assert.deepEqual(await backend.getDocuments(ENGINE, ['bins']), [DOCUMENT]);
    assert.equal(backend.health().state, 'running');
    assert.match(logged[0], /a new one starts$/);
    assert.match(logged[1], /a new one starts in 50 ms$/);
  });

  it("fails calls with BackendError while the host cannot start, and starts again after the retry time", async () => {
    const { backend, dataDir, logged } = await start({ startRetryMs: 100 }, (dir) => writeFile(join(dir, FAIL_START_FILE), ''));
    const cannotStart = (error: unknown) =>
      error instanceof BackendError && /could not start: the fixture was told not to start/.test(error.message);
    await assert.rejects(backend.ready(), cannotStart);
    // At once, without starting another worker.
    await assert.rejects(backend.listEngines(), cannotStart);
    assert.equal(backend.health().state, 'failed');
    assert.equal(backend.health().restarts, 0);
    assert.equal(logged.length, 1);

    await rm(join(dataDir, FAIL_START_FILE));
    await waitFor('a call after the retry time to start a worker', () =>
      backend.listEngines().then(
        () => true,
        () => false,
      ),
    );
    assert.equal(backend.health().state, 'running');
  });

  it('names the missing export of a host module', async () => {
    const { backend } = await start({ host: { module: HOST_MODULE, exportName: 'makeHost', options: {} } });
    await assert.rejects(backend.ready(), (error) => error instanceof BackendError && /has no function export "makeHost"/.test(error.message));
  });
});

describe('worker backend: the main thread stays free', () => {
  it('answers an HTTP request within milliseconds while a 2-second search runs in the worker', async () => {
    const { backend, progress } = await startWithDocument();
    const server = createServer((_, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // The first fetch loads the HTTP client; that is not what is measured.
      await (await fetch(`http://127.0.0.1:${port}/`)).text();
      const searching = backend.search(ENGINE, { query: 'busy 2000' });
      await waitFor('the busy search to start', () => state(progress) === RUN.running);

      const asked = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/`);
      const answered = await response.text();
      const milliseconds = performance.now() - asked;
      const stateWhenAnswered = state(progress);
      const timerAsked = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 0));
      const timerLag = performance.now() - timerAsked;

      assert.equal(answered, 'ok');
      assert.equal(stateWhenAnswered, RUN.running, 'the page was answered while the search was still running');
      assert.ok(milliseconds < 1_000, `the page took ${milliseconds.toFixed(1)} ms`);
      console.log(`# during a 2 s search in the worker: HTTP answered in ${milliseconds.toFixed(1)} ms, a timer fired ${timerLag.toFixed(1)} ms late`);
      await searching;
      assert.equal(state(progress), RUN.finished);
    } finally {
      server.close();
    }
  });
});

describe('worker backend: close', () => {
  it("closes the host and ends the worker; later calls fail with BackendError", async () => {
    const { backend, dataDir } = await startWithDocument();
    await backend.close();
    assert.ok(existsSync(join(dataDir, CLOSED_FILE)), "the host's close ran");
    assert.equal(backend.health().state, 'closed');
    await assert.rejects(backend.search(ENGINE, { query: 'bins' }), (error) => error instanceof BackendError && /shutting down/.test(error.message));
    await backend.close();
  });
});
