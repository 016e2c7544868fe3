/** @jsxImportSource hono/jsx */
import type { ClickRow } from '../../analytics/types';
import type { DayFigures } from '../overview-figures';
import { CONSOLE_PATH, Layout } from '../pages';
import { ReportFilterForm } from '../report-filter-form';
import { EngineNav } from './engine-nav';
import { FigureTotals } from './overview-section';
import { TableScroll } from '../table-scroll';

/** A result as the query's page lists it. */
export interface ShownResult {
  id: string;
  title?: string;
  url?: string;
}

export interface QueryPageProps {
  engine: string;
  query: string;
  csrfToken: string;
  from: string;
  to: string;
  tag: string;
  /** The engine's reports, with the same range and tag. */
  reportsHref: string;
  problem?: string;
  /** The query's figures over the range (absent when they could not be read). */
  totals?: Omit<DayFigures, 'day'>;
  /** The first page of results now, and how many there are in all. */
  results: readonly ShownResult[];
  total: number;
  resultsProblem?: string;
  clicked: readonly ClickRow[];
}

const count = (value: number) => value.toLocaleString('en');
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;
const clicksInRange = (clicks: number | undefined) => (clicks ? `${plural(clicks, 'click', 'clicks')} in this range` : 'No clicks in this range');

/** One query: how often it was searched and clicked, what a visitor sees for it now, and what was opened. */
export function QueryPage(props: QueryPageProps) {
  const { engine, query, totals, results, clicked } = props;
  const positionNow = new Map(results.map((result, index) => [result.id, index + 1]));
  const clicksOf = new Map(clicked.map((row) => [row.documentId, row.clicks]));
  const titleOf = new Map(results.map((result) => [result.id, result.title]));
  const notShown = props.resultsProblem ? '–' : props.total > results.length ? `not in the first ${results.length}` : 'not found now';
  return (
    <Layout title={`${engine}: “${query}”`} csrfToken={props.csrfToken}>
      <p class="breadcrumb">
        <a href={CONSOLE_PATH}>Engines</a> › <a href={props.reportsHref}>{engine}: reports</a>
      </p>
      <h1>Searches for “{query}”</h1>
      <EngineNav engine={engine} current="" />
      {props.problem && (
        <div class="problem" role="alert">
          <h2>There is a problem</h2>
          <p>{props.problem}</p>
        </div>
      )}
      <ReportFilterForm from={props.from} to={props.to} tag={props.tag} />
      {totals && (
        <section>
          <h2 id="figures">In this range</h2>
          <FigureTotals totals={totals} clicks />
        </section>
      )}
      <section>
        <h2 id="results-now">What a visitor sees now</h2>
        {props.resultsProblem ? (
          <p>{props.resultsProblem}</p>
        ) : results.length === 0 ? (
          <p>This search finds nothing now.</p>
        ) : (
          <>
            <p>
              {plural(props.total, 'result', 'results')}, with the engine's saved synonyms, best bets and settings. The first{' '}
              {results.length}:
            </p>
            <ol class="results-now">
              {results.map((result) => (
                <li>
                  <span class="result-title">{result.title ?? result.id}</span>
                  {result.url && <span class="result-url">{result.url}</span>}
                  <span class="result-clicks">{clicksInRange(clicksOf.get(result.id))}</span>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
      <section>
        <h2 id="clicked">Results opened from this search</h2>
        <p class="hint">
          The service records which result a visitor opened, not where it stood then: the position is where the result is now.
        </p>
        {clicked.length === 0 ? (
          <p>Nobody opened a result of this search in this range.</p>
        ) : (
          <TableScroll labelledBy="clicked">
            <table>
              <thead>
                <tr>
                  <th scope="col">Result</th>
                  <th scope="col" class="number">
                    Clicks
                  </th>
                  <th scope="col" class="number">
                    Position now
                  </th>
                </tr>
              </thead>
              <tbody>
                {clicked.map((row) => (
                  <tr>
                    <th scope="row">{titleOf.get(row.documentId) ?? row.documentId}</th>
                    <td class="number">{count(row.clicks)}</td>
                    <td class="number">{positionNow.get(row.documentId) ?? notShown}</td>
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
