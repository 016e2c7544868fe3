import type { EmbeddedBackend } from '../search/embedded/backend';
import type { AnalysedDocument, AnalysedDocuments } from '../search/embedded/document-analysis';
import type { SiteDocument } from '../search/types';
import { packageModuleUrl } from './entry-location';
import { createWorkerBackend, type WorkerBackend } from './worker-backend';

/** Analyses written documents on a thread of its own, so the thread answering searches only applies the result. */
export interface AnalysisThread {
  /**
   * The analysis of the documents to put and of those held under `ids` (what the write replaces or removes), by
   * document. Empty when the thread cannot answer: the index then analyses them itself, so a write never fails
   * for it, only costs the search thread more.
   */
  analyseWrite(backend: EmbeddedBackend, engine: string, put: readonly SiteDocument[], ids: readonly string[]): Promise<AnalysedDocuments>;
  close(): Promise<void>;
}

/** The thread starts with the first write, and a failure to analyse is said once. */
export function createAnalysisThread(log: (line: string) => void = console.error): AnalysisThread {
  let worker: WorkerBackend | undefined;
  let failureSaid = false;
  let closed = false;
  return {
    async analyseWrite(backend, engine, put, ids) {
      if (closed) return new Map();
      try {
        // An engine that cannot be read now fails the write itself, as it would without this thread.
        const { documents: held, fields } = await backend.heldDocuments(engine, ids).catch(() => ({ documents: [], fields: [] }));
        const documents = [...put, ...held.filter((document) => document !== undefined)];
        if (documents.length === 0 || fields.length === 0) return new Map();
        worker ??= createWorkerBackend({
          name: 'analysis',
          host: {
            module: packageModuleUrl(new URL('../search/embedded/analysis-host.ts', import.meta.url), 'analysis-host.js'),
            exportName: 'createAnalysisHost',
          },
          log,
        });
        const analysed = await worker.call<AnalysedDocument[]>('analyse', [backend.languageOf(engine), fields, documents]);
        return new Map(documents.map((document, i) => [document, analysed[i]]));
      } catch (error) {
        if (!failureSaid && !closed) log(`civic-search: written documents are analysed on the search thread, as the analysis thread failed: ${(error as Error).message}`);
        failureSaid = true;
        return new Map();
      }
    },
    async close() {
      closed = true;
      await worker?.close();
    },
  };
}
