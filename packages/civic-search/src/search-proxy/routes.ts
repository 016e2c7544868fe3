import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PROXY_PATH, type ProxyAction } from 'civic-elements/core';
import { answerCall, type CallContext } from './answer-call';
import { errorBody, ProxyError, unavailable } from './errors';
import { parseProxyForm, type ProxyCall } from './form-request';
import { parseJsonObject } from './json-request';
import { parseQueryStringRequest } from './query-string-request';
import { clientAddress, clientRateLimit, type RateLimitOptions } from './rate-limit';
import { createClickBudget, type ClickBudgetOptions } from './click-budget';
import { readPathCors } from './cors';
import { readGetBody } from './get-body';
import { redact } from './redact';
import { CallCharge, OverBudgetError, answerTooLarge, type CostControl } from './call-cost';
import { createCostBudget, type CostBudgetOptions } from './cost-budget';
import { AnswerSizes } from './search-cost';
import { MULTI_SEARCH_ENDPOINTS, readMultiSearch } from './multi-search';
import type { Analytics } from '../analytics';

export interface RoutesConfig extends Omit<CallContext, 'clientSignal' | 'where'> {
  maxBodyBytes: number;
  rateLimit: RateLimitOptions;
  /** Origins of other sites whose pages may search (CORS on the read paths). */
  corsOrigins: readonly string[];
  /** Clicks one client may send in a window (they rank everyone's suggestions). */
  clickBudget?: ClickBudgetOptions;
  /** Each client's budget of cost (false: none). */
  costBudget: CostBudgetOptions | false;
  /** A larger answer is refused with 400. */
  maxAnswerBytes: number;
  /** Told of every answered call (to record it, off the request path); may add to a suggestion answer. */
  analytics?: Pick<Analytics, 'answered'>;
}

/** App Search REST endpoints under the proxy, in every spelling App Search clients use, and the methods each takes. */
const ENDPOINTS: Record<string, { action: ProxyAction; methods: readonly string[] }> = {
  'search.json': { action: 'search', methods: ['GET', 'POST'] },
  search: { action: 'search', methods: ['GET', 'POST'] },
  'query_suggestion.json': { action: 'query_suggestion', methods: ['GET', 'POST'] },
  query_suggestion: { action: 'query_suggestion', methods: ['GET', 'POST'] },
  'click.json': { action: 'click', methods: ['POST'] },
  click: { action: 'click', methods: ['POST'] },
};
/** App Search's own API prefix, served at the root and under the proxy's path (where the kit's elements call). */
export const API_PREFIX = '/api/as/v1';
const REST_PATHS = [`${API_PREFIX}/engines/:engine/:endpoint`, `${PROXY_PATH}${API_PREFIX}/engines/:engine/:endpoint`];
const READ_METHODS = ['GET', 'POST', 'OPTIONS'];
const FORM_TYPE = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/** How long a client is asked to wait before searching again while the backend cannot be reached. */
const UNAVAILABLE_RETRY_SECONDS = 5;

function refuse(c: Context, error: ProxyError, headers: Record<string, string> = {}) {
  if (error instanceof OverBudgetError) headers = { 'Retry-After': String(error.retryAfterSeconds), ...headers };
  // The backend is down: worth trying again shortly, not at once in a loop.
  if (error.status === 503) headers = { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS), ...headers };
  return c.json(errorBody(error.messages), error.status, headers);
}

function methodNotAllowed(c: Context, allowed: readonly string[]) {
  return refuse(c, new ProxyError(405, [`${c.req.method} is not allowed here; use ${allowed.join(' or ')}.`]), {
    Allow: allowed.join(', '),
  });
}

/**
 * The JSON answer, unless it is over the size cap (400: the request must ask for less) or contains a secret (then
 * it is withheld, 502, and the incident logged). The answer's size is added to the call's charge.
 */
function sendWithoutSecrets(c: Context, answer: object, secrets: readonly string[], charge: CallCharge) {
  const body = JSON.stringify(answer);
  const bytes = Buffer.byteLength(body);
  charge.settle(bytes);
  if (bytes > charge.control.maxAnswerBytes) throw answerTooLarge(bytes, charge.control.maxAnswerBytes, false, charge.facetsWeighMost);
  if (secrets.some((secret) => body.includes(secret))) {
    console.error(`search proxy: an answer to ${c.req.method} ${c.req.path} contained the private key and was withheld`);
    return refuse(c, unavailable('the answer could not be sent safely'));
  }
  return c.body(body, 200, { 'Content-Type': 'application/json' });
}

function requireContentType(c: Context, expected: string) {
  const type = (c.req.header('content-type') ?? '').split(';', 1)[0].trim().toLowerCase();
  if (type !== expected) throw new ProxyError(415, [`Send the request body as ${expected}.`]);
}

/** Every proxy answer, error or not, is private to the caller and never sniffed into another type. */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
};

