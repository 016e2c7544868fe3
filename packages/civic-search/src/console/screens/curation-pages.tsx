/** @jsxImportSource hono/jsx */
import type { CurationRecord, ResultLine } from '../relevance-reads';
import type { CurationDraft } from './curation-draft';
import { EnginePage, Pager, ListTools } from './edit-parts';
import { CsrfField, ErrorSummary, Notice, type Problem } from './form-parts';
import { enginePath } from './engine-nav';
import { PreviewResults, type PreviewPair } from './relevance-preview';
import { TableScroll } from '../table-scroll';

const curationsPath = (engine: string, rest = '') => `${enginePath(engine, '/curations')}${rest}`;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface CurationListProps {
  engine: string;
  csrfToken: string;
  curations: readonly CurationRecord[];
  page: number;
  totalPages: number;
  total: number;
  search: string;
  notice?: string;
}

/** An engine's best bets, a page at a time, with a search over their queries and pages. */
export function CurationListPage(props: CurationListProps) {
  const { engine, curations, search } = props;
  return (
    <EnginePage engine={engine} title="best bets" heading={`${engine}: best bets`} current="/curations" csrfToken={props.csrfToken}>
      <Notice text={props.notice} />
      <p>A best bet puts the pages you choose first for a search, in your order, and can hide pages from it.</p>
      <ListTools
        path={(rest) => curationsPath(engine, rest)}
        fileName={`${engine}-curations.csv`}
        addLabel="Add a best bet"
        listName="Best bets"
        search={search}
      />
      <h2 id="curations-heading">
        {search ? `Best bets with “${search}”` : 'Best bets'} ({props.total.toLocaleString('en')})
      </h2>
      {curations.length === 0 ? (
        <p>{search ? 'No best bet has that search or page.' : 'This engine has no best bets yet.'}</p>
      ) : (
        <TableScroll labelledBy="curations-heading">
          <table>
            <thead>
              <tr>
                <th scope="col">Searches</th>
                <th scope="col">Pages</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {curations.map((curation) => (
                <tr>
                  <th scope="row">{curation.queries.join(', ')}</th>
                  <td>
                    {count(curation.promoted.length, 'pinned', 'pinned')}, {count(curation.hidden.length, 'hidden', 'hidden')}
                  </td>
                  <td class="row-actions">
                    <a href={curationsPath(engine, `/${encodeURIComponent(curation.id)}`)}>
                      Edit<span class="visually-hidden"> {curation.queries.join(', ')}</span>
                    </a>
                    <a href={curationsPath(engine, `/${encodeURIComponent(curation.id)}/delete`)}>
                      Delete<span class="visually-hidden"> {curation.queries.join(', ')}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pager base={curationsPath(engine)} page={props.page} totalPages={props.totalPages} search={search} />
    </EnginePage>
  );
}

export interface CurationFormProps {
  engine: string;
  csrfToken: string;
  id?: string;
  draft: CurationDraft;
  /** Titles of the pinned and hidden pages (their ids where a title is unknown). */
  titles: ReadonlyMap<string, string>;
  /** What the search for a page found. */
  found?: readonly ResultLine[];
  problems?: readonly Problem[];
  preview?: PreviewPair;
}

/**
 * The best bet editor, one form: the searches it answers, a search of the engine for pages to pin or hide, the
 * pinned pages in order (Move up and Move down are buttons, so order works by keyboard and without scripts), the
 * hidden pages, then Preview and Save. Each button posts the whole draft back and lands where its change shows.
 */
export function CurationFormPage(props: CurationFormProps) {
  const { engine, id, draft, titles, problems = [] } = props;
  const action = curationsPath(engine, id ? `/${encodeURIComponent(id)}` : '/new');
  const at = (fragment: string) => `${action}#${fragment}`;
  const title = (doc: string) => titles.get(doc) ?? doc;
  const queriesInvalid = problems.some((problem) => problem.field === 'queries');
  return (
    <EnginePage
      engine={engine}
      title={id ? 'change a best bet' : 'new best bet'}
      heading={id ? 'Change a best bet' : 'Add a best bet'}
      current="/curations"
      csrfToken={props.csrfToken}
    >
      <ErrorSummary problems={problems} />
      <form method="post" action={action} class="edit-form curation-form">
        <CsrfField token={props.csrfToken} />
        {draft.promoted.map((doc) => (
          <input type="hidden" name="promoted" value={doc} />
        ))}
        {draft.hidden.map((doc) => (
          <input type="hidden" name="hidden" value={doc} />
        ))}
        <label htmlFor="queries">Searches it answers</label>
        <p id="queries-hint" class="hint">
          One search on each line, as visitors type it. Capitals and punctuation do not matter.
        </p>
        <textarea
          id="queries"
          name="queries"
          rows={3}
          aria-describedby="queries-hint"
          {...(queriesInvalid ? { 'aria-invalid': 'true' } : {})}
        >
          {draft.queries}
        </textarea>

        <h2 id="find-heading" tabindex={-1}>
          Find a page
        </h2>
        <label htmlFor="find">Search this engine for a page</label>
        <div class="inline-field">
          <input id="find" name="find" type="search" value={draft.find} />
          <button type="submit" name="do" value="find" formaction={at('find-heading')}>
            Search
          </button>
        </div>
        {props.found && (
          <section aria-labelledby="found-heading">
            <h3 id="found-heading">{props.found.length === 0 ? `No page found for “${draft.find}”` : `Pages found for “${draft.find}”`}</h3>
            <ol class="doc-list">
              {props.found.map((result) => (
                <li>
                  <span class="result-title">{result.title}</span>
                  {result.url && result.url !== result.title && <span class="result-url">{result.url}</span>}
                  <span class="doc-actions">
                    {draft.promoted.includes(result.id) ? (
                      <strong class="tag">Pinned</strong>
                    ) : (
                      <button type="submit" name="do" value={`pin:${result.id}`} formaction={at('pinned-heading')} class="secondary">
                        Pin<span class="visually-hidden"> {result.title}</span>
                      </button>
                    )}
                    {draft.hidden.includes(result.id) ? (
                      <strong class="tag">Hidden</strong>
                    ) : (
                      <button type="submit" name="do" value={`hide:${result.id}`} formaction={at('hidden-heading')} class="secondary">
                        Hide<span class="visually-hidden"> {result.title}</span>
                      </button>
                    )}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        )}

        <h2 id="pinned-heading" tabindex={-1}>
          Pinned pages, in order
        </h2>
        {draft.promoted.length === 0 ? (
          <p>No page is pinned yet. Search for a page above and pin it.</p>
        ) : (
          // Dragging is added over this list by the pin-order island; the buttons stay, for the keyboard and without JavaScript.
          <div data-island="pin-order" data-props="{}">
            <ol class="doc-list">
              {draft.promoted.map((doc, index) => (
                <li data-id={doc}>
                  <span class="result-title">{title(doc)}</span>
                  <span class="doc-actions">
                    {index > 0 && (
                      <button type="submit" name="do" value={`up:${doc}`} formaction={at('pinned-heading')} class="secondary">
                        Move up<span class="visually-hidden"> {title(doc)}</span>
                      </button>
                    )}
                    {index < draft.promoted.length - 1 && (
                      <button type="submit" name="do" value={`down:${doc}`} formaction={at('pinned-heading')} class="secondary">
                        Move down<span class="visually-hidden"> {title(doc)}</span>
                      </button>
                    )}
                    <button type="submit" name="do" value={`unpin:${doc}`} formaction={at('pinned-heading')} class="secondary">
                      Unpin<span class="visually-hidden"> {title(doc)}</span>
                    </button>
                  </span>
                </li>
              ))}
            </ol>
            <button type="submit" name="do" value="reorder" formaction={at('pinned-heading')} hidden>
              Keep this order
            </button>
          </div>
        )}

        <h2 id="hidden-heading" tabindex={-1}>
          Hidden pages
        </h2>
        {draft.hidden.length === 0 ? (
          <p>No page is hidden.</p>
        ) : (
          <ul class="doc-list">
            {draft.hidden.map((doc) => (
              <li>
                <span class="result-title">{title(doc)}</span>
                <span class="doc-actions">
                  <button type="submit" name="do" value={`unhide:${doc}`} formaction={at('hidden-heading')} class="secondary">
                    Show again<span class="visually-hidden"> {title(doc)}</span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}

        <div class="buttons">
          <button type="submit" name="do" value="preview" formaction={at('preview-heading')}>
            Preview
          </button>
          <button type="submit" name="do" value="save">
            Save best bet
          </button>
        </div>
      </form>
      {props.preview && <PreviewResults pair={props.preview} />}
      <p>
        <a href={curationsPath(engine)}>Back to the best bets</a>
      </p>
    </EnginePage>
  );
}

/** Asks before a best bet is deleted, on a page of its own. */
export function CurationDeletePage({ engine, csrfToken, curation }: { engine: string; csrfToken: string; curation: CurationRecord }) {
  return (
    <EnginePage engine={engine} title="delete a best bet" heading="Delete this best bet?" current="/curations" csrfToken={csrfToken}>
      <p>
        Searches for <strong>{curation.queries.join(', ')}</strong> will show their results in the usual order again (
        {count(curation.promoted.length, 'page', 'pages')} pinned, {count(curation.hidden.length, 'page', 'pages')} hidden now).
      </p>
      <form method="post" action={curationsPath(engine, `/${encodeURIComponent(curation.id)}/delete`)} class="buttons">
        <CsrfField token={csrfToken} />
        <button type="submit" class="danger">
          Delete best bet
        </button>
        <a href={curationsPath(engine)}>Keep it</a>
      </form>
    </EnginePage>
  );
}
