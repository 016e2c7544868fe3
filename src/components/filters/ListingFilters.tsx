import { Adopt, dispatch, useMessages, useServerContent, type ElementProps } from '../../web-component';
import { countMessage } from './count-message';
import { FailureNote } from './FailureNote';
import { restoreForm } from './form-state';
import { listingFiltersMessages } from './messages';
import { parseFilters } from './parse-filters';
import { isWideScreen } from './screen';
import { useAnnouncer } from './use-announcer';
import { useResultsReload, type ReloadCause } from './use-results-reload';
import { useSubtopics } from './use-subtopics';

export const listingFiltersAttributes = {} as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** The results were reloaded in place: the query they show, their `data-results-count`, and why. */
    'listing-filters-update': { query: string; count: number | null; cause: ReloadCause };
    /** A reload failed: the current results stay. */
    'listing-filters-error': { url: string; message: string };
    /** The subtopics field was asked for a topic: `refreshed` is false when that failed (the field stayed). */
    'listing-filters-subtopics': { topic: string; refreshed: boolean };
  }
}

const ELEMENT = 'listing-filters';

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A listing page's filters: checkbox filters that reload the results in place on wide screens,
 * and a topic select whose subtopics field refreshes from a fragment. The server's GET form underneath works
 * without JavaScript.
 */
export function ListingFilters({ host, serverNodes, i18n }: ElementProps) {
  const t = useMessages(listingFiltersMessages, i18n, ELEMENT);
  const { form, results, subtopics: subtopicsMarkup } = useServerContent(serverNodes, parseFilters);
  const [status, announce] = useAnnouncer();

  const reload = useResultsReload({
    elementName: ELEMENT,
    form,
    results,
    ignoresChangeOf: (control) => control === subtopicsMarkup?.trigger,
    beforeHistoryReload: async (query) => {
      // Back or forward to another topic: its subtopics first, then the results.
      if (!subtopicsMarkup || !form || subtopicsMarkup.trigger.value === subtopics.shownFor()) return;
      if (await subtopics.refresh(query)) restoreForm(form, query);
    },
    onApplied: ({ cause, query, count }) => {
      announce(countMessage(count, t));
      dispatch(host, 'listing-filters-update', { query, count, cause });
    },
    onFailed: (url, error) => {
      announce(t.updateFailed);
      dispatch(host, 'listing-filters-error', { url, message: errorMessage(error) });
    },
  });

  const subtopics = useSubtopics(subtopicsMarkup, form, ELEMENT, (refreshed, topic) => {
    dispatch(host, 'listing-filters-subtopics', { topic, refreshed });
    if (isWideScreen()) void reload.reload('change');
  });

  return (
    <div className="filters filters--enhanced">
      <Adopt className="filters__content" nodes={serverNodes} />
      <FailureNote results={results} message={reload.state === 'failed' ? t.updateFailed : null} />
      <p className="civic-visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
