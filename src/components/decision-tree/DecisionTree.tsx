import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Adopt, dispatch, useMessages, useServerContent, type ElementProps } from '../../web-component';
import { StepHistory, readTreeEntry, sameOriginUrl, withTreeEntry, type StepResponse } from '../../core/decision-tree';
import { findStepsArea, replaceAfter, stepOf, stepsIn } from './find-steps-area';
import { captureSnapshot, clearAnswers, restoreSnapshot, withoutHash, type StepSnapshot } from './step-snapshot';
import { fetchStep, readStepRequest, type StepOutcome } from './fetch-step';
import { sanitizeHtml } from './sanitize-html';
import { buildFailureBlock, headingLevelOf } from './failure-block';
import { revealStep } from './reveal-step';

export const decisionTreeMessages = {
  loading: 'Loading the next step',
  failureTitle: 'Sorry, there is a problem',
  failureText: 'We could not show the next step. Try again, or come back later.',
  tryAgain: 'Try again',
};

export const decisionTreeAttributes = {} as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** An answered step's next step (a question or an outcome) is showing; `nexturl` is the address pushed. */
    'decision-tree-step': { nexturl: string | null };
    /** The visitor restarted the tree from its first step. */
    'decision-tree-restart': { url: string };
  }
}

const ELEMENT = 'decision-tree';

/** This page load: history entries written by an earlier load cannot be restored from memory. */
const PAGE_LOAD = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
let instances = 0;

/** One history of rendered steps per steps area: it survives the element being moved (a remount). */
const histories = new WeakMap<HTMLElement, { id: string; steps: StepHistory<StepSnapshot> }>();

type Texts = typeof decisionTreeMessages;

/** The area already shows these steps (a #fragment link was followed back): nothing to restore. */
function showsSnapshot(area: HTMLElement, snapshot: StepSnapshot): boolean {
  return snapshot.nodes.length === area.childNodes.length && snapshot.nodes.every((node, i) => area.childNodes[i] === node);
}

