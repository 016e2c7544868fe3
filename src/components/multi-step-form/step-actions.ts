import {
  isLastVisibleStep,
  jumpToStep,
  leaveStep,
  markDirty,
  moveStep,
  resolveHiddenSteps,
  setHiddenSteps,
  showStep,
  submitSteps,
  type Direction,
  type FormStepsState,
} from '../../core/form-steps';
import { dispatch } from '../../web-component';
import { fieldMessages } from './field-messages';
import { clearFieldError, hasFieldError, showFieldError } from './field-errors';
import { fieldProblem, fieldsIn, type Field } from './fields';
import { readValues } from './read-values';
import { resetCaptcha } from './captcha';
import { focusControl } from './focus';
import type { FormStep } from './parse-form';
import type { SummaryError } from './ErrorSummary';

export type Focus = { kind: 'step' } | { kind: 'control'; id: string } | null;

export interface StepActionsContext {
  host: HTMLElement;
  form: HTMLFormElement;
  steps: readonly FormStep[];
  getState: () => FormStepsState;
  setState: (state: FormStepsState) => void;
  /** Shows the error summary with these errors (taking focus), or hides it when there are none. */
  showSummary: (errors: SummaryError[]) => void;
  /** Takes fields that are now valid out of the summary. */
  dropFromSummary: (keys: ReadonlySet<string>) => void;
  /** What takes focus once the state's step shows. */
  requestFocus: (focus: Focus) => void;
  messages: () => typeof fieldMessages & { errorPrefix: string };
}

/** Which steps are hidden by their rules, for the form's current values. */
export function hiddenStepsOf(form: HTMLFormElement, steps: readonly FormStep[]): boolean[] {
  return resolveHiddenSteps(
    steps.map((step) => ({ condition: step.condition, fields: step.fieldNames })),
    readValues(form),
  );
}

/** Controls whose custom validity is a server's message: cleared once the visitor changes the field. */
const serverMessages = new WeakSet<Element>();

/** A server-rendered error becomes the field's custom validity, so it counts until the visitor changes it. */
export function adoptServerError(field: Field, message: string): void {
  for (const control of field.controls) {
    control.setCustomValidity(message);
    serverMessages.add(control);
  }
}

/** What the buttons, links and form events do: read the DOM, compute the next state with core, apply it. */
export function createStepActions(context: StepActionsContext) {
  const { host, form, steps, getState, setState, showSummary, dropFromSummary, requestFocus, messages } = context;

  /** Validates a step's fields; shows their messages when asked. Fields now valid lose theirs either way. */
  const checkStep = (index: number, show: boolean): SummaryError[] => {
    const errors: SummaryError[] = [];
    const fixed = new Set<string>();
    for (const field of fieldsIn(steps[index].element)) {
      const message = fieldProblem(field, messages());
      if (message === null) {
        if (hasFieldError(field)) clearFieldError(field);
        fixed.add(field.key);
        continue;
      }
      if (show) showFieldError(field, message, messages().errorPrefix);
      errors.push({ key: field.key, message, targetId: field.first.id });
    }
    if (fixed.size > 0) dropFromSummary(fixed);
    return errors;
  };
  const currentIsValid = (state: FormStepsState) => state.current < 0 || checkStep(state.current, false).length === 0;

  const reportInvalid = (errors: SummaryError[]) => {
    showSummary(errors);
    if (errors.length > 0) dispatch(host, 'multi-step-form-invalid', { fields: errors.map((error) => error.key) });
  };

  const fieldOf = (control: Element): Field | undefined => {
    const step = steps.find((candidate) => candidate.element.contains(control));
    return step ? fieldsIn(step.element).find((field) => field.controls.some((c) => c === control)) : undefined;
  };

  /** Next (validating the step, staying with its errors shown when invalid) or Previous (recording validity). */
  const go = (direction: Direction) => {
    const state = getState();
    if (state.current < 0) return;
    if (direction === 1) {
      const errors = checkStep(state.current, true);
      if (errors.length > 0) {
        setState(leaveStep(state, false));
        reportInvalid(errors);
        return;
      }
    }
    const next = moveStep(state, direction, direction === 1 || currentIsValid(state));
    if (next.current === state.current) return;
    setState(next);
    requestFocus({ kind: 'step' });
  };

  return {
    go,

    /** A "Step N" button. */
    jump(index: number) {
      const state = getState();
      const next = jumpToStep(state, index, currentIsValid(state));
      if (next === state) return;
      setState(next);
      requestFocus({ kind: 'step' });
    },

    /** An error link: shows the control's step, then focuses the control. False when the id is not a field here. */
    goToControl(id: string): boolean {
      const control = document.getElementById(id);
      if (!control || !form.contains(control)) return false;
      const index = steps.findIndex((step) => step.element.contains(control));
      const state = getState();
      if (index < 0 || index === state.current) {
        focusControl(id);
        return true;
      }
      const next = showStep(state, index, currentIsValid(state));
      if (next === state) return false;
      setState(next);
      requestFocus({ kind: 'control', id });
      return true;
    },

    /** Typing or choosing: the form is dirty, rules are re-read, a fixed field loses its error. */
    edited(control: Element) {
      const field = fieldOf(control);
      if (field) {
        for (const c of field.controls) {
          if (serverMessages.delete(c)) c.setCustomValidity('');
        }
        if (hasFieldError(field) && fieldProblem(field, messages()) === null) {
          clearFieldError(field);
          dropFromSummary(new Set([field.key]));
        }
      }
      const state = getState();
      let next = markDirty(state);
      const hidden = hiddenStepsOf(form, steps);
      if (hidden.some((value, index) => value !== next.steps[index]?.hidden)) next = setHiddenSteps(next, hidden);
      if (next === state) return;
      setState(next);
      if (next.current !== state.current) requestFocus({ kind: 'step' });
    },

    /**
     * The form's submit event. Before the last step it is Next (Enter in a field). On the last step: every
     * visible step valid lets the browser send the form (no longer dirty); otherwise the errors are shown,
     * the submit is stopped and the captcha reset.
     */
    submit(event: SubmitEvent) {
      if (event.defaultPrevented) return;
      const state = getState();
      if (state.current >= 0 && !isLastVisibleStep(state)) {
        event.preventDefault();
        go(1);
        return;
      }
      const validity = steps.map((_, index) => state.steps[index].hidden || checkStep(index, false).length === 0);
      const { state: next, outcome } = submitSteps(state, validity);
      setState(next);
      if (outcome.kind === 'submit') return;
      event.preventDefault();
      const errors = outcome.listed.flatMap((index) => checkStep(index, true));
      reportInvalid(errors);
      if (errors.length === 0) requestFocus({ kind: 'step' });
      resetCaptcha(host, form);
    },
  };
}

export type StepActions = ReturnType<typeof createStepActions>;
