import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { PROXY_KEY_PLACEHOLDER, PROXY_PATH, type ApiSearchResponse } from '../../src/core/search/app-search-api';
import { searchProxy } from '../../packages/civic-search/src/search-proxy';
import { createEmbeddedBackend } from '../../packages/civic-search/src/search/embedded/backend';
import { BackendError, BackendUnavailableError, UnknownEngineError } from '../../packages/civic-search/src/search/types';
import { temporaryDataDir } from './embedded-fixtures';
import { createInMemoryBackend, SAMPLE_DOCUMENTS, type InMemoryBackend } from './support/in-memory-search-backend';
import { capturingErrors, ENGINE, errorsOf, postAction, postJson } from './support/proxy-requests';

/**
 * The proxy's deadline in these tests. Their backends answer at once or never, so any deadline tells them apart; a
 * second keeps an ordinary search on a busy two-core machine (the suite's own load) well inside it.
 */
const TIMEOUT_MS = 1_000;
const UNLIMITED = { windowMs: 60_000, limit: 10_000 };

let backend: InMemoryBackend;
let app: Hono;
beforeEach(() => {
  backend = createInMemoryBackend();
  app = searchProxy({ backend, engines: [ENGINE], timeoutMs: TIMEOUT_MS, rateLimit: UNLIMITED });
});

