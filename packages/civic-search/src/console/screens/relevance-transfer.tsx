/** @jsxImportSource hono/jsx */
import type { Curation, SynonymSet } from '../../relevance';
import { readOldAppSearch } from '../app-search-source';
import type { ConsoleApp, ConsoleContext, ConsoleGuards, ConsoleServices } from '../console-env';
import { engineAccess } from '../engine-access';
import { CONSOLE_PATH, MessagePage } from '../pages';
import { curationsToCsv, readCurationsCsv, readSynonymsCsv, synonymsToCsv, type CsvRead } from '../relevance-csv';
import { importRecords, type RelevanceKind } from '../relevance-import';
import { listAll, type CurationRecord, type SynonymRecord } from '../relevance-reads';
import { importBodyLimit } from '../upload-limit';
import { enginePath } from './engine-nav';
import { ImportPage, readUpload } from './import-page';

const FORMATS = {
  synonyms: { read: readSynonymsCsv, write: (records: unknown[]) => synonymsToCsv(records as SynonymRecord[]), screen: '/synonyms' },
  curations: { read: readCurationsCsv, write: (records: unknown[]) => curationsToCsv(records as CurationRecord[]), screen: '/curations' },
} as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Export, import and the read from an old App Search, for synonym sets or best bets alike. Whatever the source,
 * every record is checked before anything is written, and the write is all or nothing (relevance-import.ts).
 */
export function transferRoutes(app: ConsoleApp, services: ConsoleServices, { signedIn, csrfChecked }: ConsoleGuards, kind: RelevanceKind) {
  const base = `${CONSOLE_PATH}/engines/:engine/${kind}`;
  const format = FORMATS[kind];
  const imported = (c: ConsoleContext, engine: string, outcome: { added: number; replaced: number }) =>
    c.redirect(`${enginePath(engine, format.screen)}?imported=${outcome.added}&replaced=${outcome.replaced}`, 303);
  const importPage = (c: ConsoleContext, engine: string, extra: Partial<Parameters<typeof ImportPage>[0]> = {}, status: 200 | 400 = 200) =>
    c.html(<ImportPage engine={engine} kind={kind} csrfToken={c.get('session').csrfToken} {...extra} />, status);

  app.get(`${base}/export`, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    const { records, refused: notListed } = await listAll(services, c, engine, kind);
    if (notListed) {
      return c.html(<MessagePage title="Not done" message={notListed.errors.join(' ')} csrfToken={c.get('session').csrfToken} />, 502);
    }
    return c.body(format.write(records), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${engine}-${kind}.csv"`,
    });
  });

  app.get(`${base}/import`, signedIn, (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    return importPage(c, engine);
  });

  app.post(`${base}/import`, signedIn, importBodyLimit, csrfChecked, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const upload = await readUpload(c);
    const read: CsvRead<SynonymSet | Curation> =
      upload.problems.length > 0 ? { items: [], problems: upload.problems } : format.read(upload.text);
    const outcome = read.problems.length === 0 ? await importRecords(services, c, engine, kind, read.items) : undefined;
    const problems = outcome?.problems ?? read.problems;
    if (problems.length > 0) return importPage(c, engine, { problems, failed: { from: 'file', fileName: upload.name } }, 400);
    return imported(c, engine, outcome!);
  });

  app.post(`${base}/import-app-search`, signedIn, csrfChecked, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const form = await c.req.parseBody();
    const source = { url: text(form['source-url']), engine: text(form['source-engine']), key: text(form['source-key']) };
    const read = await readOldAppSearch(source, kind, services.importGet);
    const outcome = read.problems.length === 0 ? await importRecords(services, c, engine, kind, read.items) : undefined;
    const problems = outcome?.problems ?? read.problems;
    if (problems.length > 0) {
      return importPage(c, engine, { problems, failed: { from: 'app-search', url: source.url, sourceEngine: source.engine } }, 400);
    }
    return imported(c, engine, outcome!);
  });
}
