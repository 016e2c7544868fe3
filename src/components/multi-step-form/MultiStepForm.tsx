import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Adopt, dispatch, useMessages, useServerContent, type ElementProps, type PropsOf } from '../../web-component';
import { STEP_BUTTON_LABEL } from '../../core/constants';
import { adjacentStep, createFormSteps, isLastVisibleStep, jumpTargets, stepNumbers, type FormStepsState } from '../../core/form-steps';
import { fieldMessages } from './field-messages';
import { existingError, hasFieldError } from './field-errors';
import { fieldsIn } from './fields';
import { parseMultiStepForm, type ParsedForm } from './parse-form';
import { applyStepVisibility, showAllSteps } from './step-visibility';
import { adoptServerError, createStepActions, hiddenStepsOf, type Focus, type StepActions } from './step-actions';
import { focusControl, focusStep } from './focus';
import { ErrorSummary, type SummaryError } from './ErrorSummary';
import { StepJumps } from './StepJumps';
import { enhanceMaskedFields } from '../shared/input-mask/masked-fields';
import { draftOf, restoreSteps } from '../../core/form-draft';
import { applyDraftFields, clearDraft, draftKeyOf, loadDraft, readDraftFields, saveDraft } from './draft';

export const multiStepFormMessages = {
  next: 'Next',
  previous: 'Previous',
  stepsLabel: 'Form steps',
  stepLabel: STEP_BUTTON_LABEL,
  summaryTitle: 'There is a problem',
  errorPrefix: 'Error:',
  titlePrefix: 'Error: ',
  ...fieldMessages,
};

export const multiStepFormAttributes = { draftSent: 'string' } as const;

declare module '../../web-component/events' {
  interface CivicEventDetails {
    /** Another step shows: its position among the steps, its "Step N" number and its title. */
    'multi-step-form-step': { index: number; number: number; title: string };
    /** Next or submit found problems; `fields` are the keys (group name or control id) of the fields listed. */
    'multi-step-form-invalid': { fields: string[] };
    /** A submit with errors is about to reset the page's captcha; cancel it to reset the captcha yourself. */
    'multi-step-form-captcha-reset': { captcha: HTMLElement };
  }
}

const ELEMENT = 'multi-step-form';

/**
 * The state on upgrade. The tab's draft of the form, if it has one, fills the fields the page left empty. A
 * form back from the server with errors starts on the first step with one, all steps reached; otherwise the
 * form reopens on the step the draft was left on.
 */
function initialState({ form, steps }: ParsedForm): FormStepsState {
  if (!form) return createFormSteps([]);
  const key = draftKeyOf(form);
  const draft = key ? loadDraft(key) : null;
  const restored = draft ? applyDraftFields(form, draft.fields) : false;
  const hidden = hiddenStepsOf(form, steps);
  const withError = steps.findIndex((step, index) => !hidden[index] && fieldsIn(step.element).some(hasFieldError));
  if (withError >= 0) return createFormSteps(hidden, { allViewed: true, start: withError, dirty: true });
  if (!draft) return createFormSteps(hidden);
  const state = restoreSteps(hidden, draft);
  return restored ? state : { ...state, dirty: false };
}

