import type { estypes } from '@elastic/elasticsearch';
import type { ClusterClient } from './cluster-client';
import type { EngineDocument } from '../../engines/documents-file';
import { BackendError } from '../types';
import { toBackendError } from './backend-errors';

/**
 * Some documents of a write were refused by Elasticsearch (the others were written). `errors` follows the order
 * of the documents given: an empty list for each one written, the reasons for each one refused, so the write API
 * can answer App Search's `[{ id, errors }]` for the batch.
 */
import { DocumentsRejectedError } from '../../engines/engine-admin';

export { DocumentsRejectedError };

/** How much of Elasticsearch's reason for refusing a document is passed on (its reasons can quote the value). */
const REASON_MAX_LENGTH = 200;
/** Two instances patching one document at once: Elasticsearch retries the later patch on the newer version. */
const RETRY_ON_CONFLICT = 3;

type Action = 'index' | 'update' | 'delete';
type Item = estypes.BulkResponseItem;

/** A refused item's reason, as a document error: Elasticsearch's error type, and its reason shortened. */
function itemError(item: Item): string {
  const type = item.error?.type ?? `status ${item.status}`;
  const reason = item.error?.reason ?? '';
  const shown = reason.length > REASON_MAX_LENGTH ? `${reason.slice(0, REASON_MAX_LENGTH)}...` : reason;
  return `Elasticsearch refused this document (${type}${shown ? `: ${shown}` : ''})`;
}

/** The stored form of a document: its fields, with the id as text (the mapping keeps `id` as a keyword). */
function stored({ id, ...fields }: EngineDocument): Record<string, unknown> {
  return { id: String(id), ...fields };
}

export function indexOperations(documents: readonly EngineDocument[]): unknown[] {
  return documents.flatMap((document) => [{ index: { _id: String(document.id) } }, stored(document)]);
}

/** A patch replaces the fields it names (`doc` merges at the top level, and documents have no nested objects). */
export function updateOperations(patches: readonly EngineDocument[]): unknown[] {
  return patches.flatMap(({ id, ...fields }) => [{ update: { _id: String(id), retry_on_conflict: RETRY_ON_CONFLICT } }, { doc: fields }]);
}

export function deleteOperations(ids: readonly string[]): unknown[] {
  return ids.map((id) => ({ delete: { _id: id } }));
}

/**
 * What happened to each document of a bulk request, in the order sent: `true` written (or deleted), `false` not
 * found (an update's `document_missing_exception`, a delete's `not_found`), or the reason it was refused.
 */
export type ItemOutcome = true | false | { error: string };

function outcomeOf(action: Action, item: Item | undefined): ItemOutcome {
  if (!item) return { error: 'Elasticsearch did not say what became of this document' };
  if (item.status >= 200 && item.status < 300) return true;
  if (item.status === 404 && (action === 'delete' || (action === 'update' && item.error?.type === 'document_missing_exception'))) {
    return false;
  }
  return { error: itemError(item) };
}

/**
 * Sends one bulk request to the engine's alias and reads every item's status (a 200 answer can still hold refused
 * items: `errors: true`). Writes are not refreshed here: the index refreshes every second, which makes them
 * searchable within that second without holding the writer (`refresh: wait_for` would hold each request up to a
 * second and pile up refresh listeners under steady writes). Reads by id are realtime regardless.
 */
export async function bulkWrite(client: ClusterClient, index: string, action: Action, operations: unknown[], count: number): Promise<ItemOutcome[]> {
  let response: estypes.BulkResponse;
  try {
    response = await client.bulk({ index, operations: operations as estypes.BulkOperationContainer[] });
  } catch (error) {
    throw toBackendError(error);
  }
  if (!Array.isArray(response?.items)) throw new BackendError('Elasticsearch sent an answer that could not be read');
  return Array.from({ length: count }, (_, position) => outcomeOf(action, response.items[position]?.[action]));
}

/**
 * The outcomes as the admin answers them: per document whether it existed, or DocumentsRejectedError naming each
 * refused document when any was refused.
 */
export function foundOrRejected(ids: readonly string[], outcomes: readonly ItemOutcome[]): boolean[] {
  const errors = outcomes.map((outcome) => (typeof outcome === 'object' ? [outcome.error] : []));
  if (errors.some((reasons) => reasons.length > 0)) throw new DocumentsRejectedError(ids, errors);
  return outcomes.map((outcome) => outcome === true);
}
