import type { EngineDefinition } from '../engines/engine-definition';
import type { PreviewSearch, RelevanceDraft } from '../relevance';
import { CUTOFF } from './metrics';
import type { SearchFirstPage } from './run';

/** A test's search that takes longer is stopped: one slow query must not hold a whole run. */
const SEARCH_TIMEOUT_MS = 5_000;

/**
 * An engine's first page for a query with its saved rules (an empty draft) or a draft in their place, through the
 * preview: nothing is recorded, so tests never show up in the engine's analytics.
 */
export function engineFirstPage(preview: PreviewSearch, engine: EngineDefinition, draft: RelevanceDraft = {}): SearchFirstPage {
  const resultFields = { id: { raw: {} }, ...('url' in engine.schema && { url: { raw: {} } }) };
  return async (query) => {
    const answer = await preview(
      engine.name,
      { query, page: { size: CUTOFF }, result_fields: resultFields },
      draft,
      AbortSignal.timeout(SEARCH_TIMEOUT_MS),
    );
    return answer.results.map((result) => {
      const url = (result.url as { raw?: unknown } | undefined)?.raw;
      // The id a result shows: on a meta engine that is `source|id`, which tells two sources' pages apart.
      const shown = (result.id as { raw?: unknown } | undefined)?.raw;
      return { id: typeof shown === 'string' ? shown : result._meta.id, ...(typeof url === 'string' && { url }) };
    });
  };
}
