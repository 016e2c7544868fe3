import type { ApiClickRequest, ApiQuerySuggestionRequest, ApiQuerySuggestionResponse, ApiSearchResponse } from 'civic-elements/core';
import type { BackendSearchRequest } from '../relevance/rules';

/** A document of the site's search index (the fields every backend indexes). */
export interface SiteDocument {
  id: string;
  title: string;
  summary: string;
  body: string;
  /** Site-relative URL of the page or file. */
  url: string;
  /** e.g. 'Policy', 'Report', 'Form', 'Guidance', 'News', 'Page'. */
  document_type: string;
  /** ISO date, yyyy-mm-dd. */
  published_date: string;
  topic: string;
  subtopic: string;
  subsite: string;
}

/**
 * What answers behind the proxy. Requests arrive validated (see the proxy); a backend throws
 * `BackendError` for its own failures and honours `signal` so the proxy's timeout can stop it.
 */
export interface SearchBackend {
  readonly name: string;
  search(engine: string, request: BackendSearchRequest, signal?: AbortSignal): Promise<ApiSearchResponse>;
  suggest(engine: string, request: ApiQuerySuggestionRequest, signal?: AbortSignal): Promise<ApiQuerySuggestionResponse>;
  click(engine: string, click: ApiClickRequest, signal?: AbortSignal): Promise<void>;
  close?(): Promise<void>;
}

/** A backend's own failure (unreachable, bad answer): the proxy answers 502 with `message`. */
export class BackendError extends Error {
  override name = 'BackendError';
}

/**
 * The backend cannot be reached at all now (its cluster is down or has no elected manager): the proxy answers 503,
 * which tells clients and monitors the service itself is there and the search will come back, rather than 502.
 */
export class BackendUnavailableError extends BackendError {
  override name = 'BackendUnavailableError';
}

/**
 * The backend refuses the request itself, not for a failure of its own (say a click on a document the engine does
 * not hold, or naming a search it did not answer): the proxy answers 400 with `message`.
 */
export class InvalidRequestError extends Error {
  override name = 'InvalidRequestError';
}

/** The engine is not one the backend serves (not in its allowlist): the proxy answers 404. */
export class UnknownEngineError extends Error {
  override name = 'UnknownEngineError';
  readonly engine: string;
  constructor(engine: string) {
    super('Could not find engine.');
    this.engine = engine;
  }
}
