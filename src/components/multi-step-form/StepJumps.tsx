import type { JumpTarget } from '../../core/form-steps';
import { format } from '../../core/i18n';

interface StepJumpsProps {
  label: string;
  /** "Step {n}". */
  stepLabel: string;
  targets: readonly JumpTarget[];
  titles: readonly string[];
  onJump: (index: number) => void;
}

/**
 * "Step N" buttons over the visible steps: a button for each step already reached; the current step and the
 * steps not reached yet are text. Each says its step's title to screen readers after the visible words.
 */
export function StepJumps({ label, stepLabel, targets, titles, onJump }: StepJumpsProps) {
  return (
    <nav className="multi-step-form__steps" aria-label={label}>
      <ol className="multi-step-form__steps-list">
        {targets.map((target) => {
          const text = format(stepLabel, { n: target.number });
          const title = titles[target.index] ? <span className="civic-visually-hidden">{`: ${titles[target.index]}`}</span> : null;
          return (
            <li key={target.index} className="multi-step-form__steps-item">
              {target.reachable ? (
                <button type="button" className="multi-step-form__step-button" onClick={() => onJump(target.index)}>
                  {text}
                  {title}
                </button>
              ) : (
                <span
                  className={`multi-step-form__step-label${target.current ? ' multi-step-form__step-label--current' : ''}`}
                  aria-current={target.current ? 'step' : undefined}
                >
                  {text}
                  {title}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
