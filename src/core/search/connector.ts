/**
 * The App Search connector over `fetch`: every call is a form-encoded POST to the same-site proxy
 * (`/_search-proxy`) with the fields `key={key}` (a placeholder the server replaces), `engine`, `action` and
 * `params` (the App Search body as JSON). Failures become Errors with a readable message; an "Invalid
 * credentials" answer becomes exactly that message, which the driver treats.
 */
import { format, mergeMessages } from '../i18n';
import { PROXY_KEY_PLACEHOLDER, PROXY_PATH, type ProxyAction, type ProxyFormFields } from './app-search-api';
import {
  buildAutocompleteResultsRequest,
  buildClickRequest,
  buildDisjunctiveFacetRequest,
  buildSearchRequest,
  buildSuggestionRequest,
  disjunctiveFacetFields,
} from './app-search-request';
import { readFacets, readSearchResponse, readSuggestionResponse, UnexpectedAnswerError } from './app-search-response';
import { searchMessages, type SearchMessages } from './messages';
import type { ResultClick, SearchConnector } from './search-connector';
import { INVALID_CREDENTIALS, type AutocompleteResponseState } from './state';

export interface AppSearchConnectorOptions {
  /** The engine name (the header search element's data attribute). */
  engineName: string;
  /** Where the proxy answers; defaults to PROXY_PATH. */
  endpointBase?: string;
  /** For tests and special hosts; defaults to the global fetch. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  messages?: Partial<SearchMessages>;
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'unknown error';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** App Search's `{ errors: [...] }`, as text. */
function errorsOf(json: unknown): string[] {
  const errors = typeof json === 'object' && json !== null ? (json as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors) ? errors.filter((error): error is string => typeof error === 'string') : [];
}

export function createAppSearchConnector(options: AppSearchConnectorOptions): SearchConnector {
  const messages = mergeMessages(searchMessages, options?.messages, 'search connector');
  const engine = typeof options?.engineName === 'string' ? options.engineName.trim() : '';
  const endpoint = options?.endpointBase === undefined ? PROXY_PATH : options.endpointBase;
  if (!engine || typeof endpoint !== 'string' || !endpoint.trim()) throw new Error(messages.connectorConfig);
  // Called as a plain function: a browser's fetch refuses to run with another `this`.
  const fetchImpl = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));

  async function post(action: ProxyAction, params: object, { expectJson = true } = {}): Promise<unknown> {
    const fields: ProxyFormFields = { key: PROXY_KEY_PLACEHOLDER, engine, action, params: JSON.stringify(params) };
    let status = 0;
    let ok = false;
    let body: string;
    try {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', Accept: 'application/json' },
        body: new URLSearchParams({ ...fields }),
        credentials: 'same-origin',
      });
      status = response.status;
      ok = response.ok;
      body = await response.text();
    } catch (error) {
      throw new Error(format(messages.networkError, { reason: reasonOf(error) }));
    }
    const json = parseJson(body);
    if (!ok) {
      const errors = errorsOf(json);
      if (errors.includes(INVALID_CREDENTIALS)) throw new Error(INVALID_CREDENTIALS);
      throw new Error(
        errors.length > 0
          ? format(messages.httpErrorDetail, { status, detail: errors.join(', ') })
          : format(messages.httpError, { status }),
      );
    }
    if (json === undefined && expectJson) throw new Error(format(messages.notJson, { status }));
    return json;
  }

  /** Runs a reader; a shape it cannot read becomes the readable "unexpected format" error. */
  function read<T>(reader: () => T): T {
    try {
      return reader();
    } catch (error) {
      if (error instanceof UnexpectedAnswerError) throw new Error(messages.unexpectedAnswer);
      throw error;
    }
  }

  async function click(click: ResultClick, tag: string): Promise<void> {
    await post('click', buildClickRequest({ ...click, tags: [...(click.tags ?? []), tag] }), { expectJson: false });
  }

  return {
    async onSearch(request, config = {}) {
      const fields = disjunctiveFacetFields(request, config);
      const [main, ...facetOnly] = await Promise.all([
        post('search', buildSearchRequest(request, config)),
        ...fields.map((field) => post('search', buildDisjunctiveFacetRequest(request, config, field))),
      ]);
      const state = read(() => readSearchResponse(main));
      fields.forEach((field, index) => {
        const facets = read(() => readFacets((facetOnly[index] as { facets?: unknown } | null)?.facets));
        if (facets[field]) state.facets = { ...state.facets, [field]: facets[field] };
      });
      return state;
    },

    async onAutocomplete({ searchTerm }, config = {}) {
      const state: Partial<AutocompleteResponseState> = {};
      await Promise.all([
        config.results &&
          post('search', buildAutocompleteResultsRequest(searchTerm, config.results)).then((json) => {
            const { results, requestId } = read(() => readSearchResponse(json));
            state.autocompletedResults = results;
            state.autocompletedResultsRequestId = requestId;
          }),
        config.suggestions &&
          post('query_suggestion', buildSuggestionRequest(searchTerm, config.suggestions)).then((json) => {
            Object.assign(
              state,
              read(() => readSuggestionResponse(json)),
            );
          }),
      ]);
      return state;
    },

    onResultClick: (resultClick) => click(resultClick, 'results'),
    onAutocompleteResultClick: (resultClick) => click(resultClick, 'autocomplete'),
  };
}
