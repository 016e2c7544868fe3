import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface Choice {
  key: number;
  /** What the button shows ("Mar", "2024"). */
  text: string;
  /** Its accessible name ("March 2024"). */
  name: string;
  /** Outside the dates a visitor may choose: shown, reachable, not choosable. */
  disabled: boolean;
  /** The month or year the calendar shows now. */
  current: boolean;
}

interface ChoiceGridProps {
  label: string;
  choices: readonly Choice[];
  columns: number;
  /** Take focus on arrival (a new view, or a page turned from the keyboard inside the grid). */
  takeFocus: boolean;
  onChoose: (key: number) => void;
  /** PageUp / PageDown: the previous or next year (months) or span of years. */
  onPage: (delta: -1 | 1) => void;
  className: string;
}

/**
 * The month and year views: a group of buttons laid out in rows, one of them in the tab order. Arrow keys
 * move by one (left, right) or a row (up, down), Home and End go to the first and last, PageUp and PageDown
 * turn the page; Enter or Space chooses (they are buttons). Give each page its own `key`.
 */
export function ChoiceGrid({ label, choices, columns, takeFocus, onChoose, onPage, className }: ChoiceGridProps) {
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      choices.findIndex((choice) => choice.current),
    ),
  );
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const activeIndex = Math.min(active, choices.length - 1);

  // Focus arrives with the grid, before it is painted.
  useLayoutEffect(() => {
    if (takeFocus) buttons.current[activeIndex]?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only
  }, []);

  const moveTo = (index: number) => {
    const next = Math.min(Math.max(index, 0), choices.length - 1);
    setActive(next);
    buttons.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => moveTo(activeIndex - 1),
      ArrowRight: () => moveTo(activeIndex + 1),
      ArrowUp: () => moveTo(activeIndex - columns),
      ArrowDown: () => moveTo(activeIndex + columns),
      Home: () => moveTo(0),
      End: () => moveTo(choices.length - 1),
      PageUp: () => onPage(-1),
      PageDown: () => onPage(1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <div className={className} role="group" aria-label={label}>
      {choices.map((choice, index) => (
        <button
          key={choice.key}
          ref={(button) => {
            buttons.current[index] = button;
          }}
          type="button"
          className="date-field__choice"
          tabIndex={index === activeIndex ? 0 : -1}
          aria-label={choice.name}
          aria-current={choice.current ? 'true' : undefined}
          aria-disabled={choice.disabled ? 'true' : undefined}
          onFocus={() => setActive(index)}
          onKeyDown={onKeyDown}
          onClick={() => {
            if (!choice.disabled) onChoose(choice.key);
          }}
        >
          {choice.text}
        </button>
      ))}
    </div>
  );
}
