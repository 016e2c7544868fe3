import { labelOf as labelElementOf } from '../../web-component';
/**
 * Reads the server markup of <doc-filters> and <listing-filters>: the filter form, its results region, the
 * dropdown filters, the date fields and the subtopics field. A snapshot taken once, before anything moves.
 */

export interface DropdownMarkup {
  /** The `data-dropdown` element: it keeps the toggle button and the panel together. */
  container: HTMLElement;
  /** What opens and closes: `[data-dropdown-panel]`, else the first fieldset, else the first child element. */
  panel: HTMLElement;
  /** The button's text: `data-dropdown-label`, else the panel's legend. */
  label: string;
}

export interface DateFieldMarkup {
  input: HTMLInputElement;
  /** `data-date-field`: "from" and "to" are checked as a range; any other value is a date on its own. */
  role: string;
  /** The field's label text, for the picker's name. */
  label: string;
}

export interface SubtopicsMarkup {
  /** The control whose change refreshes the subtopics (the topic select). */
  trigger: HTMLSelectElement | HTMLInputElement;
  /** The `data-subtopics-url` of the trigger. */
  url: string;
  /** The `data-subtopics` element whose content the fragment replaces. */
  field: HTMLElement;
}

export interface FilterMarkup {
  form: HTMLFormElement | null;
  results: HTMLElement | null;
  dropdowns: DropdownMarkup[];
  dateFields: DateFieldMarkup[];
  subtopics: SubtopicsMarkup | null;
}

function findFirst<T extends Element>(nodes: readonly Node[], selector: string, reject?: (element: T) => boolean): T | null {
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    const candidates = [...(node.matches(selector) ? [node] : []), ...node.querySelectorAll(selector)] as T[];
    const found = candidates.find((candidate) => !reject?.(candidate));
    if (found) return found;
  }
  return null;
}

const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

function labelOf(input: HTMLInputElement): string {
  const label = labelElementOf(input);
  return text(label) || input.getAttribute('aria-label') || input.name;
}

function readDropdown(container: HTMLElement): DropdownMarkup | null {
  const panel =
    container.querySelector<HTMLElement>('[data-dropdown-panel]') ??
    container.querySelector<HTMLElement>('fieldset') ??
    (container.firstElementChild as HTMLElement | null);
  if (!panel) return null;
  const label = container.dataset.dropdownLabel?.trim() || text(panel.querySelector('legend')) || text(panel);
  return { container, panel, label };
}

/** Finds the parts of a filter element's markup. Missing parts are null or empty: the element says what is missing. */
export function parseFilters(nodes: readonly Node[]): FilterMarkup {
  const results = findFirst<HTMLElement>(nodes, '[data-results]');
  const form = findFirst<HTMLFormElement>(nodes, 'form', (candidate) => Boolean(results?.contains(candidate)));
  const dropdowns = form
    ? Array.from(form.querySelectorAll<HTMLElement>('[data-dropdown]'))
        .map(readDropdown)
        .filter((dropdown): dropdown is DropdownMarkup => dropdown !== null)
    : [];
  const dateFields = form
    ? Array.from(form.querySelectorAll<HTMLInputElement>('input[data-date-field]')).map((input) => ({
        input,
        role: (input.dataset.dateField ?? '').trim().toLowerCase(),
        label: labelOf(input),
      }))
    : [];
  const trigger = form?.querySelector<HTMLSelectElement | HTMLInputElement>('[data-subtopics-url]') ?? null;
  const field = form?.querySelector<HTMLElement>('[data-subtopics]') ?? null;
  const url = trigger?.dataset.subtopicsUrl?.trim();
  const subtopics = trigger && field && url ? { trigger, url, field } : null;
  return { form, results, dropdowns, dateFields, subtopics };
}
