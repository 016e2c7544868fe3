import type { Crumb } from '../Breadcrumbs';

/** One answer to a question, and the question or outcome it leads to. */
export interface TreeOption {
  value: string;
  label: string;
  /** The id of the next question or outcome. */
  next: string;
}

export interface TreeQuestion {
  kind: 'question';
  /**
   * Also the name of its radios and the query parameter of its answer. Avoid names a document or form has as
   * properties ("action", "title"...): the element's sanitiser drops them (DOM clobbering protection).
   */
  id: string;
  question: string;
  hint?: string;
  options: TreeOption[];
  /** Shown when the question is sent without an answer (GOV.UK: "Select ..."). */
  errorMessage: string;
}

export interface TreeOutcome {
  kind: 'outcome';
  id: string;
  title: string;
  paragraphs: string[];
  links?: Array<{ href: string; text: string }>;
}

/** A decision tree as data: the pages, the JSON answers and the no-JavaScript posts are all made from it. */
export interface DecisionTreeData {
  slug: string;
  title: string;
  /** One line for listings. */
  summary: string;
  intro: string;
  breadcrumbs: Crumb[];
  start: string;
  nodes: Record<string, TreeQuestion | TreeOutcome>;
}
