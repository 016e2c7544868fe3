/** @jsxImportSource hono/jsx */
import type { ConsoleContext } from '../console-env';
import { CURATION_COLUMNS, SYNONYM_COLUMNS } from '../relevance-csv';
import type { RelevanceKind } from '../relevance-import';
import { EnginePage } from './edit-parts';
import { CsrfField, ErrorSummary } from './form-parts';
import { enginePath } from './engine-nav';

const WORDS = {
  synonyms: { plural: 'synonym sets', screen: '/synonyms', columns: SYNONYM_COLUMNS, label: 'set' },
  curations: { plural: 'best bets', screen: '/curations', columns: CURATION_COLUMNS, label: 'curation' },
} as const;

interface ImportPageProps {
  engine: string;
  kind: RelevanceKind;
  csrfToken: string;
  /** Every problem of the file sent (by line) or of the old service's records; nothing was written. */
  problems?: readonly string[];
  /** What the problems are about: the file (named, when it had a name), or the read from an old App Search. */
  failed?: { from: 'file'; fileName?: string } | { from: 'app-search'; url: string; sourceEngine: string };
}

/**
 * The form that takes a CSV file, with what its columns must be, and the form that reads the records from an App
 * Search service a council is moving off; each failure shown with every problem of it. The old key's field is
 * always empty: the key is never sent back.
 */
export function ImportPage({ engine, kind, csrfToken, problems = [], failed }: ImportPageProps) {
  const words = WORDS[kind];
  const path = enginePath(engine, words.screen);
  const fromFile = failed?.from === 'file';
  const source = failed?.from === 'app-search' ? failed : { url: '', sourceEngine: engine };
  const heading = !failed
    ? ''
    : failed.from === 'file'
      ? `${failed.fileName ? `${failed.fileName} was not imported` : 'The file was not imported'}: nothing was changed`
      : 'Nothing was brought over from App Search: nothing was changed';
  return (
    <EnginePage
      engine={engine}
      title={`import ${words.plural}`}
      heading={`Import ${words.plural}`}
      current={words.screen}
      csrfToken={csrfToken}
    >
      <ErrorSummary heading={heading} problems={problems.map((text) => ({ text, field: fromFile ? 'file' : 'source-url' }))} />
      <h2>From a CSV file</h2>
      {kind === 'synonyms' ? (
        <p>
          The file’s first row names its columns, <code>set,synonym</code>. Each row after it holds one synonym; rows with the same set make
          one synonym set.
        </p>
      ) : (
        <p>
          The file’s first row names its columns, <code>curation,field,value</code>. Each row after it holds one value of a best bet: its
          field is <code>query</code> (a search it answers), <code>promoted</code> (a page pinned to the top, in the order of the rows) or{' '}
          <code>hidden</code> (a page never shown for it). Rows with the same curation make one best bet.
        </p>
      )}
      <p>
        A {words.label} named like one this engine has (as an export names them) replaces it; any other name adds a new one. Nothing else is
        changed. Every row is checked first: if any is wrong, nothing is imported and every problem is listed here by line.
      </p>
      <form method="post" action={`${path}/import`} enctype="multipart/form-data" class="edit-form">
        <CsrfField token={csrfToken} />
        <label htmlFor="file">CSV file</label>
        <input id="file" name="file" type="file" accept=".csv,text/csv" required {...(fromFile ? { 'aria-invalid': 'true' } : {})} />
        <div class="buttons">
          <button type="submit">Import</button>
        </div>
      </form>
      <h2>From App Search</h2>
      <p>
        If the App Search service you are moving off still answers, its {words.plural} can be read from it with one of its private keys. The
        key is used for this read only: it is not kept or recorded anywhere.
      </p>
      <form method="post" action={`${path}/import-app-search`} class="edit-form">
        <CsrfField token={csrfToken} />
        <label htmlFor="source-url">Address of the old App Search</label>
        <p id="source-url-hint" class="hint">
          For example https://search.council.example:3002
        </p>
        <input
          id="source-url"
          name="source-url"
          type="url"
          value={source.url}
          required
          aria-describedby="source-url-hint"
          {...(failed?.from === 'app-search' ? { 'aria-invalid': 'true' } : {})}
        />
        <label htmlFor="source-engine">Engine there</label>
        <input id="source-engine" name="source-engine" type="text" value={source.sourceEngine} required />
        <label htmlFor="source-key">Its private key</label>
        <input id="source-key" name="source-key" type="password" autocomplete="off" spellcheck={false} required />
        <div class="buttons">
          <button type="submit">Bring them over</button>
        </div>
      </form>
      <p>
        <a href={path}>Back to the {words.plural}</a>
      </p>
    </EnginePage>
  );
}

/** The uploaded file's text, or why there is none to read. */
export async function readUpload(c: ConsoleContext): Promise<{ text: string; name?: string; problems: string[] }> {
  const form = await c.req.parseBody();
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) return { text: '', problems: ['Choose a CSV file to import'] };
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), name: file.name, problems: [] };
  } catch {
    return { text: '', name: file.name, problems: ['The file is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”'] };
  }
}

/** What an import did, for the list page it leads to (counts from its own redirect, never text from the request). */
export function importNotice(imported: string | undefined, replaced: string | undefined, noun: string): string | undefined {
  if (imported === undefined) return undefined;
  const added = Number(imported) || 0;
  const changed = Number(replaced) || 0;
  const total = added + changed;
  return `Imported ${total} ${noun}${total === 1 ? '' : 's'}: ${added} added, ${changed} replaced. Searches use them now.`;
}