export function DecisionTree({ host, serverNodes, i18n }: ElementProps) {
  const t = useMessages(decisionTreeMessages, i18n, ELEMENT);
  const area = useServerContent(serverNodes, findStepsArea);
  const [busy, setBusy] = useState(false);
  const texts = useRef<Texts>(t);
  useLayoutEffect(() => {
    texts.current = t;
  }, [t]);

  useEffect(() => {
    if (!area) console.warn(`<${ELEMENT}>: no [data-steps] element found inside; the step forms are posted without the script.`);
  }, [area]);

  // Listening starts as the element first commits (a layout effect): a visitor who answers at once never
  // reaches the plain form post.
  useLayoutEffect(() => {
    if (!area) return;
    const tree = host.id || ELEMENT;
    let memory = histories.get(area);
    if (!memory) {
      memory = { id: `${PAGE_LOAD}:${(instances += 1)}`, steps: new StepHistory(captureSnapshot(area, location.href)) };
      histories.set(area, memory);
    }
    const { id, steps } = memory;
    const entryState = (index: number) => withTreeEntry(window.history.state, { tree, load: id, index });
    window.history.replaceState(entryState(steps.current), '');

    let inFlight: AbortController | undefined;
    const startRequest = () => {
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      area.setAttribute('aria-busy', 'true');
      setBusy(true);
      return controller;
    };
    const endRequest = (controller: AbortController) => {
      if (inFlight !== controller) return;
      inFlight = undefined;
      area.removeAttribute('aria-busy');
      setBusy(false);
    };

    const showNextStep = async (step: HTMLElement, response: StepResponse, signal: AbortSignal) => {
      const nodes = await sanitizeHtml(response.html);
      if (signal.aborted) return;
      replaceAfter(area, step, nodes);
      const url = response.nexturl === null ? null : sameOriginUrl(response.nexturl, location.href);
      if (response.nexturl !== null && url === null) {
        console.warn(`<${ELEMENT}>: nexturl "${response.nexturl}" is not an address on this site; the address bar is left as it is.`);
      }
      if (url !== null) window.history.pushState(entryState(steps.push(captureSnapshot(area, url))), '', url);
      else steps.replace(captureSnapshot(area, location.href));
      const next = nodes.find((node): node is HTMLElement => node instanceof HTMLElement);
      if (next) revealStep(next);
      dispatch(host, 'decision-tree-step', { nexturl: url ?? response.nexturl });
    };

    const showFailure = async (step: HTMLElement, retry: () => void, outcome: Extract<StepOutcome, { ok: false }>, signal: AbortSignal) => {
      console.warn(`<${ELEMENT}>: the step could not be shown. ${outcome.problem}`);
      let body: Node[] | string = outcome.body;
      if (/\bhtml\b/i.test(outcome.contentType) && outcome.body.trim() !== '') {
        body = await sanitizeHtml(outcome.body, 'message').catch(() => '');
      }
      if (signal.aborted) return;
      const { failureTitle, failureText, tryAgain } = texts.current;
      const block = buildFailureBlock(
        { headingLevel: headingLevelOf(step), body },
        { title: failureTitle, text: failureText, tryAgain },
        retry,
      );
      replaceAfter(area, step, [block]);
      revealStep(block);
    };

    const onSubmit = async (event: SubmitEvent) => {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
      const step = stepOf(area, form);
      const request = step && readStepRequest(form, event.submitter);
      if (!step || !request) return;
      event.preventDefault();
      const submitter = event.submitter instanceof HTMLElement && form.contains(event.submitter) ? event.submitter : null;
      const retry = () => {
        if (form.isConnected) form.requestSubmit(submitter);
      };
      const controller = startRequest();
      try {
        const outcome = await fetchStep(request, controller.signal);
        if (outcome.ok) {
          await showNextStep(step, outcome.response, controller.signal).catch((error: unknown) =>
            showFailure(step, retry, { ok: false, status: null, body: '', contentType: '', problem: String(error) }, controller.signal),
          );
        } else {
          await showFailure(step, retry, outcome, controller.signal);
        }
      } catch (error) {
        if (!controller.signal.aborted) throw error;
      } finally {
        endRequest(controller);
      }
    };

    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-restart]') : null;
      if (!link || !host.contains(link) || event.defaultPrevented) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const url = sameOriginUrl(link.href, location.href);
      const [first] = stepsIn(area);
      if (!url || !first) return;
      event.preventDefault();
      inFlight?.abort();
      area.replaceChildren(first);
      clearAnswers(first);
      window.history.pushState(entryState(steps.push(captureSnapshot(area, url))), '', url);
      revealStep(first);
      dispatch(host, 'decision-tree-restart', { url });
    };

    const onPopState = (event: PopStateEvent) => {
      const entry = readTreeEntry(event.state, tree);
      if (entry && !entry.load.startsWith(`${PAGE_LOAD}:`)) {
        // Written by an earlier load of the page (it was reloaded since): the server renders that address.
        location.reload();
        return;
      }
      // Our own entry by its index; an entry another script (or a #fragment link) pushed, by its address.
      const here = withoutHash(location.href);
      const index = entry?.load === id && entry.index < steps.length ? entry.index : steps.nearest((snapshot) => snapshot.url === here);
      const snapshot = index === -1 ? undefined : steps.go(index);
      if (!snapshot || showsSnapshot(area, snapshot)) return;
      inFlight?.abort();
      restoreSnapshot(area, snapshot);
      const last = stepsIn(area).at(-1);
      // Moving between addresses with #fragments, the browser settles focus after popstate: reveal after that.
      if (last) setTimeout(() => last.isConnected && revealStep(last));
    };

    area.addEventListener('submit', onSubmit);
    host.addEventListener('click', onClick);
    window.addEventListener('popstate', onPopState);
    return () => {
      area.removeEventListener('submit', onSubmit);
      host.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPopState);
      inFlight?.abort();
      area.removeAttribute('aria-busy');
    };
  }, [area, host]);

  return (
    <div className="decision-tree">
      <Adopt nodes={serverNodes} className="decision-tree__content" />
      <p className="decision-tree__status civic-visually-hidden" role="status">
        {busy ? t.loading : ''}
      </p>
    </div>
  );
}
