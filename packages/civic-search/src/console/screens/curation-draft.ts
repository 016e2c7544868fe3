import type { Curation } from '../../relevance';

/**
 * A best bet being made, as its form carries it from one request to the next (no script needed): the searches it
 * answers as typed, the pinned pages in order, the hidden ones, and the search for a page to add.
 */
export interface CurationDraft {
  queries: string;
  promoted: string[];
  hidden: string[];
  find: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown) =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (item): item is string => typeof item === 'string' && item !== '',
  );

/** The draft a posted form holds (parsed with every value of a repeated field). */
export function draftFromForm(form: Record<string, unknown>): CurationDraft {
  return {
    queries: text(form.queries),
    promoted: [...new Set(list(form.promoted))],
    hidden: [...new Set(list(form.hidden))],
    find: text(form.find).trim(),
  };
}

/** The searches a draft answers: one a line, blank lines left out. */
export const queriesOf = (draft: CurationDraft) =>
  draft.queries
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The draft as the curations API takes it. */
export const curationOf = (draft: CurationDraft): Curation => ({
  queries: queriesOf(draft),
  promoted: draft.promoted,
  hidden: draft.hidden,
});

/** What a button of the editor asks for: the action, and the page it is about for the ones that name one. */
export type DraftStep = 'pin' | 'hide' | 'unpin' | 'unhide' | 'up' | 'down';
const STEPS: readonly DraftStep[] = ['pin', 'hide', 'unpin', 'unhide', 'up', 'down'];

/** Reads a button's value, `step:document-id` (ids may hold colons: only the first one separates). */
export function stepOf(value: unknown): { step: DraftStep; id: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const colon = value.indexOf(':');
  const step = value.slice(0, colon) as DraftStep;
  return colon > 0 && STEPS.includes(step) && colon < value.length - 1 ? { step, id: value.slice(colon + 1) } : undefined;
}

const without = (ids: readonly string[], id: string) => ids.filter((other) => other !== id);

/**
 * The draft after one step. Pinning a page takes it out of the hidden ones and hiding takes it out of the pinned
 * (a page is never both); a pinned page moves one place up or down, and stays put at either end.
 */
export function applyStep(draft: CurationDraft, { step, id }: { step: DraftStep; id: string }): CurationDraft {
  switch (step) {
    case 'pin':
      return {
        ...draft,
        promoted: draft.promoted.includes(id) ? draft.promoted : [...draft.promoted, id],
        hidden: without(draft.hidden, id),
      };
    case 'hide':
      return { ...draft, hidden: draft.hidden.includes(id) ? draft.hidden : [...draft.hidden, id], promoted: without(draft.promoted, id) };
    case 'unpin':
      return { ...draft, promoted: without(draft.promoted, id) };
    case 'unhide':
      return { ...draft, hidden: without(draft.hidden, id) };
    case 'up':
    case 'down': {
      const from = draft.promoted.indexOf(id);
      const to = from + (step === 'up' ? -1 : 1);
      if (from < 0 || to < 0 || to >= draft.promoted.length) return draft;
      const promoted = [...draft.promoted];
      [promoted[from], promoted[to]] = [promoted[to]!, promoted[from]!];
      return { ...draft, promoted };
    }
  }
}
