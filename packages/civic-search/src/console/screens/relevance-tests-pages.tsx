/** @jsxImportSource hono/jsx */
import {
  expectedLines,
  MAX_GRADE,
  type Comparison,
  type RelevanceRun,
  type RunSummary,
  type StoredTest,
  type TestOutcome,
} from '../../relevance-tests';
import { Layout } from '../pages';
import { EngineNav, enginePath } from './engine-nav';
import { ErrorSummary, invalidIf, type Problem } from './form-parts';
import { TableScroll } from '../table-scroll';

const score = (value: number) => value.toFixed(3);
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const SOURCE_NAMES = { console: 'Console', cli: 'Command line', api: 'API' } as const;

export const testsPath = (engine: string, rest = '') => `${enginePath(engine, '/relevance-tests')}${rest}`;

/** What the person typed into a test's form, kept when the form comes back with problems. */
export interface TestForm {
  query: string;
  expected: string;
}

/** Problems of a form, each linked to the field it is about (the error summary pattern). */
/** The two fields of a test, in the add form and the edit page. */
function TestFields({ form, problems, idPrefix }: { form: TestForm; problems: readonly Problem[]; idPrefix: string }) {
  return (
    <>
      <label htmlFor={`${idPrefix}query`}>Query</label>
      <p id={`${idPrefix}query-hint`} class="hint">
        What a visitor types, for example: pay my rates
      </p>
      <input
        id={`${idPrefix}query`}
        name="query"
        type="text"
        value={form.query}
        maxlength={128}
        required
        aria-describedby={`${idPrefix}query-hint`}
        {...invalidIf(problems, 'query')}
      />
      <label htmlFor={`${idPrefix}expected`}>Pages that should come first</label>
      <p id={`${idPrefix}expected-hint`} class="hint">
        One a line: the page's address (such as /services/rates) or its document id. Up to 10. To say one matters more, add a grade from 2
        to {MAX_GRADE} after a space (3: it must be first).
      </p>
      <textarea
        id={`${idPrefix}expected`}
        name="expected"
        rows={4}
        required
        aria-describedby={`${idPrefix}expected-hint`}
        {...invalidIf(problems, 'expected')}
      >
        {form.expected}
      </textarea>
    </>
  );
}

/** Where each expected page came in a run, in words a person reads. */
function Positions({ outcome }: { outcome: TestOutcome }) {
  return (
    <ul class="plain-list">
      {outcome.expected.map((entry, index) => {
        const position = outcome.positions[index];
        return (
          <li>
            {entry.document}: {position === null || position === undefined ? 'not in the first 10' : `position ${position}`}
          </li>
        );
      })}
    </ul>
  );
}

