import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLatest } from '../../web-component';
import { DATE_PICKER_DEFAULTS } from '../../core/constants';
import { clampDate, compareDates, fromJsDate, type CalendarDate } from '../../core/dates';
import { format } from '../../core/i18n';
import { ChoiceGrid, type Choice } from './ChoiceGrid';
import type { CalendarNames } from './calendar-names';
import type { Calendar, CalendarOptions } from './date-tools';
import type { DateFieldMessages } from './messages';

export type PickerView = 'day' | 'month' | 'year';

interface DatePickerProps {
  id: string;
  /** The field's label ("From"), for the dialog's name. */
  fieldLabel: string;
  /** The date the field holds, if any: the picker opens on it. */
  value: CalendarDate | undefined;
  min?: CalendarDate;
  max?: CalendarDate;
  names: CalendarNames;
  t: DateFieldMessages;
  createCalendar: (host: HTMLElement, options: CalendarOptions) => Calendar;
  onPick: (date: CalendarDate) => void;
  /** Closed by Escape or the Close button (`returnFocus`), or by a click outside. */
  onClose: (returnFocus: boolean) => void;
  /** The button that opens it: a click there is not a click outside. */
  toggle: HTMLElement | null;
}

const MONTH_COLUMNS = 3;
const YEAR_COLUMNS = 4;
const SPAN = DATE_PICKER_DEFAULTS.yearViewSpan;

/** The first year of the span of years holding `year` (2020 for 2024, with spans of 20). */
export const spanStart = (year: number) => Math.floor(year / SPAN) * SPAN;

const monthInRange = (year: number, month: number, min?: CalendarDate, max?: CalendarDate) =>
  !(min && compareDates({ year, month, day: 31 }, min) < 0) && !(max && compareDates({ year, month, day: 1 }, max) > 0);
const yearInRange = (year: number, min?: CalendarDate, max?: CalendarDate) => !(min && year < min.year) && !(max && year > max.year);

/** The month to open on: the field's date, else today, kept within the bounds. */
function startingMonth(value: CalendarDate | undefined, min?: CalendarDate, max?: CalendarDate): { year: number; month: number } {
  const date = clampDate(value ?? fromJsDate(new Date()), min, max).date;
  return { year: date.year, month: date.month };
}

/**
 * The date picker, mounted while open: a non-modal dialog with three views. The day view is flatpickr's day
 * grid; the heading button goes up to the month view (a grid of months) and from there to the year view (a
 * grid of DATE_PICKER_DEFAULTS.yearViewSpan years); choosing goes back down. Every view works from the
 * keyboard; each change of view or month is announced; Escape closes and returns focus to the button.
 */
