/** @jsxImportSource hono/jsx */
import type { SynonymRecord } from '../relevance-reads';
import { enginePath } from './engine-nav';
import { EnginePage, Pager, ListTools } from './edit-parts';
import { CsrfField, ErrorSummary, Notice, type Problem } from './form-parts';
import { PreviewResults, type PreviewPair } from './relevance-preview';
import { TableScroll } from '../table-scroll';

const synonymsPath = (engine: string, rest = '') => `${enginePath(engine, '/synonyms')}${rest}`;

export interface SynonymListProps {
  engine: string;
  csrfToken: string;
  sets: readonly SynonymRecord[];
  page: number;
  totalPages: number;
  total: number;
  search: string;
  notice?: string;
  problems?: readonly Problem[];
}

/** An engine's synonym sets, a page at a time, with a search over them and the way to add, import and export. */
export function SynonymListPage(props: SynonymListProps) {
  const { engine, sets, search } = props;
  return (
    <EnginePage engine={engine} title="synonyms" heading={`${engine}: synonyms`} current="/synonyms" csrfToken={props.csrfToken}>
      <Notice text={props.notice} />
      <ErrorSummary problems={props.problems ?? []} />
      <p>A synonym set makes a search for any of its words or phrases find the pages that use any other.</p>
      <ListTools
        path={(rest) => synonymsPath(engine, rest)}
        fileName={`${engine}-synonyms.csv`}
        addLabel="Add a synonym set"
        listName="Synonym sets"
        search={search}
      />
      <h2 id="sets-heading">
        {search ? `Synonym sets with “${search}”` : 'Synonym sets'} ({props.total.toLocaleString('en')})
      </h2>
      {sets.length === 0 ? (
        <p>{search ? 'No synonym set has that word.' : 'This engine has no synonym sets yet.'}</p>
      ) : (
        <TableScroll labelledBy="sets-heading">
          <table>
            <thead>
              <tr>
                <th scope="col">Synonyms</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {sets.map((set) => (
                <tr>
                  <th scope="row">{set.synonyms.join(', ')}</th>
                  <td class="row-actions">
                    <a href={synonymsPath(engine, `/${encodeURIComponent(set.id)}`)}>
                      Edit<span class="visually-hidden"> {set.synonyms.join(', ')}</span>
                    </a>
                    <a href={synonymsPath(engine, `/${encodeURIComponent(set.id)}/delete`)}>
                      Delete<span class="visually-hidden"> {set.synonyms.join(', ')}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pager base={synonymsPath(engine)} page={props.page} totalPages={props.totalPages} search={search} />
    </EnginePage>
  );
}

export interface SynonymFormProps {
  engine: string;
  csrfToken: string;
  /** The set being changed; absent for a new one. */
  id?: string;
  /** What the synonyms field holds, one synonym a line. */
  synonyms: string;
  /** The search the preview shows. */
  query: string;
  problems?: readonly Problem[];
  preview?: PreviewPair;
}

/** A new or changed synonym set: the words, a search to preview it with, then Preview and Save. */
export function SynonymFormPage(props: SynonymFormProps) {
  const { engine, id, problems = [] } = props;
  const action = synonymsPath(engine, id ? `/${encodeURIComponent(id)}` : '/new');
  const invalid = problems.some((problem) => problem.field === 'synonyms');
  return (
    <EnginePage
      engine={engine}
      title={id ? 'change a synonym set' : 'new synonym set'}
      heading={id ? 'Change a synonym set' : 'Add a synonym set'}
      current="/synonyms"
      csrfToken={props.csrfToken}
    >
      <ErrorSummary problems={problems} />
      <form method="post" action={action} class="edit-form">
        <CsrfField token={props.csrfToken} />
        <label htmlFor="synonyms">Synonyms</label>
        <p id="synonyms-hint" class="hint">
          One word or phrase on each line, two or more. A search for any of them also finds pages that use the others.
        </p>
        <textarea id="synonyms" name="synonyms" rows={6} aria-describedby="synonyms-hint" {...(invalid ? { 'aria-invalid': 'true' } : {})}>
          {props.synonyms}
        </textarea>
        <label htmlFor="query">Preview with the search</label>
        <p id="query-hint" class="hint">
          What a visitor types. The preview shows its results now and with this set.
        </p>
        <input id="query" name="query" type="text" value={props.query} aria-describedby="query-hint" />
        <div class="buttons">
          <button type="submit" name="intent" value="preview" formaction={`${action}#preview-heading`}>
            Preview
          </button>
          <button type="submit" name="intent" value="save">
            Save synonym set
          </button>
        </div>
      </form>
      {props.preview && <PreviewResults pair={props.preview} />}
      <p>
        <a href={synonymsPath(engine)}>Back to the synonym sets</a>
      </p>
    </EnginePage>
  );
}

/** Asks before a set is deleted, on a page of its own (a form, so it works without scripts). */
export function SynonymDeletePage({ engine, csrfToken, set }: { engine: string; csrfToken: string; set: SynonymRecord }) {
  return (
    <EnginePage engine={engine} title="delete a synonym set" heading="Delete this synonym set?" current="/synonyms" csrfToken={csrfToken}>
      <p>
        Searches for these words will no longer find each other’s pages: <strong>{set.synonyms.join(', ')}</strong>.
      </p>
      <form method="post" action={synonymsPath(engine, `/${encodeURIComponent(set.id)}/delete`)} class="buttons">
        <CsrfField token={csrfToken} />
        <button type="submit" class="danger">
          Delete synonym set
        </button>
        <a href={synonymsPath(engine)}>Keep it</a>
      </form>
    </EnginePage>
  );
}
