import { DAY_MS } from './periods';
import type { AnalyticsStore, PopularQuery } from './types';

export interface PopularSuggestionOptions {
  /** A term is offered only once this many different clients searched for it on one day (a script cannot plant one). */
  minClients: number;
  /** The days looked back over. */
  days: number;
  /** How long the list of popular terms is kept in memory before it is read again. */
  refreshMs: number;
}

export const DEFAULT_POPULAR_SUGGESTIONS: PopularSuggestionOptions = { minClients: 3, days: 30, refreshMs: 10 * 60_000 };
/** Popular terms held per engine: the suggestions are a prefix match over them, in memory, on the request path. */
const HELD = 2000;

/**
 * Popular searches of each engine (found results, were clicked, not redacted, sent by enough clients), read from the
 * store in the background and matched against what a visitor types without touching the store.
 */
export function popularSuggestions(store: AnalyticsStore, options: PopularSuggestionOptions, now: () => number) {
  const held = new Map<string, { at: number; terms: PopularQuery[] }>();
  const loading = new Set<string>();
  const refresh = async (engine: string) => {
    if (loading.has(engine)) return;
    loading.add(engine);
    try {
      const to = now();
      const terms = await store.popularQueries({
        engine,
        range: { from: to - options.days * DAY_MS, to },
        prefix: '',
        minClients: options.minClients,
        limit: HELD,
      });
      held.set(engine, { at: to, terms });
    } catch (error) {
      console.error(`analytics: popular searches of an engine could not be read (${(error as Error).message})`);
    } finally {
      loading.delete(engine);
    }
  };
  return {
    refresh,
    /** Popular terms starting with the typed text (already normalised), most used first. */
    matching(engine: string, typed: string, limit: number): string[] {
      const entry = held.get(engine);
      if (!entry || now() - entry.at > options.refreshMs) void refresh(engine);
      if (!entry || typed === '') return [];
      const found: string[] = [];
      for (const { term } of entry.terms) {
        if (term !== typed && term.startsWith(typed)) found.push(term);
        if (found.length === limit) break;
      }
      return found;
    },
  };
}
