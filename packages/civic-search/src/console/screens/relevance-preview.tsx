/** @jsxImportSource hono/jsx */
import type { RelevanceDraft } from '../../relevance';
import type { ConsoleServices } from '../console-env';
import { resultLine, type ResultLine } from '../relevance-reads';

/** How many results a preview shows of each side: the first page a visitor sees. */
export const PREVIEW_SIZE = 10;

export interface PreviewPair {
  query: string;
  now: { results: ResultLine[]; total: number };
  draft: { results: ResultLine[]; total: number };
}

/**
 * One query's results as visitors get them now and as they would with the draft in place of the saved rules. The
 * preview search records nothing, so a manager can try a change as often as they like without touching the reports.
 */
export async function previewPair(
  services: ConsoleServices,
  engine: string,
  query: string,
  draft: RelevanceDraft,
  promoted: readonly string[] = [],
): Promise<PreviewPair> {
  const request = { query, page: { size: PREVIEW_SIZE } };
  const [now, drafted] = await Promise.all([services.preview!(engine, request, {}), services.preview!(engine, request, draft)]);
  const pinned = new Set(promoted);
  return {
    query,
    now: { results: now.results.map((result) => resultLine(result)), total: now.meta.page.total_results },
    draft: { results: drafted.results.map((result) => resultLine(result, pinned)), total: drafted.meta.page.total_results },
  };
}

function ResultList({ id, heading, side, others }: { id: string; heading: string; side: PreviewPair['now']; others?: PreviewPair['now'] }) {
  const before = new Set(others?.results.map((result) => result.id));
  return (
    <section class="preview-side" aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      <p>{side.total === 1 ? '1 result' : `${side.total.toLocaleString('en')} results`}</p>
      {side.results.length > 0 && (
        <ol class="preview-results">
          {side.results.map((result) => (
            <li>
              <span class="result-title">{result.title}</span>
              {result.url && result.url !== result.title && <span class="result-url">{result.url}</span>}
              {result.promoted && <strong class="tag">Best bet</strong>}
              {others && !before.has(result.id) && <strong class="tag">New</strong>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The two result lists side by side (one above the other on a phone), the draft's new and pinned results marked. */
export function PreviewResults({ pair }: { pair: PreviewPair }) {
  return (
    <section class="preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading" tabindex={-1}>
        Preview: results for “{pair.query}”
      </h2>
      <p class="hint">Nothing is saved yet. Visitors still see the results on the left.</p>
      <div class="preview-sides">
        <ResultList id="preview-now" heading="Now" side={pair.now} />
        <ResultList id="preview-draft" heading="With your change" side={pair.draft} others={pair.now} />
      </div>
    </section>
  );
}
