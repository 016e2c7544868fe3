/** @jsxImportSource hono/jsx */
// The parts every console form is made of: its problems, its outcome, its CSRF field, and reading what it sent.
import { CONSOLE_PATH } from '../pages';

/** One problem to show: the API's own text, and the field it concerns when one can be named. */
export interface Problem {
  text: string;
  field?: string;
}

/**
 * The error summary at the top of a form: announced as an alert, each problem a link to the field it concerns so a
 * keyboard or screen reader user goes straight there. A page with several forms gives each an `idPrefix`, the prefix
 * of its fields' ids, so that ids stay unique and each summary links into its own form.
 */
export function ErrorSummary({
  problems,
  heading = 'There is a problem',
  idPrefix = '',
}: {
  problems: readonly Problem[];
  heading?: string;
  idPrefix?: string;
}) {
  if (problems.length === 0) return null;
  return (
    <div class="problem" role="alert" aria-labelledby={`${idPrefix}problem-title`}>
      <h2 id={`${idPrefix}problem-title`}>{heading}</h2>
      <ul>
        {problems.map((problem) => (
          <li>{problem.field ? <a href={`#${idPrefix}${problem.field}`}>{problem.text}</a> : problem.text}</li>
        ))}
      </ul>
    </div>
  );
}

/** The outcome of the change just made, on the page the change redirected to. */
export function Notice({ text }: { text?: string }) {
  return text ? (
    <p class="notice" role="status">
      {text}
    </p>
  ) : null;
}

/** The way back to the console's first page, above a page's h1. */
export function Breadcrumb({ links = [] }: { links?: readonly { href: string; label: string }[] }) {
  return (
    <p class="breadcrumb">
      <a href={CONSOLE_PATH}>Engines</a>
      {links.map((link) => (
        <>
          {' › '}
          <a href={link.href}>{link.label}</a>
        </>
      ))}
    </p>
  );
}

/** The hidden field every change sends back. */
export const CsrfField = ({ token }: { token: string }) => <input type="hidden" name="csrf" value={token} />;

/** A field is invalid when a problem names it: marks it for assistive technology. */
export const invalidIf = (problems: readonly Problem[], field: string) =>
  problems.some((problem) => problem.field === field) ? { 'aria-invalid': 'true' } : {};

/** A form value as text ('' when absent or a file). */
export const formText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Every value a form sent under one name (checkboxes). */
export const formList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((item): item is string => typeof item === 'string');
