/**
 * Decision trees: each answered step posts its form and the server answers JSON
 * `{ html, nexturl }`. This module reads that answer, decides which forms and URLs may be used, builds the
 * request a form would make, and keeps the history of rendered steps. No DOM, no React.
 */

/** A decision-tree step answer. */
export interface StepResponse {
  /** Markup of the next step (a question or an outcome); sanitised before it reaches the page. */
  html: string;
  /** Where the browser address goes once the step shows; `null` when the server gave none. */
  nexturl: string | null;
}

export type StepResponseResult = { ok: true; response: StepResponse } | { ok: false; problem: string };

/** Checks a parsed JSON answer: `html` must be a string; `nexturl`, when present, a non-empty string. */
export function parseStepResponse(body: unknown): StepResponseResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, problem: 'The answer is not a JSON object.' };
  }
  const { html, nexturl } = body as Record<string, unknown>;
  if (typeof html !== 'string') return { ok: false, problem: 'The answer has no "html" string.' };
  if (nexturl === undefined || nexturl === null) return { ok: true, response: { html, nexturl: null } };
  if (typeof nexturl !== 'string' || nexturl.trim() === '') {
    return { ok: false, problem: 'The answer\'s "nexturl" is not a usable address.' };
  }
  return { ok: true, response: { html, nexturl: nexturl.trim() } };
}

/** Parses the text of an answer as JSON, then checks it as `parseStepResponse` does. */
export function parseStepResponseText(text: string): StepResponseResult {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'The answer is not JSON.' };
  }
  return parseStepResponse(body);
}

/**
 * The absolute address of `url` (resolved against `base`) when it is an http(s) address of the same origin
 * as `base`; otherwise `null`. Only such addresses are fetched by the element or pushed to the address bar.
 */
export function sameOriginUrl(url: string, base: string): string | null {
  let resolved: URL;
  let baseUrl: URL;
  try {
    baseUrl = new URL(base);
    resolved = new URL(url, baseUrl);
  } catch {
    return null;
  }
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') return null;
  return resolved.origin === baseUrl.origin ? resolved.href : null;
}

/** What fetching a step form sends: the request a browser would make for the form, as JSON is asked for. */
export interface StepRequest {
  url: string;
  method: 'GET' | 'POST';
  /** Form-encoded fields for a POST; `undefined` for a GET (the fields are in the URL). */
  body: string | undefined;
}

/**
 * The request for submitting a step form, or `null` when the element must leave the form to the browser
 * (another origin, or a method other than GET and POST, such as `dialog`).
 * - `action`: the form's resolved action; `method`: its method attribute (any case, empty means GET);
 * - `fields`: the form's entries as the browser would send them (with the pressed button's name and value).
 * As in a browser, a GET replaces the action's query with the fields and keeps no fragment.
 */
export function stepRequest(
  action: string,
  method: string,
  fields: ReadonlyArray<readonly [string, string]>,
  base: string,
): StepRequest | null {
  const url = sameOriginUrl(action, base);
  if (url === null) return null;
  const verb = method.trim().toUpperCase() || 'GET';
  const encoded = new URLSearchParams(fields.map(([name, value]) => [name, value])).toString();
  if (verb === 'POST') return { url, method: 'POST', body: encoded };
  if (verb !== 'GET') return null;
  const target = new URL(url);
  target.search = encoded;
  target.hash = '';
  return { url: target.href, method: 'GET', body: undefined };
}

/**
 * Where the window scrolls so an element sits `offsetPx` below the top of the viewport (
 * DECISION_TREE_SCROLL_OFFSET_PX): never above the top of the page.
 */
export function scrollTopFor(elementTopInViewport: number, scrollY: number, offsetPx: number): number {
  const top = elementTopInViewport + scrollY - offsetPx;
  return Number.isFinite(top) ? Math.max(0, top) : 0;
}

/** The key of the tree's entry inside `history.state`; other scripts' keys are kept beside it. */
export const HISTORY_STATE_KEY = 'civicDecisionTree';

/** Marks a history entry as one of a tree's rendered steps. */
export interface TreeHistoryEntry {
  /** Which tree on the page (a page may hold more than one). */
  tree: string;
  /** Which page load wrote the entry: a reloaded page cannot restore another load's steps from memory. */
  load: string;
  /** Position in the tree's history, 0 being the page as loaded. */
  index: number;
}

/** `history.state` with this tree's entry set, keeping whatever other scripts stored there. */
export function withTreeEntry(state: unknown, entry: TreeHistoryEntry): Record<string, unknown> {
  const base = typeof state === 'object' && state !== null && !Array.isArray(state) ? (state as Record<string, unknown>) : {};
  const trees = readTrees(base);
  return { ...base, [HISTORY_STATE_KEY]: { ...trees, [entry.tree]: { load: entry.load, index: entry.index } } };
}

/** The tree's entry in `history.state`, or `null` when the entry was not written by this tree. */
export function readTreeEntry(state: unknown, tree: string): TreeHistoryEntry | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = readTrees(state as Record<string, unknown>)[tree];
  if (typeof value !== 'object' || value === null) return null;
  const { load, index } = value as Record<string, unknown>;
  if (typeof load !== 'string' || typeof index !== 'number' || !Number.isInteger(index) || index < 0) return null;
  return { tree, load, index };
}

function readTrees(state: Record<string, unknown>): Record<string, unknown> {
  const trees = state[HISTORY_STATE_KEY];
  return typeof trees === 'object' && trees !== null && !Array.isArray(trees) ? (trees as Record<string, unknown>) : {};
}

/**
 * The rendered steps of one tree, one snapshot per history entry, as the browser's history holds them:
 * pushing after going back drops the entries ahead, as the browser does.
 */
export class StepHistory<T> {
  #snapshots: T[];
  #current = 0;

  constructor(initial: T) {
    this.#snapshots = [initial];
  }

  /** The index of the entry showing now. */
  get current(): number {
    return this.#current;
  }

  /** How many entries are held. */
  get length(): number {
    return this.#snapshots.length;
  }

  /** Adds a snapshot after the current entry (dropping any ahead of it) and returns its index. */
  push(snapshot: T): number {
    this.#snapshots = [...this.#snapshots.slice(0, this.#current + 1), snapshot];
    this.#current = this.#snapshots.length - 1;
    return this.#current;
  }

  /** Replaces the current entry's snapshot (the page changed without a new history entry). */
  replace(snapshot: T): void {
    this.#snapshots[this.#current] = snapshot;
  }

  /**
   * The index of the held entry nearest the current one (itself first, then earlier ones, then later ones)
   * whose snapshot matches, or -1. Finds the steps of an entry another script pushed, by its address.
   */
  nearest(matches: (snapshot: T) => boolean): number {
    for (let index = this.#current; index >= 0; index -= 1) if (matches(this.#snapshots[index])) return index;
    for (let index = this.#current + 1; index < this.#snapshots.length; index += 1) if (matches(this.#snapshots[index])) return index;
    return -1;
  }

  /** Moves to an entry and returns its snapshot, or `undefined` (nothing moves) when it is not held. */
  go(index: number): T | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.#snapshots.length) return undefined;
    this.#current = index;
    return this.#snapshots[index];
  }
}