export function DatePicker({ id, fieldLabel, value, min, max, names, t, createCalendar, onPick, onClose, toggle }: DatePickerProps) {
  const [start] = useState(() => startingMonth(value, min, max));
  const [view, setView] = useState<PickerView>('day');
  const [shown, setShown] = useState(start);
  const [announcement, setAnnouncement] = useState('');
  const [gridFocus, setGridFocus] = useState(true);
  const viewRef = useRef(view);
  const shownRef = useRef(shown);
  const calendarHost = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const callbacks = useLatest({ onPick, onClose });
  useLayoutEffect(() => {
    viewRef.current = view;
    shownRef.current = shown;
  });

  useLayoutEffect(() => {
    if (!calendarHost.current) return;
    const created = createCalendar(calendarHost.current, {
      names,
      min,
      max,
      onPick: (date) => callbacks.current.onPick(date),
      onShow: (year, month) => {
        const current = shownRef.current;
        if (current.year === year && current.month === month) return;
        shownRef.current = { year, month };
        setShown({ year, month });
        if (viewRef.current === 'day') setAnnouncement(`${names.months[month - 1]} ${year}`);
      },
    });
    created.select(value);
    created.show(start.year, start.month);
    calendar.current = created;
    return () => {
      created.destroy();
      calendar.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one calendar for each opening
  }, []);

  // Focus starts on the field's date (or today) in the day view, as the picker shows.
  useLayoutEffect(() => calendar.current?.focusDay(), []);

  // A click outside the picker and its button closes it: listened for from the moment it shows.
  useLayoutEffect(() => {
    const onClick = (event: MouseEvent) => {
      const path = event.composedPath();
      if (panel.current && !path.includes(panel.current) && !(toggle && path.includes(toggle))) callbacks.current.onClose(false);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [toggle, callbacks]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    // The picker closes, not the dropdown around it.
    event.preventDefault();
    event.stopPropagation();
    onClose(true);
  };

  const showDays = (year: number, month: number) => {
    setView('day');
    calendar.current?.show(year, month);
    setAnnouncement(format(t.dayViewOpened, { month: names.months[month - 1], year }));
    requestAnimationFrame(() => calendar.current?.focusDay());
  };
  const showMonths = (year: number) => {
    setView('month');
    setGridFocus(true);
    setShown({ year, month: shown.month });
    setAnnouncement(format(t.monthViewOpened, { year }));
  };
  const showYears = () => {
    setView('year');
    setGridFocus(true);
    setAnnouncement(format(t.yearViewOpened, { from: spanStart(shown.year), to: spanStart(shown.year) + SPAN - 1 }));
  };
  const turnPage = (delta: -1 | 1, fromGrid: boolean) => {
    if (view === 'day') {
      calendar.current?.move(delta);
      return;
    }
    const year = shown.year + delta * (view === 'month' ? 1 : SPAN);
    setGridFocus(fromGrid);
    setShown({ year, month: shown.month });
    setAnnouncement(
      view === 'month' ? format(t.monthsOf, { year }) : format(t.yearsFromTo, { from: spanStart(year), to: spanStart(year) + SPAN - 1 }),
    );
  };

  const navLabels = {
    day: [t.previousMonth, t.nextMonth],
    month: [t.previousYear, t.nextYear],
    year: [format(t.previousYears, { span: SPAN }), format(t.nextYears, { span: SPAN })],
  }[view];
  const firstYear = spanStart(shown.year);
  const monthChoices: Choice[] = names.months.map((name, index) => ({
    key: index + 1,
    text: names.monthsShort[index],
    name: `${name} ${shown.year}`,
    disabled: !monthInRange(shown.year, index + 1, min, max),
    current: index + 1 === shown.month,
  }));
  const yearChoices: Choice[] = Array.from({ length: SPAN }, (_, index) => {
    const year = firstYear + index;
    return { key: year, text: String(year), name: String(year), disabled: !yearInRange(year, min, max), current: year === shown.year };
  });

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the dialog from anywhere in it
    <div
      ref={panel}
      id={id}
      className="date-field__picker"
      role="dialog"
      aria-label={format(t.pickerLabel, { field: fieldLabel })}
      onKeyDown={onKeyDown}
    >
      <div className="date-field__header">
        <button
          type="button"
          className="date-field__nav date-field__nav--previous"
          aria-label={navLabels[0]}
          onClick={() => turnPage(-1, false)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        {view === 'day' && (
          <button type="button" className="date-field__title" onClick={() => showMonths(shown.year)}>
            {`${names.months[shown.month - 1]} ${shown.year}`}
            <span className="civic-visually-hidden">, {t.showMonths}</span>
          </button>
        )}
        {view === 'month' && (
          <button type="button" className="date-field__title" onClick={showYears}>
            {shown.year}
            <span className="civic-visually-hidden">, {t.showYears}</span>
          </button>
        )}
        {view === 'year' && <span className="date-field__title">{`${firstYear} – ${firstYear + SPAN - 1}`}</span>}
        <button
          type="button"
          className="date-field__nav date-field__nav--next"
          aria-label={navLabels[1]}
          onClick={() => turnPage(1, false)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div ref={calendarHost} className="date-field__days" hidden={view !== 'day'} />
      {view === 'month' && (
        <ChoiceGrid
          key={`months-${shown.year}`}
          className="date-field__grid date-field__grid--months"
          label={format(t.monthsOf, { year: shown.year })}
          choices={monthChoices}
          columns={MONTH_COLUMNS}
          takeFocus={gridFocus}
          onChoose={(month) => showDays(shown.year, month)}
          onPage={(delta) => turnPage(delta, true)}
        />
      )}
      {view === 'year' && (
        <ChoiceGrid
          key={`years-${firstYear}`}
          className="date-field__grid date-field__grid--years"
          label={format(t.yearsFromTo, { from: firstYear, to: firstYear + SPAN - 1 })}
          choices={yearChoices}
          columns={YEAR_COLUMNS}
          takeFocus={gridFocus}
          onChoose={(year) => showMonths(year)}
          onPage={(delta) => turnPage(delta, true)}
        />
      )}
      <button type="button" className="date-field__close" onClick={() => onClose(true)}>
        {t.closePicker}
      </button>
      <p className="civic-visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
