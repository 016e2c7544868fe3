import { useLayoutEffect, useRef, type MouseEvent } from 'react';

export interface SummaryError {
  /** The field's key. */
  key: string;
  message: string;
  /** The id of the control the link goes to. */
  targetId: string;
}

interface ErrorSummaryProps {
  title: string;
  errors: readonly SummaryError[];
  /** Changes each time the summary is shown again: it takes focus then. */
  revision: number;
  onChoose: (error: SummaryError) => void;
}

/**
 * The GOV.UK error summary: "There is a problem" and a link to each field with a problem. It takes focus when
 * shown, so keyboard and screen reader users start there; its alert role announces it.
 */
export function ErrorSummary({ title, errors, revision, onChoose }: ErrorSummaryProps) {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (revision > 0) container.current?.focus();
  }, [revision]);

  const choose = (event: MouseEvent<HTMLAnchorElement>, error: SummaryError) => {
    event.preventDefault();
    onChoose(error);
  };
  return (
    <div ref={container} className="multi-step-form__summary" tabIndex={-1}>
      <div role="alert">
        <h2 className="multi-step-form__summary-title">{title}</h2>
        <ul className="multi-step-form__summary-list">
          {errors.map((error) => (
            <li key={error.key}>
              <a href={`#${error.targetId}`} onClick={(event) => choose(event, error)}>
                {error.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
