/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import { CONSOLE_PATH, Layout } from '../pages';
import { EngineNav, type EngineScreenPath } from './engine-nav';

/** A problem to show in an error summary, linked to the field it is about when there is one. */
export interface Problem {
  text: string;
  field?: string;
}

/** The error summary: announced at once, each problem a link to its field, so a keyboard user can go and fix it. */
export function ErrorSummary({ problems, heading = 'There is a problem' }: { problems: readonly Problem[]; heading?: string }) {
  if (problems.length === 0) return null;
  return (
    <div class="problem" role="alert" aria-labelledby="problem-heading">
      <h2 id="problem-heading">{heading}</h2>
      <ul>
        {problems.map((problem) => (
          <li>{problem.field ? <a href={`#${problem.field}`}>{problem.text}</a> : problem.text}</li>
        ))}
      </ul>
    </div>
  );
}

/** A notice after a change (Post/Redirect/Get): what was done, in words. */
export function Notice({ text }: { text?: string }) {
  return text ? (
    <p class="notice" role="status">
      {text}
    </p>
  ) : null;
}

interface EnginePageProps {
  engine: string;
  title: string;
  heading: string;
  current: EngineScreenPath;
  csrfToken: string;
  children: Child;
}

/** An engine's editing page: the breadcrumb, the one h1, then the engine's screens as navigation. */
export function EnginePage({ engine, title, heading, current, csrfToken, children }: EnginePageProps) {
  return (
    <Layout title={`${engine}: ${title}`} csrfToken={csrfToken}>
      <p class="breadcrumb">
        <a href={CONSOLE_PATH}>Engines</a>
      </p>
      <h1>{heading}</h1>
      <EngineNav engine={engine} current={current} />
      {children}
    </Layout>
  );
}

/** Previous and next links for a paged list, keeping its search. */
export function Pager({ base, page, totalPages, search }: { base: string; page: number; totalPages: number; search: string }) {
  if (totalPages <= 1) return null;
  const href = (to: number) => `${base}?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(to) })}`;
  return (
    <nav class="pager" aria-label="Pages">
      {page > 1 && (
        <a href={href(page - 1)} rel="prev">
          Previous page
        </a>
      )}
      <span>
        Page {page} of {totalPages}
      </span>
      {page < totalPages && (
        <a href={href(page + 1)} rel="next">
          Next page
        </a>
      )}
    </nav>
  );
}

/** The hidden CSRF field every change carries. */
export const Csrf = ({ token }: { token: string }) => <input type="hidden" name="csrf" value={token} />;

/** A page number from the query string: a whole number from 1, anything else is the first page. */
export function pageNumber(value: string | undefined): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : 1;
}
