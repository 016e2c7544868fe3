import { parseCondition, type Condition } from '../../core/form-steps';
import { controlsIn } from './fields';
import { nextKitId } from '../../core/kit-ids';

export interface FormStep {
  element: HTMLElement;
  /** The step's legend or first heading, for the "Step N" buttons and events. */
  title: string;
  /** Its `data-show-if` rule; `null` when it has none (or one that does not parse: the step always shows). */
  condition: Condition | null;
  /** Names of the fields it holds, for the rules of later steps. */
  fieldNames: string[];
}

export interface ParsedForm {
  form: HTMLFormElement | null;
  steps: FormStep[];
  /** The form's children after the last step (the submit button, a captcha): shown on the last step only. */
  finalNodes: HTMLElement[];
  /** An error summary the server rendered (`[data-error-summary]`), kept and focused on load. */
  serverSummary: HTMLElement | null;
  /** Markup problems, for the console. */
  problems: string[];
}

function idTaken(form: HTMLFormElement, id: string): boolean {
  return form.ownerDocument.getElementById(id) !== null || form.querySelector(`[id="${CSS.escape(id)}"]`) !== null;
}

function titleOf(step: HTMLElement): string {
  const source = step.querySelector(':scope > legend') ?? step.querySelector('legend, h1, h2, h3, h4, h5, h6');
  return (source?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The steps: elements marked `data-step`, else the form's own `<fieldset>` children. */
function findSteps(form: HTMLFormElement): HTMLElement[] {
  const marked = Array.from(form.querySelectorAll<HTMLElement>('[data-step]'));
  return marked.length > 0 ? marked : Array.from(form.querySelectorAll<HTMLElement>(':scope > fieldset'));
}

/** The child of `ancestor` that holds `node`. */
function childHolding(ancestor: Element, node: Element): Element | null {
  let current: Element | null = node;
  while (current && current.parentElement !== ancestor) current = current.parentElement;
  return current;
}

/**
 * Reads `<multi-step-form>` markup once: the form, its steps and their display rules. Controls without an id
 * get one, so that error links can point at them.
 */
export function parseMultiStepForm(nodes: readonly Node[]): ParsedForm {
  const elements = nodes.filter((node): node is HTMLElement => node instanceof HTMLElement);
  const form = elements.map((el) => (el instanceof HTMLFormElement ? el : el.querySelector('form'))).find(Boolean) ?? null;
  const serverSummary =
    elements.map((el) => (el.matches('[data-error-summary]') ? el : el.querySelector<HTMLElement>('[data-error-summary]'))).find(Boolean) ??
    null;
  const problems: string[] = [];
  if (!form) return { form, steps: [], finalNodes: [], serverSummary, problems: ['no <form> found inside.'] };

  const steps = findSteps(form).map((element) => {
    const title = titleOf(element);
    const rule = element.getAttribute('data-show-if');
    let condition: Condition | null = null;
    if (rule !== null) {
      const parsed = parseCondition(rule);
      if (parsed.ok) condition = parsed.condition;
      else problems.push(`the data-show-if of step "${title}" is ignored, so the step always shows: ${parsed.problem}`);
    }
    const controls = controlsIn(element);
    for (const control of controls) {
      // A control needs an id for its label, error and summary links; the page-wide kit ids never reuse one the
      // page or this form (out of the page while it upgrades) already holds.
      if (!control.id) control.id = nextKitId('multi-step-form-field', (id) => idTaken(form, id));
    }
    return { element, title, condition, fieldNames: [...new Set(controls.map((control) => control.name).filter(Boolean))] };
  });
  if (steps.length === 0) problems.push('no steps found: mark each step data-step, or make each one a <fieldset> child of the form.');

  const last = steps.at(-1)?.element;
  const lastChild = last ? childHolding(form, last) : null;
  const finalNodes: HTMLElement[] = [];
  for (let node = lastChild?.nextElementSibling ?? null; node; node = node.nextElementSibling) {
    if (node instanceof HTMLElement) finalNodes.push(node);
  }
  return { form, steps, finalNodes, serverSummary, problems };
}
