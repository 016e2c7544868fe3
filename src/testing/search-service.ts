import { PROXY_PATH, type ApiClickRequest, type ProxyAction } from '../core/search/app-search-api';
import { BadRequest, TestSearchEngine, type TestDocument } from './search-engine';

/**
 * A search service inside the test page: `fetch` calls to the elements' proxy (`/_search-proxy`, the form post the
 * elements send) and to App Search's API (`/api/as/v1/engines/<engine>/search`, `query_suggestion`, `click`, with
 * or without `.json`, on any origin) are answered from the documents the test gives, by the search rules of
 * `search-engine.ts`. Every other call goes to the network as before. Answers and refusals have App Search's
 * shapes: `{ errors: [...] }` with 400 for a bad request and 404 for an engine it does not have.
 */

export interface SearchServiceOptions {
  /** Engine name to documents (each with a string `id`). */
  engines: Record<string, TestDocument[]>;
}

/** A call the service answered (or failed), as the elements sent it. */
export interface SearchCall {
  engine: string;
  action: ProxyAction;
  params: Record<string, unknown>;
}

/** How the next calls fail: an HTTP status with App Search's error body, or the network itself. */
export type SearchFailure = { status: number; errors?: string[] } | { network: true };

export interface TestSearchService {
  /** Every call answered so far, oldest first. */
  readonly calls: readonly SearchCall[];
  /** The clicks recorded so far (App Search's click body). */
  readonly clicks: readonly ApiClickRequest[];
  /** Fails the next `times` calls (1 by default; `Infinity` until `recover`), optionally only of one action. */
  fail(failure: SearchFailure, options?: { times?: number; action?: ProxyAction }): void;
  /** Answers again. */
  recover(): void;
  /** Puts the page's own `fetch` back. */
  stop(): void;
}

const API_CALL = /\/api\/as\/v1\/engines\/([^/]+)\/(search|query_suggestion|click)(?:\.json)?$/;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

async function readCall(request: Request): Promise<SearchCall | undefined> {
  const url = new URL(request.url, location.href);
  if (url.pathname === PROXY_PATH && request.method === 'POST') {
    const form = new URLSearchParams(await request.text());
    const action = form.get('action') as ProxyAction;
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(form.get('params') ?? '{}') as Record<string, unknown>;
    } catch {
      throw new BadRequest(['params is not JSON']);
    }
    if (!['search', 'query_suggestion', 'click'].includes(action)) throw new BadRequest([`Unknown action ${JSON.stringify(action)}`]);
    return { engine: form.get('engine') ?? '', action, params };
  }
  const api = API_CALL.exec(url.pathname);
  if (!api) return undefined;
  const text = request.method === 'GET' ? '' : await request.text();
  const params = text ? (JSON.parse(text) as Record<string, unknown>) : Object.fromEntries(url.searchParams);
  return { engine: decodeURIComponent(api[1]!), action: api[2] as ProxyAction, params };
}

/** Starts answering the search calls of the page; `stop()` (in `afterEach`) puts `fetch` back. */
export function startSearchService({ engines }: SearchServiceOptions): TestSearchService {
  const byName = new Map(Object.entries(engines).map(([name, documents]) => [name, new TestSearchEngine(name, documents)]));
  const calls: SearchCall[] = [];
  const clicks: ApiClickRequest[] = [];
  let failing: { failure: SearchFailure; times: number; action?: ProxyAction } | undefined;
  const pageFetch = window.fetch;

  const answer = async (request: Request): Promise<Response | undefined> => {
    let call: SearchCall | undefined;
    try {
      call = await readCall(request);
    } catch (error) {
      if (error instanceof BadRequest) return json(400, { errors: error.errors });
      return json(400, { errors: ['The request body is not JSON'] });
    }
    if (!call) return undefined;
    calls.push(call);
    if (failing && failing.times > 0 && (!failing.action || failing.action === call.action)) {
      failing.times -= 1;
      const { failure } = failing;
      if ('network' in failure) throw new TypeError('Failed to fetch');
      return json(failure.status, { errors: failure.errors ?? ['The search service failed, as the test asked.'] });
    }
    const engine = byName.get(call.engine);
    if (!engine) return json(404, { errors: [`Engine ${JSON.stringify(call.engine)} is not known here.`] });
    try {
      if (call.action === 'search') return json(200, engine.search(call.params as never));
      if (call.action === 'query_suggestion') return json(200, engine.suggest(call.params as never));
      const click = call.params as unknown as ApiClickRequest;
      if (typeof click.query !== 'string' || typeof click.document_id !== 'string') {
        throw new BadRequest(['A click needs the query and the document_id']);
      }
      clicks.push(click);
      return json(200, {});
    } catch (error) {
      if (error instanceof BadRequest) return json(400, { errors: error.errors });
      throw error;
    }
  };

  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const answered = await answer(request.clone());
    return answered ?? pageFetch(request);
  };

  return {
    calls,
    clicks,
    fail(failure, { times = 1, action } = {}) {
      failing = { failure, times, action };
    },
    recover() {
      failing = undefined;
    },
    stop() {
      window.fetch = pageFetch;
    },
  };
}