export function MultiStepForm({ host, serverNodes, i18n, draftSent }: PropsOf<typeof multiStepFormAttributes> & ElementProps) {
  const t = useMessages(multiStepFormMessages, i18n, ELEMENT);
  const parsed = useServerContent(serverNodes, parseMultiStepForm);
  const { form, steps, finalNodes, serverSummary } = parsed;
  const [state, setStateValue] = useState(() => initialState(parsed));
  const [summary, setSummary] = useState<{ errors: SummaryError[]; revision: number }>({ errors: [], revision: 0 });
  const stateRef = useRef(state);
  const texts = useRef(t);
  const pendingFocus = useRef<Focus>(null);
  const shownStep = useRef(state.current);

  useLayoutEffect(() => {
    texts.current = t;
  }, [t]);

  const setState = useCallback((next: FormStepsState) => {
    stateRef.current = next;
    setStateValue(next);
  }, []);

  // The actions read and write through refs; they are made outside render and used from events only.
  const actions = useRef<StepActions | null>(null);
  useLayoutEffect(() => {
    actions.current =
      form &&
      createStepActions({
        host,
        form,
        steps,
        getState: () => stateRef.current,
        setState,
        showSummary: (errors) =>
          setSummary((current) => ({ errors, revision: errors.length > 0 ? current.revision + 1 : current.revision })),
        dropFromSummary: (keys) =>
          setSummary((current) =>
            current.errors.some((e) => keys.has(e.key)) ? { ...current, errors: current.errors.filter((e) => !keys.has(e.key)) } : current,
          ),
        requestFocus: (focus) => {
          pendingFocus.current = focus;
        },
        messages: () => texts.current,
      });
  }, [form, host, steps, setState]);

  useEffect(() => {
    // A confirmation page's element (draft-sent) holds no form, on purpose.
    if (!parsed.form && draftSent) return;
    for (const problem of parsed.problems) console.warn(`<${ELEMENT}>: ${problem}`);
  }, [parsed, draftSent]);

  // The page after a successful send names the form: its draft is done with.
  useEffect(() => {
    if (draftSent) clearDraft(draftSent);
  }, [draftSent]);

  // The draft follows every answer and every step, and is written once more as the page goes (values a
  // script or the mask set without an event). Listening starts as the element commits: no answer is missed.
  const draftKey = useMemo(() => (form ? draftKeyOf(form) : null), [form]);
  const saveNow = useCallback(() => {
    if (form && draftKey) saveDraft(draftKey, draftOf(stateRef.current, readDraftFields(form)));
  }, [form, draftKey]);
  useLayoutEffect(() => {
    if (!form) return;
    form.addEventListener('input', saveNow);
    form.addEventListener('change', saveNow);
    window.addEventListener('pagehide', saveNow);
    return () => {
      form.removeEventListener('input', saveNow);
      form.removeEventListener('change', saveNow);
      window.removeEventListener('pagehide', saveNow);
    };
  }, [form, saveNow]);
  useLayoutEffect(() => {
    if (state.dirty) saveNow();
  }, [state, saveNow]);

  // The element validates (with its own messages); the browser's bubbles stay away. Restored on removal.
  useLayoutEffect(() => {
    if (!form) return;
    const hadNoValidate = form.hasAttribute('novalidate');
    form.setAttribute('novalidate', '');
    return () => {
      form.toggleAttribute('novalidate', hadNoValidate);
      showAllSteps(steps, finalNodes);
    };
  }, [form, steps, finalNodes]);

  // Fields marked data-mask are shaped as they are typed, from the first commit for as long as the element is in
  // the page.
  useLayoutEffect(() => (form ? enhanceMaskedFields(form, ELEMENT) : undefined), [form]);

  // Errors the server rendered count until the visitor changes the field; its summary takes focus as the element
  // shows.
  useLayoutEffect(() => {
    for (const step of steps) {
      for (const field of fieldsIn(step.element)) {
        const error = hasFieldError(field) ? existingError(field) : null;
        if (error?.message) adoptServerError(field, error.message);
      }
    }
    if (!serverSummary) return;
    if (!serverSummary.hasAttribute('tabindex')) serverSummary.setAttribute('tabindex', '-1');
    serverSummary.focus();
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href^="#"]') : null;
      if (link && actions.current?.goToControl(decodeURIComponent(link.hash.slice(1)))) event.preventDefault();
    };
    serverSummary.addEventListener('click', onClick);
    return () => serverSummary.removeEventListener('click', onClick);
  }, [steps, serverSummary]);

  // Once the element shows its own summary, the server's is out of date.
  const ownSummaryShown = summary.revision > 0;
  useLayoutEffect(() => {
    if (!serverSummary || !ownSummaryShown) return;
    serverSummary.toggleAttribute('hidden', true);
    return () => serverSummary.removeAttribute('hidden');
  }, [serverSummary, ownSummaryShown]);

  // Listening starts as the element first commits (a layout effect), so no submit slips past the steps.
  useLayoutEffect(() => {
    if (!form) return;
    const onEdit = (event: Event) => {
      if (event.target instanceof Element && form.contains(event.target)) actions.current?.edited(event.target);
    };
    const onSubmit = (event: SubmitEvent) => actions.current?.submit(event);
    form.addEventListener('input', onEdit);
    form.addEventListener('change', onEdit);
    form.addEventListener('submit', onSubmit);
    return () => {
      form.removeEventListener('input', onEdit);
      form.removeEventListener('change', onEdit);
      form.removeEventListener('submit', onSubmit);
    };
  }, [form]);

  // Show the current step; then move focus where the last action asked, and tell the page about a new step.
  useLayoutEffect(() => {
    if (!form) return;
    applyStepVisibility(steps, finalNodes, state);
    const focus = pendingFocus.current;
    pendingFocus.current = null;
    if (focus?.kind === 'step') focusStep(host, steps[state.current]?.element);
    else if (focus?.kind === 'control') focusControl(focus.id);
    if (shownStep.current !== state.current && state.current >= 0) {
      shownStep.current = state.current;
      const number = stepNumbers(state.steps)[state.current] ?? 0;
      dispatch(host, 'multi-step-form-step', { index: state.current, number, title: steps[state.current].title });
    }
  }, [form, steps, finalNodes, state, host]);

  // Leaving with unsaved changes asks first. Added and removed as the change commits: once the form is sent, or
  // nothing is left unsaved, leaving asks nothing, even straight away.
  useLayoutEffect(() => {
    if (!state.dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!stateRef.current.dirty) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state.dirty]);

  // GOV.UK: the page title starts with "Error: " while the summary shows, and loses it as the summary goes (a layout
  // effect: never a frame late, never left behind).
  const showingErrors = summary.errors.length > 0 && ownSummaryShown;
  useLayoutEffect(() => {
    const prefix = t.titlePrefix;
    if (!showingErrors || document.title.startsWith(prefix)) return;
    document.title = `${prefix}${document.title}`;
    return () => {
      if (document.title.startsWith(prefix)) document.title = document.title.slice(prefix.length);
    };
  }, [showingErrors, t.titlePrefix]);

  if (!form) return <Adopt nodes={serverNodes} className="multi-step-form__content" />;

  const targets = jumpTargets(state);
  const onLastStep = state.current === -1 || isLastVisibleStep(state);
  const hasPrevious = state.current >= 0 && adjacentStep(state, -1) !== null;
  return (
    <div className="multi-step-form">
      {targets.length > 1 && (
        <StepJumps
          label={t.stepsLabel}
          stepLabel={t.stepLabel}
          targets={targets}
          titles={steps.map((step) => step.title)}
          onJump={(index) => actions.current?.jump(index)}
        />
      )}
      {showingErrors && (
        <ErrorSummary
          title={t.summaryTitle}
          errors={summary.errors}
          revision={summary.revision}
          onChoose={(error) => actions.current?.goToControl(error.targetId)}
        />
      )}
      <Adopt nodes={serverNodes} className="multi-step-form__content" />
      {(!onLastStep || hasPrevious) && (
        <div className="multi-step-form__actions">
          {!onLastStep && (
            <button type="button" className="multi-step-form__next" onClick={() => actions.current?.go(1)}>
              {t.next}
            </button>
          )}
          {hasPrevious && (
            <button type="button" className="multi-step-form__previous" onClick={() => actions.current?.go(-1)}>
              {t.previous}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
