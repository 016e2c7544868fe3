import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLatest } from '../../web-component';
import { createLatestRequest } from '../../core/latest-request';
import { subtopicsRequestUrl } from '../../core/listing-url';
import { fetchFragment, replaceContent } from './fragment';
import { serializeForm } from './form-state';
import type { SubtopicsMarkup } from './parse-filters';

export interface Subtopics {
  /** Replaces the subtopics field with the server's for a query; resolves whether it worked (a failure is logged). */
  refresh: (query: string) => Promise<boolean>;
  /** The trigger's value when the field was last drawn for it. */
  shownFor: () => string | undefined;
}

/**
 * The subtopics field follows the topic: changing the trigger (the topic select) fetches the
 * subtopics link with the serialized form and replaces the field's content with the answer's
 * `[data-subtopics]`. A failure is only logged: the current field stays. `afterChange` runs either way.
 */
export function useSubtopics(
  markup: SubtopicsMarkup | null,
  form: HTMLFormElement | null,
  elementName: string,
  afterChange: (refreshed: boolean, topic: string) => void,
): Subtopics {
  const latest = useRef(createLatestRequest());
  const shownTopic = useRef(markup?.trigger.value);
  const after = useLatest(afterChange);

  const refresh = useCallback(
    async (query: string) => {
      if (!markup) return false;
      const url = subtopicsRequestUrl(markup.url, location.href, query);
      const topic = markup.trigger.value;
      markup.field.setAttribute('aria-busy', 'true');
      const outcome = await latest.current.run(
        (signal) => fetchFragment(url, '[data-subtopics]', signal),
        (nodes) => {
          replaceContent(markup.field, nodes);
          shownTopic.current = topic;
        },
      );
      if (outcome.status === 'superseded') return false;
      markup.field.removeAttribute('aria-busy');
      if (outcome.status === 'failed')
        console.error(`<${elementName}>: could not refresh the subtopics from ${url}; the current field stays.`, outcome.error);
      return outcome.status === 'applied';
    },
    [markup, elementName],
  );

  // Listened for from the first commit: a topic chosen as the element upgrades is followed too.
  useLayoutEffect(() => {
    if (!markup || !form) return;
    const onChange = () => {
      const topic = markup.trigger.value;
      void refresh(serializeForm(form)).then((refreshed) => {
        if (markup.trigger.value === topic) after.current(refreshed, topic);
      });
    };
    markup.trigger.addEventListener('change', onChange);
    return () => markup.trigger.removeEventListener('change', onChange);
  }, [markup, form, refresh, after]);

  useEffect(() => {
    const request = latest.current;
    return () => request.abort();
  }, []);

  return { refresh, shownFor: () => shownTopic.current };
}
