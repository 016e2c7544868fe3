import type { ClusterClient } from './cluster-client';
import { documentProblems } from '../../engines/documents-file';
import { checkedEngineDefinition, type EngineDefinition } from '../../engines/engine-definition';
import { CLICK_MAPPINGS, clicksIndex, documentsIndex, indexSettingsForEngine, mappingForEngine } from './mapping';

/** What one indexing run did. */
export interface IndexEngineResult {
  /** What the backend searches: `<prefix>-<engine>`. */
  readonly alias: string;
  /** The index built by this run, which the alias now points at: `<prefix>-<engine>-<timestamp>`. */
  readonly index: string;
  readonly indexed: number;
  /** Indexes the alias pointed at before, now deleted. */
  readonly removed: readonly string[];
}

export interface IndexEngineOptions {
  /** Told each step as a line of text (default: nothing is said). */
  log?: (line: string) => void;
  /** The clock that names the new index (for tests). */
  now?: () => Date;
}

/** Problems listed in an error before "... and N more". */
const PROBLEMS_SHOWN = 20;
/** While a new index fills, nothing refreshes it; once full, it refreshes as Elasticsearch usually does. */
const REFRESH_WHEN_BUILT = '1s';

/** `20261124093015123`: the time to the millisecond, so two runs in one second build two indexes. */
export function timestamp(now: Date): string {
  return now.toISOString().replace(/\D/g, '').slice(0, 17);
}

function listed(problems: readonly string[]): string {
  const more = problems.length > PROBLEMS_SHOWN ? `\n  ... and ${problems.length - PROBLEMS_SHOWN} more` : '';
  return `\n  ${problems.slice(0, PROBLEMS_SHOWN).join('\n  ')}${more}`;
}

/** Every document checked against the schema (fields, value types, ids unique) before anything is sent. */
function checkDocuments(definition: EngineDefinition, documents: readonly Record<string, unknown>[]): void {
  const problems: string[] = [];
  const ids = new Map<string, number>();
  documents.forEach((document, index) => {
    const where = `document ${index + 1}`;
    problems.push(...documentProblems(document, definition.schema, where));
    const id = document?.id;
    if (typeof id !== 'string' && typeof id !== 'number') return;
    const earlier = ids.get(String(id));
    if (earlier !== undefined) problems.push(`${where}: the id ${JSON.stringify(String(id))} is already used by document ${earlier}`);
    else ids.set(String(id), index + 1);
  });
  if (problems.length > 0) {
    throw new Error(
      `engine ${JSON.stringify(definition.name)}: ${problems.length} documents problem${problems.length === 1 ? '' : 's'}:${listed(problems)}`,
    );
  }
}

async function ensureClicksIndex(client: ClusterClient, index: string, log: (line: string) => void): Promise<void> {
  if (await client.indices.exists({ index })) return;
  await client.indices.create({ index, mappings: CLICK_MAPPINGS });
  log(`Created ${index}.`);
}

/** The indexes `alias` points at now; refuses when a real index holds the alias's name. */
async function aliasTargets(client: ClusterClient, alias: string): Promise<string[]> {
  if (await client.indices.existsAlias({ name: alias })) return Object.keys(await client.indices.getAlias({ name: alias }));
  if (await client.indices.exists({ index: alias })) {
    throw new Error(`${alias} is an index, not an alias. Delete it (or reindex it elsewhere) so the alias can take its name.`);
  }
  return [];
}

async function fillIndex(client: ClusterClient, index: string, documents: readonly Record<string, unknown>[]): Promise<number> {
  const result = await client.bulkIndexAll(
    index,
    documents.map((document) => ({ ...document, id: String(document.id) })),
  );
  if (result.failed > 0 || result.aborted) {
    throw new Error(`${result.failed} of ${result.total} documents could not be indexed:${listed(result.dropped)}`);
  }
  return result.successful;
}

/**
 * Puts an engine's documents into Elasticsearch without searches ever seeing a half-built index: checks every
 * document against the schema, builds a new index `<prefix>-<engine>-<timestamp>` with the engine's mapping,
 * bulk-indexes the documents, then moves the alias `<prefix>-<engine>` (what the backend searches) to it in one
 * step and deletes the indexes the alias left. Creates `<prefix>-clicks` when missing. On any failure the new
 * index is deleted, the alias is left where it was, and the error says why.
 */
export async function indexEngine(
  client: ClusterClient,
  indexPrefix: string,
  given: string | EngineDefinition,
  documents: readonly object[],
  { log = () => {}, now = () => new Date() }: IndexEngineOptions = {},
): Promise<IndexEngineResult> {
  const definition = checkedEngineDefinition(given);
  const alias = documentsIndex(indexPrefix, definition.name);
  const records = documents as readonly Record<string, unknown>[];
  checkDocuments(definition, records);
  await ensureClicksIndex(client, clicksIndex(indexPrefix), log);
  const previous = await aliasTargets(client, alias);

  const index = `${alias}-${timestamp(now())}`;
  await client.indices.create({
    index,
    settings: { ...indexSettingsForEngine(definition), refresh_interval: '-1' },
    mappings: mappingForEngine(definition),
  });
  let indexed: number;
  try {
    const started = Date.now();
    indexed = await fillIndex(client, index, records);
    await client.indices.putSettings({ index, settings: { refresh_interval: REFRESH_WHEN_BUILT } });
    await client.indices.refresh({ index });
    log(`Indexed ${indexed} documents into ${index} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    await client.indices.updateAliases({
      actions: [...previous.map((old) => ({ remove: { index: old, alias } })), { add: { index, alias } }],
    });
  } catch (error) {
    await client.indices.delete({ index }).catch(() => undefined);
    throw error;
  }
  log(`${alias} now points at ${index}.`);
  for (const old of previous) {
    await client.indices.delete({ index: old });
    log(`Deleted ${old}.`);
  }
  return { alias, index, indexed, removed: previous };
}
