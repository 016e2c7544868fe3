import { labelOf } from '../../web-component';
import { SEARCH_QUERY_MAX_LENGTH } from '../../core/constants';

/** The header search form the element enhances: the server's, or one the element wrote itself. */
export interface SiteSearchForm {
  /** Every node to show, in order (the server's nodes, or the form the element built). */
  nodes: Node[];
  form: HTMLFormElement | null;
  /** The text field; null when the server's form has none (then nothing is enhanced). */
  input: HTMLInputElement | null;
  label: HTMLLabelElement | null;
  /** The element built the form (no server form was found): its texts follow the element's attributes. */
  built: boolean;
}

/** Where the header form goes without a server form: the spec's search path and the header form's field. */
export const DEFAULT_ACTION = '/search/SearchForm';
export const DEFAULT_FIELD_NAME = 'Search';

const TEXT_FIELD = 'input[type="search"], input[type="text"], input:not([type])';

function findForm(nodes: readonly Node[]): HTMLFormElement | null {
  for (const node of nodes) {
    if (node instanceof HTMLFormElement) return node;
    if (node instanceof Element) {
      const form = node.querySelector('form');
      if (form) return form;
    }
  }
  return null;
}

let builtForms = 0;

/** A form like the one the site's header would have: label, search field and button (texts set later). */
function buildForm(): { form: HTMLFormElement; input: HTMLInputElement; label: HTMLLabelElement } {
  builtForms += 1;
  const id = `site-search-input-${builtForms}`;
  const form = document.createElement('form');
  form.className = 'site-search__form site-search__form--built';
  form.method = 'get';
  form.action = DEFAULT_ACTION;
  form.setAttribute('role', 'search');
  const label = document.createElement('label');
  label.className = 'site-search__form-label';
  label.htmlFor = id;
  const input = document.createElement('input');
  input.className = 'site-search__form-input';
  Object.assign(input, { id, type: 'search', name: DEFAULT_FIELD_NAME, autocomplete: 'off', maxLength: SEARCH_QUERY_MAX_LENGTH });
  const button = document.createElement('button');
  button.className = 'site-search__form-button';
  button.type = 'submit';
  form.append(label, input, button);
  return { form, input, label };
}

/**
 * Reads the element's server markup: the first form among (or inside) its children, and that form's text field.
 * With no form at all the element builds one, so `<site-search>` alone still gives a working search form.
 */
export function parseSiteSearch(serverNodes: readonly Node[]): SiteSearchForm {
  const form = findForm(serverNodes);
  if (!form) {
    const built = buildForm();
    return { nodes: [built.form, ...serverNodes], ...built, built: true };
  }
  const input = form.querySelector<HTMLInputElement>(TEXT_FIELD);
  const label = input ? labelOf(input) : null;
  return { nodes: [...serverNodes], form, input, label, built: false };
}

/** Puts text in the field (a chosen suggestion, or nothing when Escape clears it). */
export function setFieldText(input: HTMLInputElement, text: string): void {
  input.value = text;
}

/** The texts of a form the element built: label, placeholder (none when empty) and button. */
export function writeFormTexts(
  { form, input, label }: SiteSearchForm,
  texts: { label: string; placeholder: string; submit: string },
): void {
  if (label) label.textContent = texts.label;
  if (input && texts.placeholder) input.placeholder = texts.placeholder;
  else input?.removeAttribute('placeholder');
  const button = form?.querySelector('button');
  if (button) button.textContent = texts.submit;
}

/**
 * Readies a server's field: the proxy refuses queries longer than SEARCH_QUERY_MAX_LENGTH, and the browser's own
 * list of earlier entries would cover the suggestions.
 */
export function prepareField(input: HTMLInputElement, withSuggestions: boolean): void {
  if (input.maxLength < 0) input.maxLength = SEARCH_QUERY_MAX_LENGTH;
  if (withSuggestions && !input.hasAttribute('autocomplete')) input.autocomplete = 'off';
}