/** Resolves after `ms`, or rejects when `signal` aborts. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

async function searchLogged() {
  return capturingErrors(() => postAction(app, 'search', { query: 'rates' }));
}

describe('a slow backend', () => {
  it('gives 504 within the timeout and aborts the backend call', async () => {
    let seen: AbortSignal | undefined;
    backend.search = async (_engine, _request, signal) => {
      seen = signal;
      await wait(10_000, signal);
      throw new Error('unreachable');
    };
    const started = performance.now();
    const { result: response, logged } = await searchLogged();
    const elapsed = performance.now() - started;
    assert.equal(response.status, 504);
    // Not before the deadline, and long before the 10 s the backend would take (the margin is for a busy machine).
    assert.ok(elapsed >= TIMEOUT_MS - 10 && elapsed < 5_000, `answered after ${Math.round(elapsed)} ms`);
    assert.match((await errorsOf(response))[0], /^Search is unavailable right now: .*did not answer within 1 seconds/);
    assert.equal(seen?.aborted, true, 'the backend was told to stop');
    assert.equal(logged.length, 1);
  });

  it('gives 504 even when the backend ignores the abort signal', async () => {
    // A backend that never answers and never stops: without the deadline the call would hang for good.
    backend.suggest = () => new Promise(() => {});
    const { result: response } = await capturingErrors(() => postAction(app, 'query_suggestion', { query: 'r' }));
    assert.equal(response.status, 504);
  });
});

describe('many calls at once', () => {
  it('runs at most maxConcurrent backend calls at a time', async () => {
    let running = 0;
    let most = 0;
    const search = backend.search.bind(backend);
    backend.search = async (engine, request, signal) => {
      running += 1;
      most = Math.max(most, running);
      await wait(20, signal);
      running -= 1;
      return search(engine, request, signal);
    };
    const limited = searchProxy({ backend, engines: [ENGINE], maxConcurrent: 2, rateLimit: UNLIMITED });
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => Promise.resolve(postAction(limited, 'search', { query: 'rates' })).then((r) => r.status)),
    );
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200]);
    assert.equal(most, 2);
  });

  it('keeps its deadline with a backend that computes synchronously: late calls get 504 and never reach it', async () => {
    // Long enough against the deadline that a loaded machine still tells "some answered late" from "all ran": three
    // such searches pass the deadline, twelve would take almost five times as long.
    const BUSY_MS = 400;
    let searched = 0;
    const search = backend.search.bind(backend);
    backend.search = (engine, request, signal) => {
      searched += 1;
      const until = performance.now() + BUSY_MS;
      while (performance.now() < until) {
        // A CPU-bound search: nothing else runs meanwhile.
      }
      return search(engine, request, signal);
    };
    const started = performance.now();
    const { result: statuses } = await capturingErrors(() =>
      Promise.all(Array.from({ length: 12 }, () => Promise.resolve(postAction(app, 'search', { query: 'rates' })).then((r) => r.status))),
    );
    const elapsed = performance.now() - started;
    assert.ok(statuses.includes(200) && statuses.includes(504), statuses.join(' '));
    assert.ok(statuses.every((status) => status === 200 || status === 504));
    assert.ok(searched < 12, `only ${searched} of 12 calls reached the backend`);
    assert.ok(elapsed < 12 * BUSY_MS, `answered in ${Math.round(elapsed)} ms, not after every search`);
  });
});

describe('a failing backend', () => {
  it('gives 502 with its short reason, logged once', async () => {
    backend.search = async () => {
      throw new BackendError('connection refused\n    at Socket.connect (net.js:1:1)');
    };
    const { result: response, logged } = await searchLogged();
    assert.equal(response.status, 502);
    assert.deepEqual(await errorsOf(response), ['Search is unavailable right now: connection refused']);
    assert.equal(logged.length, 1);
    assert.match(logged[0], /search proxy: search on "site" failed: BackendError: connection refused/);
  });

  it('gives 503 with Retry-After when the backend cannot be reached at all', async () => {
    backend.search = async () => {
      throw new BackendUnavailableError('OpenSearch is unreachable');
    };
    const { result: response } = await searchLogged();
    assert.equal(response.status, 503);
    assert.ok(Number(response.headers.get('retry-after')) > 0);
    assert.deepEqual(await errorsOf(response), ['Search is unavailable right now: OpenSearch is unreachable']);
  });

  it('gives 502 with a generic reason for an unexpected error, never its stack', async () => {
    backend.search = async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'hits')");
    };
    const { result: response, logged } = await searchLogged();
    assert.equal(response.status, 502);
    const text = await response.text();
    assert.deepEqual(JSON.parse(text), { errors: ['Search is unavailable right now: the search service failed unexpectedly'] });
    assert.doesNotMatch(text, /hits|TypeError|\bat\b/);
    assert.equal(logged.length, 1);
    assert.match(logged[0], /TypeError: Cannot read properties/, 'the server log keeps the detail');
  });

  it('gives 502 when the backend throws before returning a promise', async () => {
    backend.click = () => {
      throw new BackendError('clicks store is read-only');
    };
    const { result: response } = await capturingErrors(() => postAction(app, 'click', { query: 'r', document_id: 'doc-1' }));
    assert.equal(response.status, 502);
    assert.deepEqual(await errorsOf(response), ['Search is unavailable right now: clicks store is read-only']);
  });

  it('gives 404 when the backend has no index for an allowed engine', async () => {
    backend.search = async () => {
      throw new UnknownEngineError('site');
    };
    const { result: response } = await searchLogged();
    assert.equal(response.status, 404);
    assert.match((await errorsOf(response))[0], /Engine "site" has no search index/);
  });

  it('keeps serving after failures', async () => {
    const search = backend.search.bind(backend);
    let fail = true;
    backend.search = async (engine, request, signal) => {
      if (fail) throw new BackendError('down');
      return search(engine, request, signal);
    };
    await searchLogged();
    fail = false;
    const response = await postAction(app, 'search', { query: 'rates' });
    assert.equal(response.status, 200);
  });
});

describe('a backend that answers garbage', () => {
  const garbage: Array<[string, unknown]> = [
    ['nothing', undefined],
    ['a string', 'OK'],
    ['an empty object', {}],
    ['results that are not a list', { meta: validMeta(), results: {} }],
    ['no request id', { meta: { ...validMeta(), request_id: '' }, results: [] }],
    ['a negative total', { meta: { ...validMeta(), page: { current: 1, size: 20, total_pages: 1, total_results: -1 } }, results: [] }],
    ['a result without _meta', { meta: validMeta(), results: [{ title: { raw: 'x' } }] }],
    [
      'a result field that is not {raw, snippet}',
      { meta: validMeta(), results: [{ _meta: { id: 'a', engine: 'site', score: 1 }, title: 'x' }] },
    ],
    [
      'a snippet that is not text',
      { meta: validMeta(), results: [{ _meta: { id: 'a', engine: 'site', score: 1 }, title: { snippet: 5 } }] },
    ],
    ['facets of an unknown type', { meta: validMeta(), results: [], facets: { topic: [{ type: 'histogram', data: [] }] } }],
  ];
  for (const [what, answer] of garbage) {
    it(`gives 502 for ${what}`, async () => {
      backend.search = async () => answer as ApiSearchResponse;
      const { result: response, logged } = await searchLogged();
      assert.equal(response.status, 502);
      assert.deepEqual(await errorsOf(response), [
        'Search is unavailable right now: the search service sent an answer that could not be read',
      ]);
      assert.equal(logged.length, 1);
    });
  }

  it('gives 502 for suggestions without a documents list', async () => {
    backend.suggest = async () => ({ results: [] }) as never;
    const { result: response } = await capturingErrors(() => postJson(app, 'query_suggestion', { query: 'r' }));
    assert.equal(response.status, 502);
  });

  it('drops what the contract does not list (a stack, a debug field) from a good answer', async () => {
    backend.search = async () =>
      ({
        meta: { ...validMeta(), debug: { stack: 'Error: at x' } },
        results: [{ _meta: { id: 'a', engine: 'site', score: 1, shard: 3 }, title: { raw: 'T', explain: 'score 3' } }],
        trace: 'at Object.<anonymous>',
      }) as unknown as ApiSearchResponse;
    const response = await postAction(app, 'search', { query: 'x' });
    assert.equal(response.status, 200);
    const text = await response.text();
    assert.doesNotMatch(text, /stack|debug|trace|shard|explain/);
    assert.deepEqual(JSON.parse(text).results, [{ _meta: { id: 'a', engine: 'site', score: 1 }, title: { raw: 'T' } }]);
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After and the errors body once a client is over the limit', async () => {
    const limited = searchProxy({ backend, engines: [ENGINE], rateLimit: { windowMs: 60_000, limit: 3 } });
    for (let call = 1; call <= 3; call += 1) {
      const response = await postAction(limited, 'search', { query: 'rates' });
      assert.equal(response.status, 200, `call ${call}`);
      assert.equal(response.headers.get('ratelimit-remaining'), String(3 - call));
    }
    const refused = await postAction(limited, 'search', { query: 'rates' });
    assert.equal(refused.status, 429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After: ${retryAfter}`);
    assert.equal(refused.headers.get('cache-control'), 'no-store');
    assert.match((await errorsOf(refused))[0], /Too many searches/);
    assert.equal(backend.calls.length, 3, 'the refused call never reached the backend');
  });

  it('counts each client separately', async () => {
    const limited = searchProxy({
      backend,
      engines: [ENGINE],
      rateLimit: { windowMs: 60_000, limit: 1, clientKey: (c) => c.req.header('x-test-client') ?? 'none' },
    });
    const as = (client: string) =>
      limited.request(PROXY_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'x-test-client': client },
        body: new URLSearchParams({ key: PROXY_KEY_PLACEHOLDER, engine: ENGINE, action: 'search', params: '{"query":"x"}' }).toString(),
      });
    assert.equal((await as('a')).status, 200);
    assert.equal((await as('b')).status, 200);
    assert.equal((await as('a')).status, 429);
  });

  describe('over a real connection', () => {
    let server: ServerType;
    let base = '';
    before(async () => {
      const site = new Hono();
      site.route('/', searchProxy({ backend: createInMemoryBackend(), engines: [ENGINE], rateLimit: { windowMs: 60_000, limit: 2 } }));
      await new Promise<void>((resolve) => {
        server = serve({ fetch: site.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
      });
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('keys the limit on the client address', async () => {
      const post = () =>
        fetch(`${base}${PROXY_PATH}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ key: PROXY_KEY_PLACEHOLDER, engine: ENGINE, action: 'search', params: '{"query":"x"}' }),
        });
      const statuses = [];
      for (let call = 0; call < 3; call += 1) statuses.push((await post()).status);
      assert.deepEqual(statuses, [200, 200, 429]);
    });
  });
});

describe('recovery: the next search after a failure succeeds', () => {
  /** A backend whose next call misbehaves as `fault` says, once; later calls answer normally. */
  function failingOnce(fault: (signal?: AbortSignal) => Promise<ApiSearchResponse>) {
    const search = backend.search.bind(backend);
    let faults = 1;
    backend.search = (engine, request, signal) => (faults-- > 0 ? fault(signal) : search(engine, request, signal));
  }

  const cases: Array<[string, number, (signal?: AbortSignal) => Promise<ApiSearchResponse>]> = [
    ['a timeout', 504, (signal) => wait(10_000, signal).then(() => ({}) as ApiSearchResponse)],
    ['a failure', 502, async () => Promise.reject(new BackendError('connection reset'))],
    ['an unexpected error', 502, async () => Promise.reject(new RangeError('Maximum call stack size exceeded'))],
    ['garbage', 502, async () => ({ meta: 'nope' }) as unknown as ApiSearchResponse],
  ];
  for (const [what, status, fault] of cases) {
    it(`answers ${status} for ${what}, then the next search normally`, async () => {
      failingOnce(fault);
      const { result: failed } = await searchLogged();
      assert.equal(failed.status, status);
      assert.match((await errorsOf(failed))[0], /^Search is unavailable right now: /);
      const next = await postAction(app, 'search', { query: 'rates' });
      assert.equal(next.status, 200);
      assert.ok(((await next.json()) as ApiSearchResponse).results.length > 0);
    });
  }

  it('frees the backend slot of a timed-out call that honoured its signal: later searches are not queued behind it', async () => {
    const limited = searchProxy({ backend, engines: [ENGINE], timeoutMs: TIMEOUT_MS, maxConcurrent: 1, rateLimit: UNLIMITED });
    failingOnce((signal) => wait(10_000, signal).then(() => ({}) as ApiSearchResponse));
    const { result: failed } = await capturingErrors(() => postAction(limited, 'search', { query: 'rates' }));
    assert.equal(failed.status, 504);
    const started = performance.now();
    assert.equal((await postAction(limited, 'search', { query: 'rates' })).status, 200);
    assert.ok(performance.now() - started < TIMEOUT_MS, 'answered without waiting for a slot');
  });

  it('frees the backend slot of a call that ignores its signal and never settles: later searches still answer', async () => {
    const limited = searchProxy({ backend, engines: [ENGINE], timeoutMs: TIMEOUT_MS, maxConcurrent: 1, rateLimit: UNLIMITED });
    failingOnce(() => new Promise<ApiSearchResponse>(() => undefined));
    const { result: failed } = await capturingErrors(() => postAction(limited, 'search', { query: 'rates' }));
    assert.equal(failed.status, 504);
    const { result: next } = await capturingErrors(() => postAction(limited, 'search', { query: 'rates' }));
    assert.equal(next.status, 200);
  });

  it('with the embedded backend: 502 while its documents cannot be read, then results once they can', async () => {
    let reachable = false;
    const embedded = createEmbeddedBackend({
      engines: {
        [ENGINE]: () => {
          if (!reachable) throw new Error('CMS unreachable');
          return SAMPLE_DOCUMENTS;
        },
      },
      dataDir: await temporaryDataDir(),
      retryAfterMs: 0,
    });
    const site = searchProxy({ backend: embedded, engines: [ENGINE], timeoutMs: 2_000, rateLimit: UNLIMITED });
    const { result: failed, logged } = await capturingErrors(() => postAction(site, 'search', { query: 'rates' }));
    assert.equal(failed.status, 502);
    assert.match((await errorsOf(failed))[0], /^Search is unavailable right now: .*CMS unreachable/);
    assert.equal(logged.length, 1);
    reachable = true;
    const next = await postAction(site, 'search', { query: 'rates' });
    assert.equal(next.status, 200);
    assert.ok(((await next.json()) as ApiSearchResponse).meta.page.total_results > 0);
  });
});

function validMeta() {
  return {
    alerts: [],
    warnings: [],
    page: { current: 1, size: 20, total_pages: 1, total_results: 1 },
    engine: { name: 'site', type: 'test' },
    request_id: 'r',
  };
}
