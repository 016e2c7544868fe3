/**
 * Multi-step forms: steps with a hidden condition, a valid flag and a viewed flag, and a
 * dirty flag for the form. Pure state transitions: the component reads the DOM (field values, constraint
 * validity) and applies the result; the example server uses the same condition rules to skip hidden steps.
 */

/** One step's flags. */
export interface StepFlags {
  /** Its display rule does not hold: the step is skipped, its fields neither validated nor sent. */
  readonly hidden: boolean;
  /** Its fields were valid when it was last left or checked; true until a problem is recorded. */
  readonly valid: boolean;
  /** It has been shown to the visitor. */
  readonly viewed: boolean;
}

export interface FormStepsState {
  readonly steps: readonly StepFlags[];
  /** The step showing, or -1 when no step is visible. */
  readonly current: number;
  /** Something was typed or chosen since the page loaded (or since a successful submit). */
  readonly dirty: boolean;
}

export type Direction = 1 | -1;

export interface CreateOptions {
  /** Every step counts as already viewed (the page came back from the server with errors). */
  allViewed?: boolean;
  /** Start on this step when it is visible (for example the first step with a server-side error). */
  start?: number;
  dirty?: boolean;
}

/** The state of a form whose steps are hidden or not as given: it starts on the first visible step. */
export function createFormSteps(hidden: readonly boolean[], options: CreateOptions = {}): FormStepsState {
  const steps = hidden.map((isHidden) => ({ hidden: isHidden, valid: true, viewed: Boolean(options.allViewed) }));
  const wanted = options.start;
  const current = wanted !== undefined && steps[wanted] && !steps[wanted].hidden ? wanted : steps.findIndex((step) => !step.hidden);
  return { steps: markViewed(steps, current), current, dirty: Boolean(options.dirty) };
}

/** The nearest visible step from `current` in a direction, or `null` when there is none that way. */
export function adjacentStep(state: FormStepsState, direction: Direction): number | null {
  for (let index = state.current + direction; index >= 0 && index < state.steps.length; index += direction) {
    if (!state.steps[index].hidden) return index;
  }
  return null;
}

/** The current step is the last visible one: the form's own submit button belongs here. */
export function isLastVisibleStep(state: FormStepsState): boolean {
  return adjacentStep(state, 1) === null;
}

/** Records whether the current step is valid, as leaving it does. */
export function leaveStep(state: FormStepsState, currentValid: boolean): FormStepsState {
  if (state.current < 0) return state;
  return { ...state, steps: state.steps.map((step, index) => (index === state.current ? { ...step, valid: currentValid } : step)) };
}

/** Leaves the current step (recording its validity) for the nearest visible step in a direction, skipping hidden ones. */
export function moveStep(state: FormStepsState, direction: Direction, currentValid: boolean): FormStepsState {
  const target = adjacentStep(state, direction);
  const left = leaveStep(state, currentValid);
  if (target === null) return left;
  return { ...left, current: target, steps: markViewed(left.steps, target) };
}

/** Whether a "Step N" button may go to a step: visible, already reached, and not the one showing. */
export function canJumpTo(state: FormStepsState, index: number): boolean {
  const step = state.steps[index];
  return Boolean(step) && !step.hidden && step.viewed && index !== state.current;
}

/** Goes to a step already reached (a "Step N" button or an error link); anything else leaves the state as it is. */
export function jumpToStep(state: FormStepsState, index: number, currentValid: boolean): FormStepsState {
  if (!canJumpTo(state, index)) return state;
  const left = leaveStep(state, currentValid);
  return { ...left, current: index, steps: markViewed(left.steps, index) };
}

/**
 * Shows a step whatever its viewed flag (an error summary link, a server error): it must be visible.
 * The current step's validity is recorded.
 */
export function showStep(state: FormStepsState, index: number, currentValid: boolean): FormStepsState {
  const step = state.steps[index];
  if (!step || step.hidden || index === state.current) return state;
  const left = leaveStep(state, currentValid);
  return { ...left, current: index, steps: markViewed(left.steps, index) };
}

/**
 * New hidden flags (the visitor changed a field a rule reads). When the current step becomes hidden the form
 * moves on to the next visible step, or back to the previous one when it was the last.
 */
export function setHiddenSteps(state: FormStepsState, hidden: readonly boolean[]): FormStepsState {
  const steps = state.steps.map((step, index) =>
    step.hidden === Boolean(hidden[index]) ? step : { ...step, hidden: Boolean(hidden[index]) },
  );
  const next = { ...state, steps };
  if (state.current >= 0 && !steps[state.current].hidden) return next;
  const target = adjacentStep(next, 1) ?? adjacentStep(next, -1) ?? steps.findIndex((step) => !step.hidden);
  return { ...next, current: target, steps: markViewed(steps, target) };
}

export function markDirty(state: FormStepsState, dirty = true): FormStepsState {
  return state.dirty === dirty ? state : { ...state, dirty };
}

/** "Step N" numbers: visible steps are numbered from 1 in order; hidden steps have no number. */
export function stepNumbers(steps: readonly StepFlags[]): Array<number | null> {
  let number = 0;
  return steps.map((step) => (step.hidden ? null : (number += 1)));
}

export interface JumpTarget {
  index: number;
  /** Its "Step N" number among the visible steps. */
  number: number;
  current: boolean;
  /** Reached before: the visitor may go back (or forward) to it. */
  reachable: boolean;
}

