import { isLastVisibleStep, type FormStepsState } from '../../core/form-steps';
import { DISABLED_BY_STEP } from './fields';
import type { FormStep } from './parse-form';

const SENT = 'input, select, textarea, button';

/**
 * A step hidden by its rule: its fields are disabled, so they are neither validated nor sent, and keep
 * their values for when the step shows again. Only what this disabled is enabled again.
 */
function setStepDisabled(step: HTMLElement, disabled: boolean) {
  if (disabled) {
    for (const control of step.querySelectorAll<HTMLInputElement>(SENT)) {
      if (control.disabled) continue;
      control.disabled = true;
      control.setAttribute(DISABLED_BY_STEP, '');
    }
  } else {
    for (const control of step.querySelectorAll<HTMLInputElement>(`[${DISABLED_BY_STEP}]`)) {
      control.disabled = false;
      control.removeAttribute(DISABLED_BY_STEP);
    }
  }
}

/** Shows the current step only; the form's final part (its submit button) shows on the last visible step. */
export function applyStepVisibility(steps: readonly FormStep[], finalNodes: readonly HTMLElement[], state: FormStepsState): void {
  state.steps.forEach((flags, index) => {
    const step = steps[index].element;
    step.hidden = index !== state.current;
    setStepDisabled(step, flags.hidden);
  });
  const onLast = state.current === -1 || isLastVisibleStep(state);
  for (const node of finalNodes) node.hidden = !onLast;
}

/** Back to the server's long form: every step shown and enabled. */
export function showAllSteps(steps: readonly FormStep[], finalNodes: readonly HTMLElement[]): void {
  for (const { element } of steps) {
    element.hidden = false;
    setStepDisabled(element, false);
  }
  for (const node of finalNodes) node.hidden = false;
}
