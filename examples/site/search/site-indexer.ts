import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** How the indexer reaches the service: any fetch (the mounted app's own, or the network's) and the private key. */
export interface IndexerTarget {
  fetch: (request: Request) => Response | Promise<Response>;
  /** The service's address, e.g. http://127.0.0.1:3002 (an in-process app answers any). */
  baseUrl: string;
  privateKey: string;
  engine: string;
}

export interface IndexSummary {
  written: number;
  deleted: number;
  unchanged: number;
}

/** App Search takes at most this many documents in one request. */
const BATCH = 100;

/**
 * The example council's indexer, doing what a CMS's search module does: it sends the site's pages to the search
 * service through App Search's documents API, only those that changed since its last run (it keeps each page's
 * content hash in `stateFile`), and deletes the pages the site no longer has. A failed request stops it with the
 * service's error messages; pages not yet confirmed are sent again on the next run.
 */
export async function indexSiteContent(
  target: IndexerTarget,
  documents: readonly { id: string }[],
  stateFile: string,
): Promise<IndexSummary> {
  let sent = await readState(stateFile);
  // A service that holds another number of pages than were sent (its data was reset, or someone deleted some):
  // everything is sent again.
  const engine = await call<{ document_count: number }>(target, 'GET', '', undefined);
  if (engine.document_count !== sent.size) sent = new Map();
  const hashes = new Map(documents.map((document) => [document.id, contentHash(document)]));
  const changed = documents.filter((document) => sent.get(document.id) !== hashes.get(document.id));
  const gone = [...sent.keys()].filter((id) => !hashes.has(id));

  for (let start = 0; start < changed.length; start += BATCH) {
    const batch = changed.slice(start, start + BATCH);
    const results = await call<{ id: string; errors: string[] }[]>(target, 'POST', 'documents', batch);
    const refused = results.filter((result) => result.errors.length > 0);
    if (refused.length > 0) {
      throw new Error(`The search service refused ${refused.length} pages: ${refused.map((result) => `${result.id}: ${result.errors.join('; ')}`).join(', ')}`);
    }
    for (const document of batch) sent.set(document.id, hashes.get(document.id)!);
    await writeState(stateFile, sent);
  }
  for (let start = 0; start < gone.length; start += BATCH) {
    const batch = gone.slice(start, start + BATCH);
    await call(target, 'DELETE', 'documents', batch);
    for (const id of batch) sent.delete(id);
    await writeState(stateFile, sent);
  }
  return { written: changed.length, deleted: gone.length, unchanged: documents.length - changed.length };
}

async function call<T>(target: IndexerTarget, method: string, path: string, body: unknown): Promise<T> {
  const url = `${target.baseUrl}/api/as/v1/engines/${encodeURIComponent(target.engine)}${path ? `/${path}` : ''}`;
  const response = await target.fetch(
    new Request(url, {
      method,
      headers: { Authorization: `Bearer ${target.privateKey}`, 'Content-Type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );
  const answer = (await response.json().catch(() => undefined)) as { errors?: string[]; error?: string } | undefined;
  if (!response.ok) {
    const messages = answer?.errors ?? (answer?.error ? [answer.error] : []);
    throw new Error(`${method} ${path} answered ${response.status}${messages.length > 0 ? `: ${messages.join('; ')}` : ''}`);
  }
  return answer as T;
}

function contentHash(document: object): string {
  return createHash('sha256').update(JSON.stringify(document)).digest('base64url');
}

async function readState(file: string): Promise<Map<string, string>> {
  try {
    return new Map(Object.entries(JSON.parse(await readFile(file, 'utf8')) as Record<string, string>));
  } catch {
    // No state yet, or unreadable: every page is sent again (a put of an unchanged page changes nothing).
    return new Map();
  }
}

async function writeState(file: string, sent: Map<string, string>): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(`${file}.tmp`, JSON.stringify(Object.fromEntries(sent)));
  await rename(`${file}.tmp`, file);
}