/** The visible steps, numbered, with which of them a "Step N" button may go to. */
export function jumpTargets(state: FormStepsState): JumpTarget[] {
  const numbers = stepNumbers(state.steps);
  return numbers.flatMap((number, index) => {
    if (number === null) return [];
    return [{ index, number, current: index === state.current, reachable: canJumpTo(state, index) }];
  });
}

export type SubmitOutcome =
  | { kind: 'submit' }
  | {
      kind: 'errors';
      /** The step to show: the first invalid step not yet viewed, else the first viewed invalid one. */
      show: number;
      /** Viewed invalid steps, in order: their problems are listed in the error summary. */
      listed: number[];
    };

/**
 * The form's submit. `validity[i]` is whether step i's fields are valid now (missing means
 * valid); hidden steps are ignored. All visible steps valid: the form is submitted and is no longer dirty.
 * Otherwise the first invalid step not yet viewed is shown, and viewed invalid steps are listed.
 */
export function submitSteps(state: FormStepsState, validity: readonly boolean[]): { state: FormStepsState; outcome: SubmitOutcome } {
  const steps = state.steps.map((step, index) => ({ ...step, valid: validity[index] ?? true }));
  const invalid = steps.flatMap((step, index) => (!step.hidden && !step.valid ? [index] : []));
  if (invalid.length === 0) return { state: { ...state, steps, dirty: false }, outcome: { kind: 'submit' } };
  const listed = invalid.filter((index) => steps[index].viewed);
  const show = invalid.find((index) => !steps[index].viewed) ?? listed[0];
  return { state: { ...state, steps: markViewed(steps, show), current: show }, outcome: { kind: 'errors', show, listed } };
}

function markViewed(steps: readonly StepFlags[], index: number): StepFlags[] {
  return steps.map((step, i) => (i === index && !step.viewed ? { ...step, viewed: true } : step));
}

/* Display rules ------------------------------------------------------------------------------------------ */

/**
 * One test of a display rule:
 * - `name=a|b`: the field has one of these values (a checked radio or checkbox, a selected option, the text);
 * - `name!=a|b`: the field has none of them;
 * - `name`: the field has a value that is not blank; `!name`: it has none.
 */
export type ConditionClause =
  | { readonly field: string; readonly test: 'equals' | 'not-equals'; readonly values: readonly string[] }
  | { readonly field: string; readonly test: 'filled' | 'empty' };

/** A display rule: every clause must hold (clauses are separated by `;`). */
export type Condition = readonly ConditionClause[];

export type ConditionResult = { ok: true; condition: Condition } | { ok: false; problem: string };

/** A field name: anything but spaces and the rule's own signs. */
const NAME = String.raw`[^\s=!;|]+`;
const PRESENCE = new RegExp(String.raw`^(!?)\s*(${NAME})$`);
const COMPARISON = new RegExp(String.raw`^(${NAME})\s*(!=|=)\s*(.*)$`);

/**
 * Parses a display rule such as `data-show-if="problem=streetlight|sign; urgent!=no"`. Nothing is evaluated
 * as code: a rule is field names and literal values only. A rule that does not parse is reported, and the
 * caller shows the step (a typo must never hide a question).
 */
export function parseCondition(text: string): ConditionResult {
  const clauses: ConditionClause[] = [];
  for (const part of text.split(';')) {
    const clause = part.trim();
    if (clause === '') continue;
    const presence = PRESENCE.exec(clause);
    if (presence) {
      clauses.push({ field: presence[2], test: presence[1] ? 'empty' : 'filled' });
      continue;
    }
    const comparison = COMPARISON.exec(clause);
    if (!comparison) return { ok: false, problem: `"${clause}" is not name=value, name!=value, name or !name.` };
    const values = comparison[3].split('|').map((value) => value.trim());
    if (values.some((value) => value === '')) {
      return { ok: false, problem: `"${clause}" has an empty value; use !${comparison[1]} for a field left empty.` };
    }
    clauses.push({ field: comparison[1], test: comparison[2] === '=' ? 'equals' : 'not-equals', values });
  }
  if (clauses.length === 0) return { ok: false, problem: 'The rule is empty.' };
  return { ok: true, condition: clauses };
}

/** Field values by name, as a form would send them (a name can have several values: checkboxes). */
export type FieldValues = ReadonlyMap<string, readonly string[]>;

/** Collects form entries (name and value pairs) into field values. */
export function fieldValues(entries: Iterable<readonly [string, string]>): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const [name, value] of entries) values.set(name, [...(values.get(name) ?? []), value]);
  return values;
}

/** Whether every clause of a rule holds for these values. */
export function conditionHolds(condition: Condition, values: FieldValues): boolean {
  return condition.every((clause) => {
    const present = values.get(clause.field) ?? [];
    switch (clause.test) {
      case 'filled':
        return present.some((value) => value.trim() !== '');
      case 'empty':
        return present.every((value) => value.trim() === '');
      case 'equals':
        return present.some((value) => clause.values.includes(value));
      case 'not-equals':
        return !present.some((value) => clause.values.includes(value));
    }
  });
}

/** A step's display rule (`null`: always shown) and the names of the fields it holds. */
export interface StepRule {
  readonly condition: Condition | null;
  readonly fields: readonly string[];
}

/**
 * Which steps are hidden, in order: a rule reads the fields outside steps and those of earlier steps that
 * are shown; the fields of a hidden step count as empty, as they are not sent.
 */
export function resolveHiddenSteps(steps: readonly StepRule[], values: FieldValues): boolean[] {
  const visible = new Map(values);
  return steps.map((step) => {
    const hidden = step.condition !== null && !conditionHolds(step.condition, visible);
    if (hidden) for (const field of step.fields) visible.delete(field);
    return hidden;
  });
}