/** A run's tests, one row each, with what changed against another run when there is a comparison. */
export function RunTable({ id, caption, run, comparison }: { id: string; caption: string; run: RelevanceRun; comparison?: Comparison }) {
  const changeOf = (testId: string) => {
    const worse = comparison?.worse.find((change) => change.id === testId);
    if (worse) return `Worse (nDCG@10 was ${score(worse.before.ndcg)})`;
    const better = comparison?.better.find((change) => change.id === testId);
    return better ? `Better (nDCG@10 was ${score(better.before.ndcg)})` : comparison ? 'Same' : '';
  };
  return (
    <TableScroll labelledBy={id}>
      <table>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Query</th>
            <th scope="col" class="number">
              Recall@10
            </th>
            <th scope="col" class="number">
              nDCG@10
            </th>
            <th scope="col">Expected pages</th>
            {comparison && <th scope="col">Change</th>}
          </tr>
        </thead>
        <tbody>
          {run.tests.map((outcome) => (
            <tr>
              <th scope="row">{outcome.query}</th>
              <td class="number">{score(outcome.recall)}</td>
              <td class="number">{score(outcome.ndcg)}</td>
              <td>
                <Positions outcome={outcome} />
              </td>
              {comparison && <td>{changeOf(outcome.id)}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Mean of {run.tests.length} tests</th>
            <td class="number">{score(run.recall)}</td>
            <td class="number">{score(run.ndcg)}</td>
            <td />
            {comparison && <td />}
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}

/** A draft compared with the saved settings: the tests it makes worse, named, before anything is saved. */
export function DraftVerdict({ comparison }: { comparison: Comparison }) {
  const { worse, better } = comparison;
  if (worse.length > 0) {
    return (
      <div class="problem" role="alert" aria-labelledby="verdict-title">
        <h2 id="verdict-title">This draft makes {worse.length === 1 ? '1 relevance test' : `${worse.length} relevance tests`} worse</h2>
        <ul>
          {worse.map((change) => (
            <li>
              “{change.query}”: nDCG@10 {score(change.before.ndcg)} now, {score(change.after.ndcg)} with the draft
            </li>
          ))}
        </ul>
        <p>
          Mean nDCG@10 {score(comparison.before.ndcg)} now, {score(comparison.after.ndcg)} with the draft.
          {better.length > 0 && ` It makes ${better.length} better.`}
        </p>
      </div>
    );
  }
  return (
    <div class="notice" role="status">
      <p>
        {better.length > 0
          ? `This draft makes ${better.length === 1 ? '1 relevance test' : `${better.length} relevance tests`} better and none worse: `
          : 'This draft makes no relevance test worse: '}
        mean nDCG@10 {score(comparison.before.ndcg)} now, {score(comparison.after.ndcg)} with the draft.
      </p>
    </div>
  );
}

export interface RelevanceTestsPageProps {
  engine: string;
  csrfToken: string;
  tests: readonly StoredTest[];
  history: readonly RunSummary[];
  /** The newest run with its tests, when the page answers a run. */
  latest?: { run: RelevanceRun; comparison?: Comparison };
  notice?: string;
  add?: { form: TestForm; problems: Problem[] };
  importProblems?: Problem[];
  runProblems?: Problem[];
}

export function RelevanceTestsPage(props: RelevanceTestsPageProps) {
  const { engine, csrfToken, tests, history, latest, notice } = props;
  const add = props.add ?? { form: { query: '', expected: '' }, problems: [] };
  const importProblems = props.importProblems ?? [];
  const runProblems = props.runProblems ?? [];
  return (
    <Layout title={`${engine}: relevance tests`} csrfToken={csrfToken}>
      <h1>{engine}: relevance tests</h1>
      <EngineNav engine={engine} current="/relevance-tests" />
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      <p>
        Each test is a query and the pages that should come first for it. A run searches every query with the saved settings and scores the
        first 10 results: recall@10 is the share of the expected pages found, nDCG@10 also counts how near the top they came (1 is perfect).
      </p>

      <section>
        <h2 id="run-heading">Run the tests</h2>
        <ErrorSummary problems={runProblems} idPrefix="run-" />
        <form method="post" action={testsPath(engine, '/run')}>
          <input type="hidden" name="csrf" value={csrfToken} />
          <button type="submit" id="run-run">
            Run the tests with the saved settings
          </button>
        </form>
        {latest && (
          <RunTable
            id="latest-run"
            caption={`Run of ${when(latest.run.at)}${latest.comparison ? ', compared with the run before' : ''}`}
            run={latest.run}
            comparison={latest.comparison}
          />
        )}
      </section>

      <section>
        <h2 id="tests-heading">Tests</h2>
        {tests.length === 0 ? (
          <p>No tests yet. Add the queries visitors use most, with the pages they should find.</p>
        ) : (
          <TableScroll labelledBy="tests-heading">
            <table>
              <thead>
                <tr>
                  <th scope="col">Query</th>
                  <th scope="col">Pages that should come first</th>
                  <th scope="col">Edit or delete</th>
                </tr>
              </thead>
              <tbody>
                {tests.map((test) => (
                  <tr>
                    <th scope="row">{test.query}</th>
                    <td>
                      <ul class="plain-list">
                        {test.expected.map((entry) => (
                          <li>
                            {entry.document}
                            {entry.grade > 1 && ` (grade ${entry.grade})`}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td>
                      <ul class="plain-list">
                        <li>
                          <a href={testsPath(engine, `/${encodeURIComponent(test.id)}/edit`)}>
                            Edit<span class="visually-hidden"> the test “{test.query}”</span>
                          </a>
                        </li>
                        <li>
                          <a href={testsPath(engine, `/${encodeURIComponent(test.id)}/delete`)}>
                            Delete<span class="visually-hidden"> the test “{test.query}”</span>
                          </a>
                        </li>
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      <section>
        <h2 id="add-heading">Add a test</h2>
        <ErrorSummary problems={add.problems} idPrefix="add-" />
        <form method="post" action={testsPath(engine)} class="stacked-form">
          <input type="hidden" name="csrf" value={csrfToken} />
          <TestFields form={add.form} problems={add.problems} idPrefix="add-" />
          <button type="submit">Add the test</button>
        </form>
      </section>

      <section>
        <h2 id="csv-heading">Import and export</h2>
        <p>
          <a href={testsPath(engine, '/export.csv')} download>
            Download the tests as CSV
          </a>{' '}
          (one row per expected page: query, document, grade).
        </p>
        <ErrorSummary problems={importProblems} idPrefix="import-" />
        <form method="post" action={testsPath(engine, '/import')} enctype="multipart/form-data" class="stacked-form">
          <input type="hidden" name="csrf" value={csrfToken} />
          <label htmlFor="import-file">CSV file</label>
          <p id="import-file-hint" class="hint">
            Columns query, document and grade, as the download has them; up to 64 KB.
          </p>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby="import-file-hint"
            {...invalidIf(importProblems, 'file')}
          />
          <fieldset>
            <legend>What to do with the tests already here</legend>
            <div class="choice">
              <input id="import-merge" type="radio" name="mode" value="merge" checked />
              <label htmlFor="import-merge">Keep them, update the queries the file has, add the new ones</label>
            </div>
            <div class="choice">
              <input id="import-replace" type="radio" name="mode" value="replace" />
              <label htmlFor="import-replace">Replace them all with the file's</label>
            </div>
          </fieldset>
          <button type="submit">Import the tests</button>
        </form>
      </section>

      <section>
        <h2 id="history-heading">History of runs</h2>
        {history.length === 0 ? (
          <p>No runs yet.</p>
        ) : (
          <TableScroll labelledBy="history-heading">
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Run from</th>
                  <th scope="col" class="number">
                    Tests
                  </th>
                  <th scope="col" class="number">
                    Recall@10
                  </th>
                  <th scope="col" class="number">
                    nDCG@10
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.map((run) => (
                  <tr>
                    <th scope="row">{when(run.at)}</th>
                    <td>{SOURCE_NAMES[run.source]}</td>
                    <td class="number">{run.count}</td>
                    <td class="number">{score(run.recall)}</td>
                    <td class="number">{score(run.ndcg)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </Layout>
  );
}

export function EditTestPage({
  engine,
  csrfToken,
  test,
  form,
  problems,
}: {
  engine: string;
  csrfToken: string;
  test: StoredTest;
  form?: TestForm;
  problems?: Problem[];
}) {
  const shown = form ?? { query: test.query, expected: expectedLines(test.expected) };
  return (
    <Layout title={`${engine}: edit the test “${test.query}”`} csrfToken={csrfToken}>
      <h1>Edit the test “{test.query}”</h1>
      <EngineNav engine={engine} current="/relevance-tests" />
      <ErrorSummary problems={problems ?? []} />
      <form method="post" action={testsPath(engine, `/${encodeURIComponent(test.id)}`)} class="stacked-form">
        <input type="hidden" name="csrf" value={csrfToken} />
        <TestFields form={shown} problems={problems ?? []} idPrefix="" />
        <button type="submit">Save the test</button>
      </form>
      <p>
        <a href={testsPath(engine)}>Back to the relevance tests</a>
      </p>
    </Layout>
  );
}

export function DeleteTestPage({ engine, csrfToken, test }: { engine: string; csrfToken: string; test: StoredTest }) {
  return (
    <Layout title={`${engine}: delete the test “${test.query}”`} csrfToken={csrfToken}>
      <h1>Delete the test “{test.query}”?</h1>
      <EngineNav engine={engine} current="/relevance-tests" />
      <p>Runs already made keep their scores for it; later runs leave it out. This cannot be undone.</p>
      <form method="post" action={testsPath(engine, `/${encodeURIComponent(test.id)}/delete`)}>
        <input type="hidden" name="csrf" value={csrfToken} />
        <button type="submit" class="danger">
          Delete the test
        </button>
      </form>
      <p>
        <a href={testsPath(engine)}>No, keep it</a>
      </p>
    </Layout>
  );
}
