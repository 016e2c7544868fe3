export { relevanceApi, forgetEngineRules, type RelevanceApiOptions } from './routes';
export { previewSearch, relevanceRules, withRelevance, type PreviewSearch, type RelevanceDraft, type RelevanceRules } from './relevant-backend';
export type { Boost, Boosts } from './boosts';
export type { BackendSearchRequest, SearchRules } from './rules';
export {
  COLLECTIONS as RELEVANCE_COLLECTIONS,
  LIMITS as RELEVANCE_LIMITS,
  type Curation,
  type SearchSettings,
  type SynonymSet,
} from './records';
export { normalisedQuery, wordsOf } from './rules';
export { checkedCuration, checkedSettings, checkedSynonymSet } from './checks';
