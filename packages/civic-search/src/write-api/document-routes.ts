import type { Context } from 'hono';
import type { EngineDocument } from '../engines/documents-file';
import { DocumentsRejectedError } from '../engines/engine-admin';
import { badRequest } from './api-error';
import { DOCUMENTS_PAGE_SIZE_DEFAULT, MAX_DOCUMENTS_PER_REQUEST, MESSAGES } from './app-search-rules';
import { checkNewDocuments, checkPatches, withinSizeLimit, type DocumentResult } from './document-checks';
import { existingEngine } from './engine-routes';
import { readIds } from './ids';
import { readJsonBody } from './json-body';
import { pageMeta, readPage } from './paging';
import type { WriteContext } from './write-context';

const query = (c: Context) => new URL(c.req.url).searchParams;

/** A batch of documents: a JSON array, or one document on its own (App Search takes both and answers a list). */
async function readDocuments(c: Context): Promise<unknown[]> {
  const body = await readJsonBody(c);
  const items = Array.isArray(body) ? body : typeof body === 'object' && body !== null ? [body] : undefined;
  if (!items) throw badRequest(MESSAGES.documentsBody);
  if (items.length > MAX_DOCUMENTS_PER_REQUEST) throw badRequest(MESSAGES.tooManyDocuments);
  return items;
}

/**
 * Creates or replaces documents, each accepted or refused on its own: `[{id, errors}]` in request order, ids made for
 * documents without one. The accepted ones are stored together, and the answer comes once the backend has them.
 */
export async function postDocuments(c: Context, context: WriteContext) {
  const engine = c.req.param('engine')!;
  const items = await readDocuments(c);
  const { results, accepted } = checkNewDocuments(items, await context.admin.schema(engine));
  if (accepted.length > 0) {
    try {
      await context.admin.putDocuments(engine, accepted);
    } catch (error) {
      if (!(error instanceof DocumentsRejectedError)) throw error;
      // The backend refused some after the checks passed (a cluster refusing a value): each answers with its reasons,
      // the others were written.
      refusedByBackend(results, accepted, error);
    }
    context.changed({ engine, action: 'documents' });
  }
  return c.json(results);
}

/**
 * Partial updates: each names an existing document by id and replaces the fields it gives. An id the engine does not
 * hold, or an update that would make the document larger than App Search allows, is refused on its own.
 */
export async function patchDocuments(c: Context, context: WriteContext) {
  const engine = c.req.param('engine')!;
  const items = await readDocuments(c);
  const { results, patches } = checkPatches(items, await context.admin.schema(engine));
  const stored =
    patches.length > 0
      ? await context.admin.getDocuments(
          engine,
          patches.map(({ patch }) => patch.id),
        )
      : [];
  const ready: Array<{ index: number; patch: EngineDocument }> = [];
  patches.forEach((entry, i) => {
    const current = stored[i];
    if (!current) results[entry.index].errors.push(MESSAGES.documentNotFound);
    else if (!withinSizeLimit({ ...current, ...entry.patch })) results[entry.index].errors.push(MESSAGES.documentTooLarge);
    else ready.push(entry);
  });
  if (ready.length > 0) {
    const found = await context.admin.patchDocuments(
      engine,
      ready.map(({ patch }) => patch),
    );
    // A document deleted between the read and the update is reported missing, never recreated.
    found.forEach((existed, i) => {
      if (!existed) results[ready[i].index].errors.push(MESSAGES.documentNotFound);
    });
    context.changed({ engine, action: 'documents' });
  }
  return c.json(results satisfies DocumentResult[]);
}

/** The documents with the ids asked for, in order, null for each the engine does not hold. */
export async function getDocuments(c: Context, context: WriteContext) {
  await existingEngine(c, context);
  const ids = readIds(query(c), await readJsonBody(c));
  return c.json(ids.length > 0 ? await context.admin.getDocuments(c.req.param('engine')!, ids) : []);
}

/** A page of the engine's documents with App Search's `meta.page`. */
export async function listDocuments(c: Context, context: WriteContext) {
  await existingEngine(c, context);
  const page = readPage(query(c), await readJsonBody(c), DOCUMENTS_PAGE_SIZE_DEFAULT);
  const { documents, total } = await context.admin.listDocuments(c.req.param('engine')!, page);
  return c.json({ meta: pageMeta(page, total), results: documents });
}

/** Deletes documents by id: `[{id, deleted}]` in order, deleted false for an id the engine did not hold. */
export async function deleteDocuments(c: Context, context: WriteContext) {
  await existingEngine(c, context);
  const engine = c.req.param('engine')!;
  const ids = readIds(query(c), await readJsonBody(c));
  if (ids.length === 0) return c.json([]);
  const deleted = await context.admin.deleteDocuments(engine, ids);
  if (deleted.some(Boolean)) context.changed({ engine, action: 'documents' });
  return c.json(ids.map((id, i) => ({ id, deleted: deleted[i] === true })));
}

/** Puts a backend's reasons on the results of the documents it refused (matched in order, by id). */
function refusedByBackend(results: DocumentResult[], written: readonly EngineDocument[], refusal: DocumentsRejectedError): void {
  let next = 0;
  written.forEach((document, i) => {
    while (next < results.length && (results[next].id !== document.id || results[next].errors.length > 0)) next++;
    const reasons = refusal.errors[i] ?? [];
    if (next < results.length && reasons.length > 0) results[next].errors.push(...reasons);
    next++;
  });
}
