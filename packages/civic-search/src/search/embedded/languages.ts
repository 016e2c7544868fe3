import { englishAnalyzer } from './text-analysis';
import { foldingAnalyzer } from './folding-analysis';

/**
 * The languages an engine can be given, as App Search names them: `en` (English: stop words and Porter stems),
 * te reo Māori `mi`, Welsh `cy`, Irish `ga`, Scottish Gaelic `gd`, and `null` (universal). Languages without a
 * stemmer here are analysed without stems and without stop words; every language folds case and diacritics.
 */
export const LANGUAGES = ['en', 'mi', 'cy', 'ga', 'gd'] as const;
export type Language = (typeof LANGUAGES)[number] | null;
export const DEFAULT_LANGUAGE: Language = 'en';

/** A word of a text where it stands, with its folded form; a joined word (`Kai-hautū`) lists its parts too. */
export interface WordSpan {
  start: number;
  end: number;
  /** Folded: lowercase, without diacritics (and, for joined words, without the hyphens and apostrophes). */
  word: string;
  parts?: readonly WordSpan[];
}

/** How an engine turns text into index terms, query words, highlighted words and suggestions. */
export interface TextAnalyzer {
  readonly language: Language;
  /** The raw tokens a field is indexed from, in order (each becomes a term through `term`). */
  tokenize(text: string): string[];
  /** A raw token folded: lowercase, diacritics and macrons removed ("Māori" → "maori"). */
  fold(token: string): string;
  isStopWord(word: string): boolean;
  /** The stem of a folded word (the word itself in languages without a stemmer). */
  stem(word: string): string;
  /** The index term of a raw token or folded word, or null when it is not searched on (a stop word, no letters). */
  term(token: string): string | null;
  /** The words of a text as a query reads them, folded, in order (stop words kept). */
  words(text: string): string[];
  /** The words of a text with their places, for highlighting and suggestions. */
  spans(text: string): WordSpan[];
  /** A raw token as shown in suggestions: its spelling kept (diacritics, apostrophes), lowercase, composed. */
  surface(token: string): string;
}

/**
 * The language a caller asked for, checked: `undefined` means the default (`en`), `null` universal; anything else
 * that is not a supported code throws, naming the codes that are.
 */
export function checkedLanguage(value: unknown, where = 'language'): Language {
  if (value === undefined) return DEFAULT_LANGUAGE;
  if (value === null) return null;
  if (typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)) return value as Language;
  throw new Error(
    `${where}: ${JSON.stringify(value)} is not a language the embedded engine knows; use one of ${LANGUAGES.join(', ')}, or null for universal.`,
  );
}

/** The analyzer of a (checked) language: English has its own, the others fold without stems or stop words. */
export function analyzerFor(language: Language): TextAnalyzer {
  return language === 'en' ? englishAnalyzer : foldingAnalyzer(language);
}

/** How a language is named in hashes and messages. */
export function languageLabel(language: Language): string {
  return language ?? 'universal';
}
