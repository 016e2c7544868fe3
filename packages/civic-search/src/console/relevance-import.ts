import type { Curation, SynonymSet } from '../relevance';
import { LIMITS } from '../relevance/records';
import { normalisedQuery } from '../relevance/rules';
import type { ConsoleContext, ConsoleServices } from './console-env';
import { linesText, type ImportItem } from './relevance-csv';
import { apiEnginePath, listAll, type CurationRecord, type SynonymRecord } from './relevance-reads';
import { callApi } from './service-api';

export type RelevanceKind = 'synonyms' | 'curations';

export interface ImportOutcome {
  /** Why nothing was written; empty when the whole file was. */
  problems: string[];
  added: number;
  replaced: number;
}

/** Where a record came from: its lines in a file, or its id in the service it was read from. */
const describe = (item: ImportItem<unknown>, kind: RelevanceKind) => {
  const name = `${kind === 'synonyms' ? 'set' : 'curation'} ${item.label}`;
  return item.lines.length > 0 ? `${linesText(item.lines)} (${name})` : name[0]!.toUpperCase() + name.slice(1);
};

/** What the engine would hold after the import, checked against its limits and against itself, before any write. */
function planProblems(
  kind: RelevanceKind,
  items: readonly ImportItem<SynonymSet | Curation>[],
  existing: ReadonlyMap<string, unknown>,
): string[] {
  const problems: string[] = [];
  if (kind === 'synonyms') {
    const added = items.filter((item) => !existing.has(item.label)).length;
    if (existing.size + added > LIMITS.synonymSets) {
      problems.push(`The engine would have ${existing.size + added} synonym sets; it can have at most ${LIMITS.synonymSets}`);
    }
    return problems;
  }
  // Each query belongs to one curation: the ones the file keeps, and the file's own, must not share one.
  const holder = new Map<string, string>();
  const replacing = new Set(items.map((item) => item.label));
  for (const [id, curation] of existing) {
    if (!replacing.has(id)) for (const query of (curation as Curation).queries) holder.set(normalisedQuery(query), `curation ${id}`);
  }
  for (const item of items) {
    for (const query of (item.value as Curation).queries) {
      const held = holder.get(normalisedQuery(query));
      if (held && held !== describe(item, kind)) problems.push(`${describe(item, kind)}: query “${query}” already belongs to ${held}`);
      else holder.set(normalisedQuery(query), describe(item, kind));
    }
  }
  return problems;
}

/**
 * Writes a checked file's records through the service's API as the signed-in key, all or nothing: the plan is
 * checked first (limits, a query in two curations), and should a write still be refused (the engine changed in
 * between), every write already made is undone (new records deleted, replaced ones put back) before answering.
 */
export async function importRecords(
  services: ConsoleServices,
  c: ConsoleContext,
  engine: string,
  kind: RelevanceKind,
  items: readonly ImportItem<SynonymSet | Curation>[],
): Promise<ImportOutcome> {
  const listed = await listAll<SynonymRecord | CurationRecord>(services, c, engine, kind);
  if (listed.refused) return { problems: listed.refused.errors, added: 0, replaced: 0 };
  const existing = new Map<string, SynonymSet | Curation>(listed.records.map(({ id, ...value }) => [id, value as SynonymSet | Curation]));
  const problems = planProblems(kind, items, existing);
  if (problems.length > 0) return { problems, added: 0, replaced: 0 };

  const path = (id?: string) => apiEnginePath(engine, `/${kind}${id ? `/${encodeURIComponent(id)}` : ''}`);
  const undo: Array<() => Promise<unknown>> = [];
  let added = 0;
  // Replacements first: a new best bet may take a search that one of them gives up.
  const ordered = [...items.filter((item) => existing.has(item.label)), ...items.filter((item) => !existing.has(item.label))];
  for (const item of ordered) {
    const previous = existing.get(item.label);
    const answer = previous
      ? await callApi(services.api!, c, 'PUT', path(item.label), item.value)
      : await callApi<{ id: string }>(services.api!, c, 'POST', path(), item.value);
    if (answer.status !== 200) {
      for (const step of undo.reverse()) await step();
      return { problems: answer.errors.map((error) => `${describe(item, kind)}: ${error}. Nothing was imported.`), added: 0, replaced: 0 };
    }
    if (previous) undo.push(() => callApi(services.api!, c, 'PUT', path(item.label), previous));
    else {
      added++;
      const id = (answer.body as { id: string }).id;
      undo.push(() => callApi(services.api!, c, 'DELETE', path(id)));
    }
  }
  return { problems: [], added, replaced: items.length - added };
}
