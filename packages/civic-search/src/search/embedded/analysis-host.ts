import { analyseDocument, type AnalysedDocument } from './document-analysis';
import { analyzerFor, checkedLanguage, type TextAnalyzer } from './languages';

/** What the analysis thread answers (see `createWorkerBackend`: the host runs in a worker thread of its own). */
export interface AnalysisHost {
  /** Each document's text fields analysed in the language (null: universal), as the index would analyse them. */
  analyse(language: string | null, fields: readonly string[], documents: readonly Record<string, unknown>[]): AnalysedDocument[];
}

/**
 * The host of the thread that analyses written documents (tokens, folding, stop words, stems, spellings) so the
 * thread that answers searches only applies the result. It keeps nothing but the analyzers it made.
 */
export function createAnalysisHost(): AnalysisHost {
  const analyzers = new Map<string | null, TextAnalyzer>();
  return {
    analyse(language, fields, documents) {
      let analyzer = analyzers.get(language);
      if (!analyzer) analyzers.set(language, (analyzer = analyzerFor(checkedLanguage(language, 'analyse: language'))));
      return documents.map((document) => analyseDocument(document, fields, analyzer));
    },
  };
}
