import type { ApiSearchRequest } from 'civic-elements/core';
import { cachedView, type OperatorStore } from '../operator-state';
import type { EngineDefinition } from '../engines/engine-definition';
import type { EngineSchema } from '../engines/engine-schema';
import type { SearchBackend } from '../search/types';
import { fieldBoostsOf } from './boosts';
import { defaultSettings } from './checks';
import { COLLECTIONS, SETTINGS_ID, type Curation, type SearchSettings, type SynonymSet } from './records';
import { prepareRules, rulesFor, type EngineRules } from './resolve-rules';
import type { BackendSearchRequest, BoostedSearchRequest, SearchRules } from './rules';

interface EngineView {
  settings?: SearchSettings;
  rules: EngineRules;
}

/**
 * Rules not saved yet, to see what they would do: each part given replaces the engine's saved one of its kind
 * (all its synonym sets, all its curations, or its settings); parts left out stay as saved.
 */
export interface RelevanceDraft {
  settings?: SearchSettings;
  synonyms?: readonly SynonymSet[];
  curations?: readonly Curation[];
}

/**
 * The operator's rules of every engine, read from the store through a cache that is worked out again when the store
 * changes (so a change made through the API, in this process or another, applies to the next search).
 */
export function relevanceRules(store: OperatorStore, schemaOf: (engine: string) => EngineSchema | undefined) {
  const settings = store.collection<SearchSettings>(COLLECTIONS.settings);
  const synonyms = store.collection<SynonymSet>(COLLECTIONS.synonyms);
  const curations = store.collection<Curation>(COLLECTIONS.curations);
  const views = new Map<string, { read(): Promise<EngineView> }>();
  const viewOf = (engine: string) => {
    let view = views.get(engine);
    if (!view) {
      view = cachedView(store, async () => {
        const [stored, sets, curated] = await Promise.all([settings.get(engine, SETTINGS_ID), synonyms.all(engine), curations.all(engine)]);
        return {
          settings: stored?.value,
          rules: prepareRules(
            sets.map((record) => record.value),
            curated.map((record) => record.value),
          ),
        };
      });
      views.set(engine, view);
    }
    return view;
  };

  const draftView = async (engine: string, draft: RelevanceDraft): Promise<EngineView> => {
    const [stored, sets, curated] = await Promise.all([
      draft.settings ?? settings.get(engine, SETTINGS_ID).then((record) => record?.value),
      draft.synonyms ?? synonyms.all(engine).then((records) => records.map((record) => record.value)),
      draft.curations ?? curations.all(engine).then((records) => records.map((record) => record.value)),
    ]);
    return { settings: stored, rules: prepareRules(sets, curated) };
  };

  return {
    /** The search settings an engine's searches get: its saved ones, else its defaults (as GET search_settings shows). */
    async settingsOf(definition: EngineDefinition): Promise<SearchSettings> {
      return (await viewOf(definition.name).read()).settings ?? defaultSettings(definition);
    },
    /**
     * The request a backend receives: the engine's settings fill in what the request leaves out (its own
     * search_fields, result_fields and boosts win), and the synonyms and curation of its query come as rules.
     * With a draft, the draft's parts stand in for the saved ones: a preview, which changes nothing.
     */
    async apply(engine: string, request: BoostedSearchRequest, draft?: RelevanceDraft): Promise<BackendSearchRequest> {
      const view = draft ? await draftView(engine, draft) : await viewOf(engine).read();
      const { settings: stored } = view;
      const { boosts: ownBoosts, ...rest } = request;
      const boosts = ownBoosts ?? stored?.boosts;
      const fieldBoosts = boosts ? fieldBoostsOf(boosts, schemaOf(engine) ?? {}) : [];
      const rules: SearchRules = {
        ...rulesFor(view.rules, request.query ?? ''),
        ...(fieldBoosts.length > 0 && { boosts: fieldBoosts, now: Date.now() }),
      };
      return {
        ...rest,
        ...(!request.search_fields && stored && { search_fields: stored.search_fields }),
        ...(!request.result_fields && stored && Object.keys(stored.result_fields).length > 0 && { result_fields: stored.result_fields }),
        ...(Object.keys(rules).length > 0 && { rules }),
      };
    },
  };
}
export type RelevanceRules = ReturnType<typeof relevanceRules>;

/**
 * A search as it would be answered with a draft of the engine's rules in place of the saved ones. Nothing is
 * recorded: it goes straight to the backend, past the proxy and its analytics.
 */
export function previewSearch(backend: SearchBackend, rules: RelevanceRules) {
  return async (engine: string, request: BoostedSearchRequest, draft: RelevanceDraft, signal?: AbortSignal) =>
    backend.search(engine, await rules.apply(engine, request, draft), signal);
}
export type PreviewSearch = ReturnType<typeof previewSearch>;

/** A backend whose searches get the operator's rules first. Suggestions and clicks pass through unchanged. */
export function withRelevance(backend: SearchBackend, rules: RelevanceRules): SearchBackend {
  return Object.assign(Object.create(backend) as SearchBackend, {
    search: async (engine: string, request: ApiSearchRequest, signal?: AbortSignal) =>
      backend.search(engine, await rules.apply(engine, request), signal),
  });
}
