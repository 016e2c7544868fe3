import type { estypes } from '@elastic/elasticsearch';

/**
 * The analyzer that folds without stemming: words split on Unicode word boundaries, lowercased and folded to
 * ASCII (so `Māori`, `maori` and `MĀORI` are one word), with no stop words and no stemmer. It serves languages
 * Elasticsearch has no analyzer for (te reo Māori, Welsh, Scottish Gaelic) and engines with no language, where
 * English stemming and stop words would damage words that are not English.
 */
export const FOLDING_ANALYZER = 'folded_text';

const FOLDING_ANALYZER_SETTINGS: estypes.AnalysisCustomAnalyzer = {
  type: 'custom',
  tokenizer: 'standard',
  filter: ['lowercase', 'asciifolding'],
};

/**
 * App Search's language codes (and other ISO 639-1 codes) for which Elasticsearch ships a language analyzer
 * (stemming and stop words for that language). Chinese, Japanese and Korean take the built-in `cjk` analyzer,
 * which needs no plugin. A language missing here gets the folding analyzer.
 */
const BUILT_IN_ANALYZERS: Readonly<Record<string, string>> = {
  ar: 'arabic',
  bg: 'bulgarian',
  bn: 'bengali',
  ca: 'catalan',
  ckb: 'sorani',
  cs: 'czech',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  et: 'estonian',
  eu: 'basque',
  fa: 'persian',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  gl: 'galician',
  hi: 'hindi',
  hu: 'hungarian',
  hy: 'armenian',
  id: 'indonesian',
  it: 'italian',
  ja: 'cjk',
  ko: 'cjk',
  lt: 'lithuanian',
  lv: 'latvian',
  nb: 'norwegian',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  'pt-br': 'brazilian',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  sv: 'swedish',
  th: 'thai',
  tr: 'turkish',
  zh: 'cjk',
};

/** How an engine's searched text is analysed: the analyzer's name and, for a custom one, its index settings. */
export interface TextAnalysis {
  readonly analyzer: string;
  /** Analyzers the index must define (empty when the analyzer is built in). */
  readonly customAnalyzers: Readonly<Record<string, estypes.AnalysisCustomAnalyzer>>;
  /** Whether words are folded to ASCII (the suggestion subfield then folds too, so `mao` completes `Māori`). */
  readonly folds: boolean;
}

/** An engine that names no language is English, as App Search has it. */
export const DEFAULT_LANGUAGE = 'en';

/**
 * The analysis for an engine's language: Elasticsearch's analyzer for it when there is one (`en-NZ` is taken as
 * `en`), otherwise the folding analyzer. No language (null) also folds: no language's rules are applied.
 */
export function textAnalysisFor(language: string | null | undefined): TextAnalysis {
  const code = (language === undefined ? DEFAULT_LANGUAGE : language)?.trim().toLowerCase();
  const builtIn = code ? (BUILT_IN_ANALYZERS[code] ?? BUILT_IN_ANALYZERS[code.split(/[-_]/)[0]]) : undefined;
  if (builtIn) return { analyzer: builtIn, customAnalyzers: {}, folds: false };
  return { analyzer: FOLDING_ANALYZER, customAnalyzers: { [FOLDING_ANALYZER]: FOLDING_ANALYZER_SETTINGS }, folds: true };
}
