import type { Language, TextAnalyzer, WordSpan } from './languages';
import { composed } from './text-analysis';

/**
 * Analysis for languages without a stemmer here (te reo Māori, Welsh, Irish, Scottish Gaelic, universal): no stems,
 * no stop words (an English list would drop real words: Welsh "a", "i", "is"), and every word folded, so a search
 * typed without macrons or accents finds the text written with them ("Whanganui" finds "Whānganui").
 *
 * Words joined by hyphens or apostrophes ("Kai-hautū", Welsh "talu'r", Irish "t-uisce", "d'fhág") are indexed as
 * their parts and as the joined word: "hautū", "talu" and "uisce" find them, and so do "kaihautū" and "kai-hautū".
 * A query reads such a word whole (joined), so it matches the same joined word in the documents.
 */

/** Letters, digits and combining marks, runs of them joined by a hyphen or an apostrophe. */
const JOINED_WORD = /[\p{L}\p{N}\p{M}]+(?:[-‐‑'’][\p{L}\p{N}\p{M}]+)*/gu;
const PART = /[\p{L}\p{N}\p{M}]+/gu;
const JOINERS = /[-‐‑'’ʼ]/g;
const MARKS = /\p{M}/gu;
const PLAIN_WORD = /^[a-z0-9]+$/;

/** Lowercase, decomposed (NFD) with its combining marks taken off, and without hyphens or apostrophes. */
export function foldWord(token: string): string {
  const lower = token.toLowerCase();
  if (PLAIN_WORD.test(lower)) return lower;
  return lower.normalize('NFD').replace(MARKS, '').replace(JOINERS, '');
}

function foldingSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  for (const found of text.matchAll(JOINED_WORD)) {
    const start = found.index;
    const span: WordSpan = { start, end: start + found[0].length, word: foldWord(found[0]) };
    if (span.word === '') continue;
    if (found[0].length > 0 && /[-‐‑'’]/.test(found[0])) {
      span.parts = [...found[0].matchAll(PART)].map((part) => ({
        start: start + part.index,
        end: start + part.index + part[0].length,
        word: foldWord(part[0]),
      }));
    }
    spans.push(span);
  }
  return spans;
}

function foldingTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const found of composed(text).matchAll(JOINED_WORD)) {
    const word = found[0];
    if (/[-‐‑'’]/.test(word)) for (const part of word.matchAll(PART)) tokens.push(part[0]);
    tokens.push(word);
  }
  return tokens;
}

function term(token: string): string | null {
  const word = foldWord(token);
  return word === '' ? null : word;
}

const analyzers = new Map<Language, TextAnalyzer>();

/** The analyzer of a language without a stemmer (one per language, shared). */
export function foldingAnalyzer(language: Language): TextAnalyzer {
  let analyzer = analyzers.get(language);
  if (!analyzer) {
    analyzer = Object.freeze({
      language,
      tokenize: foldingTokens,
      fold: foldWord,
      isStopWord: () => false,
      stem: (word: string) => word,
      term,
      words: (text: string) => foldingSpans(composed(text)).map((span) => span.word),
      spans: foldingSpans,
      surface: (token: string) => token.toLowerCase().normalize('NFC'),
    });
    analyzers.set(language, analyzer);
  }
  return analyzer;
}
