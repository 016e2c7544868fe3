/**
 * What one history entry of a tree shows: the step elements themselves (kept, not copied, so their listeners
 * and state survive) and the value of every field in them when the entry was written.
 */
export interface StepSnapshot {
  nodes: Node[];
  fields: Array<{ field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement; checked: boolean; value: string }>;
  /** The address of the entry (without the fragment), to recognise entries another script pushed. */
  url: string;
}

const FIELDS = 'input, select, textarea';

export function captureSnapshot(area: HTMLElement, url: string): StepSnapshot {
  const fields = Array.from(area.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(FIELDS)).map((field) => ({
    field,
    checked: field instanceof HTMLInputElement && field.checked,
    value: field.value,
  }));
  return { nodes: Array.from(area.childNodes), fields, url: withoutHash(url) };
}

export function restoreSnapshot(area: HTMLElement, snapshot: StepSnapshot): void {
  area.replaceChildren(...snapshot.nodes);
  for (const { field, checked, value } of snapshot.fields) {
    if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')) field.checked = checked;
    else if (!(field instanceof HTMLInputElement && field.type === 'hidden')) field.value = value;
  }
}

/** Clears the answer of a step (restart): no option chosen, no text typed. Hidden fields keep their values. */
export function clearAnswers(step: HTMLElement): void {
  for (const field of step.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(FIELDS)) {
    if (field instanceof HTMLInputElement) {
      if (field.type === 'radio' || field.type === 'checkbox') field.checked = false;
      else if (field.type !== 'hidden' && field.type !== 'submit' && field.type !== 'button') field.value = '';
    } else if (field instanceof HTMLSelectElement) {
      field.selectedIndex = field.options[0]?.value === '' ? 0 : -1;
    } else {
      field.value = '';
    }
  }
}

export function withoutHash(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}