/** The proxy's routes: the form-encoded post at PROXY_PATH and the App Search REST paths beneath it. */
export function proxyRoutes(config: RoutesConfig): Hono {
  const { maxBodyBytes, rateLimit, corsOrigins, clickBudget, costBudget, maxAnswerBytes, analytics, ...callContext } = config;
  const clientKey = rateLimit.clientKey ?? clientAddress;
  const mayClick = createClickBudget(clickBudget);
  // Same client as the rate limit: the budget weighs the calls that limit counts.
  const costControl: CostControl = {
    budget: costBudget ? createCostBudget(costBudget) : undefined,
    sizes: new AnswerSizes(),
    maxAnswerBytes,
  };
  const app = new Hono();
  const answer = async (c: Context, readCall: () => Promise<ProxyCall>, where: string) => {
    const client = clientKey(c);
    const charge = new CallCharge(costControl, client);
    const startedAt = performance.now();
    try {
      const call = await readCall();
      if (call.action === 'click' && !mayClick(client)) {
        throw new ProxyError(429, ['Too many clicks from your connection. Please wait a moment.']);
      }
      const result = await answerCall(call, { ...callContext, where, clientSignal: c.req.raw.signal, charge });
      return sendWithoutSecrets(c, analytics?.answered(c, call, result, client, startedAt) ?? result, callContext.secrets, charge);
    } catch (error) {
      if (error instanceof ProxyError) {
        const messages = error.messages.map((message) => redact(message, callContext.secrets));
        return refuse(c, error instanceof OverBudgetError ? error : new ProxyError(error.status, messages));
      }
      throw error;
    } finally {
      // A call that failed or was refused after it ran still cost its backend time.
      charge.settle(0);
    }
  };

  for (const path of [PROXY_PATH, `${PROXY_PATH}/*`, `${API_PREFIX}/*`]) {
    app.use(path, noStore, readPathCors(corsOrigins, READ_METHODS), clientRateLimit(rateLimit));
    app.use(
      path,
      bodyLimit({
        maxSize: maxBodyBytes,
        onError: (c) => refuse(c, new ProxyError(413, [`The request body is larger than ${maxBodyBytes} bytes.`])),
      }),
    );
  }

  app.post(PROXY_PATH, (c) =>
    answer(
      c,
      async () => {
        requireContentType(c, FORM_TYPE);
        return parseProxyForm(await c.req.text());
      },
      'form.params',
    ),
  );
  app.all(PROXY_PATH, (c) => methodNotAllowed(c, ['POST']));

  /** A REST call's body: the query string, or JSON (older App Search clients send a search as GET with a JSON body). */
  const restParams = async (c: Context, where: string) => {
    if (c.req.method === 'GET') {
      const { search } = new URL(c.req.url);
      const body = await readGetBody(c, maxBodyBytes);
      if (body === undefined) return parseQueryStringRequest(search);
      if (search.length > 1) throw new ProxyError(400, ['Send the request in the query string or in a JSON body, not both.']);
      return parseJsonObject(body, where);
    }
    requireContentType(c, JSON_TYPE);
    return parseJsonObject(await c.req.text(), where);
  };

  /**
   * Several searches of one engine in one call, answered in order with one search answer each. Each search is checked,
   * weighed and charged as a search on its own is; the first that fails fails the call, with its error naming it.
   */
  const answerMultiSearch = async (c: Context, engine: string) => {
    const client = clientKey(c);
    const whole = new CallCharge(costControl, client);
    try {
      const queries = readMultiSearch(await restParams(c, 'request'));
      const answers: object[] = [];
      for (const [index, params] of queries.entries()) {
        const charge = new CallCharge(costControl, client);
        try {
          const result = await answerCall(
            { engine, action: 'search', params },
            { ...callContext, where: `queries[${index}]`, clientSignal: c.req.raw.signal, charge },
          );
          charge.settle(Buffer.byteLength(JSON.stringify(result)));
          answers.push(result);
        } finally {
          charge.settle(0);
        }
      }
      return sendWithoutSecrets(c, answers, callContext.secrets, whole);
    } catch (error) {
      if (error instanceof ProxyError) {
        const messages = error.messages.map((message) => redact(message, callContext.secrets));
        return refuse(c, error instanceof OverBudgetError ? error : new ProxyError(error.status, messages));
      }
      throw error;
    }
  };

  const answerRest = (c: Context) => {
    const name = c.req.param('endpoint')!;
    const engine = c.req.param('engine')!;
    if (MULTI_SEARCH_ENDPOINTS.has(name)) {
      if (!['GET', 'POST'].includes(c.req.method)) return methodNotAllowed(c, ['GET', 'POST']);
      return answerMultiSearch(c, engine);
    }
    const endpoint = ENDPOINTS[name];
    if (!endpoint) return refuse(c, new ProxyError(404, ['This App Search endpoint is not served here.']));
    if (!endpoint.methods.includes(c.req.method)) return methodNotAllowed(c, endpoint.methods);
    return answer(c, async () => ({ engine, action: endpoint.action, params: await restParams(c, 'request') }), 'request');
  };
  for (const path of REST_PATHS) app.all(path, answerRest);

  for (const path of [`${PROXY_PATH}/*`, `${API_PREFIX}/*`]) {
    app.all(path, (c) => refuse(c, new ProxyError(404, ['Nothing is served at this path.'])));
  }

  app.onError((error, c) => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`search proxy: ${c.req.method} ${c.req.path} failed: ${redact(detail, callContext.secrets)}`);
    return c.json(errorBody(['Search is unavailable right now: an unexpected error occurred']), 500, {
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
  return app;
}
