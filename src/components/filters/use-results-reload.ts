import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLatest } from '../../web-component';
import { createLatestRequest } from '../../core/latest-request';
import { fragmentRequestUrl, listingPageUrl, listingTarget, normalizeQuery, queryOf } from '../../core/listing-url';
import { fetchFragment, replaceContent } from './fragment';
import { dropEmptyEntries, restoreForm, serializeForm } from './form-state';
import { isWideScreen } from './screen';

/** What started a reload: a filter changed, the form was submitted, or back/forward. */
export type ReloadCause = 'change' | 'submit' | 'history';
export type ReloadState = 'idle' | 'loading' | 'failed';

export interface AppliedReload {
  cause: ReloadCause;
  /** The query the results now show. */
  query: string;
  /** `data-results-count` of the new results, when they carry one. */
  count: number | null;
}

export interface ResultsReloadOptions {
  elementName: string;
  form: HTMLFormElement | null;
  results: HTMLElement | null;
  /** Asked before a change reloads or a submit goes ahead (at any width): false stops it. */
  guard?: (cause: 'change' | 'submit', control: Element | null) => boolean;
  /** Changes of these controls are someone else's (the subtopics trigger reloads once its field is fresh). */
  ignoresChangeOf?: (control: Element) => boolean;
  /** Runs before a back/forward reload, with the restored query (the subtopics field follows the topic). */
  beforeHistoryReload?: (query: string) => Promise<void>;
  /** The form's controls were set from the URL (back or forward). */
  onRestored?: () => void;
  onApplied?: (applied: AppliedReload) => void;
  onFailed?: (url: string, error: unknown) => void;
}

export interface ResultsReload {
  state: ReloadState;
  /** Reloads the results for a query (default: the form as it is now). */
  reload: (cause: ReloadCause, query?: string) => Promise<void>;
}

/** Controls whose change reloads at once; text fields wait for the submit (Enter or the Apply button). */
const RELOADS_ON_CHANGE = 'input[type="checkbox"], input[type="radio"], select, [data-date-field], [data-reload]';

const currentListingUrl = () => `${location.pathname}?${normalizeQuery(location.search)}`;

function readCount(results: HTMLElement): number | null {
  const value = results.querySelector('[data-results-count]')?.getAttribute('data-results-count');
  const count = value == null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(count) && count >= 0 ? count : null;
}

/**
 * Reloads a listing's results in place: on wide screens a filter change (or a submit) fetches
 * `?fragment=results` from the form's target with the serialized form, uncached; the answer's results region
 * replaces the current one; the URL follows with pushState; back and forward restore the form and reload.
 * Only the latest reload applies. A failure is logged, keeps the current results and leaves the form working.
 */
export function useResultsReload(options: ResultsReloadOptions): ResultsReload {
  const { form, results, elementName } = options;
  const [state, setState] = useState<ReloadState>('idle');

  // Markup the reload needs: say what is missing (once per element), the form still submits without it.
  useEffect(() => {
    if (!form) console.warn(`<${elementName}>: no <form> found inside; there is nothing to enhance.`);
    else if (!results)
      console.warn(`<${elementName}>: no results region ([data-results]) found inside; filters apply by submitting the form.`);
  }, [elementName, form, results]);
  const latest = useRef(createLatestRequest());
  const shownUrl = useRef(currentListingUrl());
  const callbacks = useLatest(options);

  const reload = useCallback(
    async (cause: ReloadCause, query?: string) => {
      if (!form || !results) return;
      const target = listingTarget(form.getAttribute('action'), location.href);
      const wanted = query ?? serializeForm(form);
      const url = fragmentRequestUrl(target, wanted);
      setState('loading');
      results.setAttribute('aria-busy', 'true');
      const outcome = await latest.current.run(
        (signal) => fetchFragment(url, '[data-results]', signal),
        (nodes) => {
          replaceContent(results, nodes);
          const pageUrl = listingPageUrl(target, wanted);
          if (cause !== 'history' && pageUrl !== `${location.pathname}${location.search}`) history.pushState(history.state, '', pageUrl);
          shownUrl.current = currentListingUrl();
        },
      );
      if (outcome.status === 'superseded') return;
      results.removeAttribute('aria-busy');
      if (outcome.status === 'failed') {
        console.error(
          `<${callbacks.current.elementName}>: could not reload the results from ${url}; the current results stay.`,
          outcome.error,
        );
        setState('failed');
        callbacks.current.onFailed?.(url, outcome.error);
        return;
      }
      setState('idle');
      callbacks.current.onApplied?.({ cause, query: queryOf(listingPageUrl(target, wanted)), count: readCount(results) });
    },
    [form, results, callbacks],
  );

  // Listened for from the first commit: a change or a submit right after the upgrade reloads in place, it does not
  // fall through to loading a page.
  useLayoutEffect(() => {
    if (!form || !results) return;
    const onChange = (event: Event) => {
      const control = event.target;
      if (
        !(control instanceof Element) ||
        !control.matches(RELOADS_ON_CHANGE) ||
        control.matches('[data-sort-select]') ||
        control.closest('[data-no-reload]')
      )
        return;
      if (callbacks.current.ignoresChangeOf?.(control)) return;
      if (!isWideScreen()) return;
      if (callbacks.current.guard && !callbacks.current.guard('change', control)) return;
      void reload('change');
    };
    const onSubmit = (event: SubmitEvent) => {
      if (callbacks.current.guard && !callbacks.current.guard('submit', null)) {
        event.preventDefault();
        return;
      }
      // Below the breakpoint the form submits as it would without JavaScript.
      if (!isWideScreen()) return;
      event.preventDefault();
      void reload('submit');
    };
    const onPopState = () => {
      if (currentListingUrl() === shownUrl.current) return;
      const query = queryOf(location.search);
      restoreForm(form, query);
      callbacks.current.onRestored?.();
      const before = callbacks.current.beforeHistoryReload?.(query) ?? Promise.resolve();
      void before.then(() => reload('history', query));
    };
    form.addEventListener('change', onChange);
    form.addEventListener('submit', onSubmit);
    window.addEventListener('popstate', onPopState);
    return () => {
      form.removeEventListener('change', onChange);
      form.removeEventListener('submit', onSubmit);
      window.removeEventListener('popstate', onPopState);
    };
  }, [form, results, reload, callbacks]);

  // A submit that loads a page (below the breakpoint, or a form without a results region) leaves blank fields
  // out of the address, as a reload does: the browser's own GET submit writes `?keywords=&from=&to=`.
  useLayoutEffect(() => {
    if (!form) return;
    const onFormData = (event: FormDataEvent) => {
      if (form.method.toLowerCase() === 'get') dropEmptyEntries(event.formData);
    };
    form.addEventListener('formdata', onFormData);
    return () => form.removeEventListener('formdata', onFormData);
  }, [form]);

  useEffect(() => {
    const request = latest.current;
    return () => request.abort();
  }, []);

  return { state, reload };
}
