import type { z } from 'zod';
import { SUGGESTIONS_SHOWN } from 'civic-elements/core';
import { BackendError, BackendUnavailableError, type SearchBackend } from '../search/types';
import { checkedSearchAnswer, checkedSuggestionAnswer, UnreadableAnswerError } from './backend-answer';
import { badRequest, describeIssues, ProxyError, timedOut, unavailable } from './errors';
import type { ProxyCall } from './form-request';
import { redact } from './redact';
import type { Limiter } from './concurrency';
import { startDeadline, untilAborted } from './deadline';
import { backendSearchRequest, clickRequestSchema, approximatedOptionWarnings, type RequestSchemas } from './schemas';
import { answerTooLarge, type CallCharge } from './call-cost';
import { estimatedSuggestionBytes, estimatedUnits } from './search-cost';

export interface CallContext {
  backend: SearchBackend;
  /** The engines that may be searched, each with the request schemas of its fields. */
  engines: { get(name: string): RequestSchemas | undefined };
  timeoutMs: number;
  /** Never sent to a client nor logged. */
  secrets: readonly string[];
  /** Aborts when the client goes away. */
  clientSignal?: AbortSignal;
  /** How messages name the request body: `form.params` or `request`. */
  where: string;
  /** Backend calls at a time. */
  limiter: Limiter;
  /** The call's charge against its client's cost budget, and the answer size cap; none: neither applies. */
  charge?: CallCharge;
}

/** Engine names echoed in messages are shortened and kept to plain characters. */
function engineLabel(engine: string): string {
  return JSON.stringify(engine.slice(0, 64).replace(/[^\w.-]/g, '?'));
}

function validated<T>(schema: z.ZodType<T>, params: unknown, where: string): T {
  const result = schema.safeParse(params);
  if (!result.success) throw badRequest(...describeIssues(result.error.issues, where));
  return result.data;
}

/** The ProxyError a failure is answered with; logged once here (without secrets), unless the client left. */
function failure(error: unknown, expired: boolean, context: CallContext, { action, engine }: ProxyCall): ProxyError {
  const log = (detail: string) =>
    console.error(`search proxy: ${action} on ${engineLabel(engine)} failed: ${redact(detail, context.secrets)}`);
  if (expired) {
    log(`no answer within ${context.timeoutMs} ms`);
    return timedOut(context.timeoutMs);
  }
  if (context.clientSignal?.aborted) return new ProxyError(504, ['The request was cancelled.']);
  if (error instanceof Error && error.name === 'InvalidRequestError') {
    return new ProxyError(400, [redact(error.message, context.secrets)]);
  }
  if (error instanceof Error && error.name === 'UnknownEngineError') {
    return new ProxyError(404, [`Engine ${engineLabel(engine)} has no search index.`]);
  }
  if (error instanceof UnreadableAnswerError) {
    log(`unreadable answer (${error.message})`);
    return unavailable('the search service sent an answer that could not be read');
  }
  if (error instanceof BackendError) {
    log(`${error.name}: ${error.message}`);
    return unavailable(redact(error.message, context.secrets), error instanceof BackendUnavailableError ? 503 : 502);
  }
  log(error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error));
  return unavailable('the search service failed unexpectedly');
}

/** Runs one backend call under the proxy's deadline, mapping every failure to a ProxyError. */
async function underDeadline<T>(context: CallContext, call: ProxyCall, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = startDeadline(context.timeoutMs, context.clientSignal);
  try {
    return await untilAborted(
      context.limiter.run(() => {
        deadline.check();
        return context.charge ? context.charge.timed(() => work(deadline.signal)) : work(deadline.signal);
      }, deadline.signal),
      deadline.signal,
    );
  } catch (error) {
    throw failure(error, deadline.expired(), context, call);
  } finally {
    deadline.clear();
  }
}

/**
 * Answers one App Search call: checks the engine against the allowlist (404), validates the body (400), weighs it
 * (a search whose answer would be over the size cap: 400; a client over its cost budget: 429), calls the backend
 * under the deadline (502 on failure, 504 on timeout) and returns the checked answer.
 */
export async function answerCall(call: ProxyCall, context: CallContext): Promise<object> {
  const { engine, action, params } = call;
  const schemas = context.engines.get(engine);
  if (!schemas) throw new ProxyError(404, [`Engine ${engineLabel(engine)} is not known here.`]);
  const { backend, where, charge } = context;

  if (action === 'search') {
    const request = validated(schemas.searchRequestSchema, params, where);
    const backendRequest = backendSearchRequest(request);
    // Size 0 is how App Search clients ask for facets only (disjunctive facets): ask for one result, send none.
    const facetsOnly = request.page?.size === 0;
    if (facetsOnly) backendRequest.page = { ...backendRequest.page, size: 1 };
    if (charge) {
      // Refused before any work when answers already seen say it cannot fit; otherwise checked again once made.
      const { control } = charge;
      const estimate = control.sizes.estimate(engine, backendRequest, request.page?.size);
      charge.facetsWeighMost = estimate.facetBytes * 2 > estimate.bytes;
      if (estimate.learned && estimate.bytes > control.maxAnswerBytes) {
        throw answerTooLarge(estimate.bytes, control.maxAnswerBytes, true, charge.facetsWeighMost);
      }
      charge.reserve(estimatedUnits(estimate.bytes));
    }
    const answer = await underDeadline(context, call, async (signal) =>
      checkedSearchAnswer(await backend.search(engine, backendRequest, signal), approximatedOptionWarnings(request)),
    );
    charge?.control.sizes.learn(engine, answer);
    if (facetsOnly) {
      answer.results = [];
      answer.meta.page = { ...answer.meta.page, size: 0, total_pages: 0 };
    }
    return answer;
  }
  if (action === 'query_suggestion') {
    const request = validated(schemas.querySuggestionRequestSchema, params, where);
    charge?.reserve(estimatedUnits(estimatedSuggestionBytes(request.size ?? SUGGESTIONS_SHOWN)));
    return underDeadline(context, call, async (signal) =>
      checkedSuggestionAnswer(await backend.suggest(engine, request, signal), request.size ?? SUGGESTIONS_SHOWN),
    );
  }
  const click = validated(clickRequestSchema, params, where);
  charge?.reserve(estimatedUnits(0));
  await underDeadline(context, call, (signal) => backend.click(engine, click, signal));
  return {};
}
