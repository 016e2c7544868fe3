/**
 * A visitor's draft of a multi-step form, kept in the tab's session storage so that leaving the page and
 * coming back, a send the server refused, or a send the network lost, costs nothing: the answers by field
 * name, the step they were on and the steps they had reached. Pure functions; the component reads and writes
 * the form and the storage.
 */
import { createFormSteps, type FormStepsState } from './form-steps';

export interface FormDraft {
  /** The step showing when the draft was saved (an index among all steps). */
  step: number;
  /** The steps the visitor had reached. */
  viewed: number[];
  /** The answers as the form would send them: name and value, in order, a pair per checked option. */
  fields: Array<[string, string]>;
}

/** Drafts are stored under this prefix and the form's key (its address, unless it names another). */
export const FORM_DRAFT_STORAGE_PREFIX = 'civic-elements:form-draft:';
/** Bumped when the stored shape changes: an older draft is then ignored rather than misread. */
const VERSION = 1;

export const draftStorageKey = (formKey: string) => `${FORM_DRAFT_STORAGE_PREFIX}${formKey}`;

export function serializeDraft(draft: FormDraft): string {
  return JSON.stringify({ version: VERSION, step: draft.step, viewed: draft.viewed, fields: draft.fields });
}

const isIndex = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isPair = (value: unknown): value is [string, string] =>
  Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string';

/** Reads a stored draft. Anything else (nothing, another version, text a script or an older kit left) is `null`. */
export function parseDraft(text: string | null): FormDraft | null {
  if (text === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { version, step, viewed, fields } = data as Record<string, unknown>;
  if (version !== VERSION || !isIndex(step) || !Array.isArray(viewed) || !Array.isArray(fields)) return null;
  if (!viewed.every(isIndex) || !fields.every(isPair)) return null;
  return { step, viewed: [...viewed], fields: fields.map(([name, value]) => [name, value]) };
}

/**
 * The steps as the draft left them, for the steps' current display rules: on the step the visitor was on
 * (else the first visible one), with the steps they had reached counted as viewed. A restored draft has not
 * been sent, so the form is dirty.
 */
export function restoreSteps(hidden: readonly boolean[], draft: FormDraft): FormStepsState {
  const state = createFormSteps(hidden, { start: draft.step, dirty: true });
  const viewed = new Set(draft.viewed);
  return { ...state, steps: state.steps.map((step, index) => (viewed.has(index) && !step.viewed ? { ...step, viewed: true } : step)) };
}

/** The draft of a form's state: its step, the steps reached, and the answers given. */
export function draftOf(state: FormStepsState, fields: Array<[string, string]>): FormDraft {
  const viewed = state.steps.flatMap((step, index) => (step.viewed ? [index] : []));
  return { step: Math.max(state.current, 0), viewed, fields };
}
