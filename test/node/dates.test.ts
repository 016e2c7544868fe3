import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  checkDateRange,
  clampDate,
  compareDates,
  daysInMonth,
  DISPLAY_FORMAT,
  expandTwoDigitYear,
  formatDate,
  formatDisplayDate,
  formatIsoDate,
  fromJsDate,
  isFromAfterTo,
  isLeapYear,
  parseDate,
  parseIsoDate,
  readDateInput,
  toJsDate,
  type CalendarDate,
} from '../../src/core/dates';
import { DATE_PICKER_DEFAULTS } from '../../src/core/constants';

const date = (year: number, month: number, day: number): CalendarDate => ({ year, month, day });

describe('the display format', () => {
  it('is dd/mm/yyyy written in the picker tokens', () => {
    assert.equal(DISPLAY_FORMAT, 'd/m/Y');
  });
});

describe('parseDate: display format and the default accepted format (Y-m-d)', () => {
  const cases: Array<[string, CalendarDate | string]> = [
    ['27/03/2024', date(2024, 3, 27)],
    ['01/01/2000', date(2000, 1, 1)],
    ['1/2/2024', date(2024, 2, 1)],
    ['  27/03/2024  ', date(2024, 3, 27)],
    ['2024-03-27', date(2024, 3, 27)],
    ['2024-3-7', date(2024, 3, 7)],
    // Month 1 to 12.
    ['27/13/2024', 'month'],
    ['27/00/2024', 'month'],
    ['2024-13-01', 'month'],
    // Day 1 to 31, and the month's own length.
    ['00/03/2024', 'day'],
    ['32/01/2024', 'day'],
    ['31/01/2024', date(2024, 1, 31)],
    ['31/04/2024', 'day'],
    ['30/04/2024', date(2024, 4, 30)],
    ['31/06/2024', 'day'],
    ['31/09/2024', 'day'],
    ['31/11/2024', 'day'],
    ['31/12/2024', date(2024, 12, 31)],
    // February and leap years.
    ['29/02/2024', date(2024, 2, 29)],
    ['29/02/2023', 'day'],
    ['28/02/2023', date(2023, 2, 28)],
    ['29/02/2000', date(2000, 2, 29)],
    ['29/02/1900', 'day'],
    ['30/02/2024', 'day'],
    // Year.
    ['01/01/0000', 'year'],
    // Not a date at all.
    ['', 'empty'],
    ['   ', 'empty'],
    ['27/03', 'format'],
    ['27/03/202', 'format'],
    ['27-03-2024', 'format'],
    ['2024/03/27', 'format'],
    ['27/03/2024x', 'format'],
    ['tomorrow', 'format'],
    ['27/03/20245', 'format'],
    ['__/__/____', 'format'],
  ];
  for (const [text, expected] of cases) {
    it(`"${text}" → ${typeof expected === 'string' ? expected : formatIsoDate(expected)}`, () => {
      const result = parseDate(text);
      if (typeof expected === 'string') assert.deepEqual(result, { ok: false, reason: expected });
      else assert.deepEqual(result, { ok: true, date: expected });
    });
  }
});

describe('parseDate: two-digit years (above 50 → 1900s, otherwise 2000s)', () => {
  const cases: Array<[string, number]> = [
    ['01/01/00', 2000],
    ['01/01/07', 2007],
    ['01/01/49', 2049],
    ['01/01/50', 2050],
    ['01/01/51', 1951],
    ['01/01/97', 1997],
    ['01/01/99', 1999],
  ];
  for (const [text, year] of cases) {
    it(`"${text}" is in ${year}`, () => {
      assert.deepEqual(parseDate(text), { ok: true, date: date(year, 1, 1) });
    });
  }
  it('maps by the same rule on its own', () => {
    assert.deepEqual([0, 50, 51, 99].map(expandTwoDigitYear), [2000, 2050, 1951, 1999]);
  });
  it('applies the leap-year rule to the expanded year', () => {
    assert.deepEqual(parseDate('29/02/00'), { ok: true, date: date(2000, 2, 29) });
    assert.deepEqual(parseDate('29/02/97'), { ok: false, reason: 'day' });
  });
});

describe('parseDate: configurable accepted formats', () => {
  const cases: Array<[string, readonly string[], CalendarDate | string]> = [
    ['03/27/2024', ['m/d/Y'], date(2024, 3, 27)],
    ['27.03.2024', ['d.m.Y'], date(2024, 3, 27)],
    ['27.03.24', ['d.m.y'], date(2024, 3, 27)],
    ['20240327', ['Ymd'], date(2024, 3, 27)],
    ['2024-03-27', ['d.m.Y'], 'format'],
    ['2024-03-27', [], 'format'],
    // The display format is always accepted.
    ['27/03/2024', ['m.d.Y'], date(2024, 3, 27)],
    // Another format may turn an impossible display-format reading into a real date.
    ['12/31/2024', ['m/d/Y'], date(2024, 12, 31)],
    // A format without a year, month and day is ignored.
    ['2024-03', ['Y-m'], 'format'],
  ];
  for (const [text, formats, expected] of cases) {
    it(`"${text}" with ${JSON.stringify(formats)}`, () => {
      const result = parseDate(text, formats);
      if (typeof expected === 'string') assert.deepEqual(result, { ok: false, reason: expected });
      else assert.deepEqual(result, { ok: true, date: expected });
    });
  }
  it('defaults to the picker’s short format', () => {
    assert.equal(DATE_PICKER_DEFAULTS.dateFormat, 'Y-m-d');
    assert.deepEqual(parseDate('2024-03-27'), parseDate('2024-03-27', ['Y-m-d']));
  });
});

describe('isLeapYear and daysInMonth', () => {
  const leap: Array<[number, boolean]> = [
    [2024, true],
    [2023, false],
    [2000, true],
    [1900, false],
    [2100, false],
    [2400, true],
  ];
  for (const [year, expected] of leap)
    it(`${year} ${expected ? 'is' : 'is not'} a leap year`, () => assert.equal(isLeapYear(year), expected));
  const lengths: Array<[number, number, number]> = [
    [2024, 1, 31],
    [2024, 2, 29],
    [2023, 2, 28],
    [2024, 4, 30],
    [2024, 6, 30],
    [2024, 9, 30],
    [2024, 11, 30],
    [2024, 12, 31],
  ];
  for (const [year, month, days] of lengths) it(`${month}/${year} has ${days} days`, () => assert.equal(daysInMonth(year, month), days));
});

describe('readDateInput: clamping to the minimum and maximum', () => {
  const min = date(2000, 1, 1);
  const max = date(2026, 12, 31);
  const cases: Array<[string, ReturnType<typeof readDateInput>]> = [
    ['', { status: 'empty' }],
    ['31/02/2024', { status: 'invalid', reason: 'day' }],
    ['27/03/2024', { status: 'valid', date: date(2024, 3, 27) }],
    ['01/01/2000', { status: 'valid', date: min }],
    ['31/12/2026', { status: 'valid', date: max }],
    ['31/12/1999', { status: 'clamped', date: min, entered: date(1999, 12, 31), bound: 'min' }],
    ['01/01/2027', { status: 'clamped', date: max, entered: date(2027, 1, 1), bound: 'max' }],
    ['01/01/97', { status: 'clamped', date: min, entered: date(1997, 1, 1), bound: 'min' }],
  ];
  for (const [text, expected] of cases) {
    it(`"${text}" → ${expected.status}`, () => assert.deepEqual(readDateInput(text, { min, max }), expected));
  }
  it('has no bounds unless given', () => {
    assert.deepEqual(readDateInput('01/01/1000'), { status: 'valid', date: date(1000, 1, 1) });
  });
  it('uses the configured formats', () => {
    assert.deepEqual(readDateInput('2024.03.27', { formats: ['Y.m.d'] }), { status: 'valid', date: date(2024, 3, 27) });
    assert.deepEqual(readDateInput('2024-03-27', { formats: ['Y.m.d'] }), { status: 'invalid', reason: 'format' });
  });
});

describe('clampDate', () => {
  const cases: Array<[CalendarDate, CalendarDate | undefined, CalendarDate | undefined, CalendarDate, 'min' | 'max' | null]> = [
    [date(2024, 5, 5), date(2024, 1, 1), date(2024, 12, 31), date(2024, 5, 5), null],
    [date(2023, 5, 5), date(2024, 1, 1), undefined, date(2024, 1, 1), 'min'],
    [date(2025, 5, 5), undefined, date(2024, 12, 31), date(2024, 12, 31), 'max'],
    [date(2024, 5, 5), undefined, undefined, date(2024, 5, 5), null],
    // Min after max: the maximum wins.
    [date(2024, 5, 5), date(2025, 1, 1), date(2024, 1, 1), date(2024, 1, 1), 'max'],
  ];
  for (const [value, min, max, expected, bound] of cases) {
    it(`${formatIsoDate(value)} in [${min ? formatIsoDate(min) : '-'}, ${max ? formatIsoDate(max) : '-'}]`, () => {
      assert.deepEqual(clampDate(value, min, max), { date: expected, bound });
    });
  }
});

describe('isFromAfterTo', () => {
  const cases: Array<[CalendarDate | undefined, CalendarDate | undefined, boolean]> = [
    [date(2024, 3, 2), date(2024, 3, 1), true],
    [date(2024, 3, 1), date(2024, 3, 1), false],
    [date(2024, 3, 1), date(2024, 3, 2), false],
    [date(2025, 1, 1), date(2024, 12, 31), true],
    [undefined, date(2024, 1, 1), false],
    [date(2024, 1, 1), undefined, false],
  ];
  for (const [from, to, expected] of cases) {
    it(`${from ? formatIsoDate(from) : '-'} to ${to ? formatIsoDate(to) : '-'}: ${expected ? 'error' : 'fine'}`, () => {
      assert.equal(isFromAfterTo(from, to), expected);
    });
  }
});

describe('formatting', () => {
  const cases: Array<[CalendarDate, string, string]> = [
    [date(2024, 3, 7), 'd/m/Y', '07/03/2024'],
    [date(2024, 3, 7), 'Y-m-d', '2024-03-07'],
    [date(2024, 3, 7), 'j/n/y', '7/3/24'],
    [date(987, 12, 25), 'd/m/Y', '25/12/0987'],
  ];
  for (const [value, format, expected] of cases) it(`${format} → ${expected}`, () => assert.equal(formatDate(value, format), expected));
  it('displays dd/mm/yyyy and stores yyyy-mm-dd', () => {
    assert.equal(formatDisplayDate(date(2024, 3, 7)), '07/03/2024');
    assert.equal(formatIsoDate(date(2024, 3, 7)), '2024-03-07');
  });
});

describe('parseIsoDate', () => {
  const cases: Array<[string, CalendarDate | undefined]> = [
    ['2024-03-07', date(2024, 3, 7)],
    ['2024-02-30', undefined],
    ['07/03/2024', undefined],
    ['2024-3-7', undefined],
    ['', undefined],
  ];
  for (const [text, expected] of cases) it(`"${text}"`, () => assert.deepEqual(parseIsoDate(text), expected));
});

describe('JavaScript dates', () => {
  it('round-trip through the local calendar day, at the picker’s default hour', () => {
    const value = toJsDate(date(2024, 3, 31));
    assert.equal(value.getHours(), DATE_PICKER_DEFAULTS.defaultHour);
    assert.deepEqual(fromJsDate(value), date(2024, 3, 31));
    assert.deepEqual(fromJsDate(toJsDate(date(45, 6, 1))), date(45, 6, 1));
  });
});

describe('properties', () => {
  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.array(fc.string(), { maxLength: 3 }), (text, formats) => {
        readDateInput(text, { formats });
        parseDate(text, formats);
        parseIsoDate(text);
      }),
      { numRuns: 2000 },
    );
  });

  const calendarDate = fc
    .record({ year: fc.integer({ min: 1000, max: 9999 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
    .filter((d) => d.day <= daysInMonth(d.year, d.month))
    .map((d): CalendarDate => ({ year: d.year, month: d.month, day: d.day }));

  it('reads back every real date it displays, and every stored date', () => {
    fc.assert(
      fc.property(calendarDate, (value) => {
        assert.deepEqual(parseDate(formatDisplayDate(value)), { ok: true, date: value });
        assert.deepEqual(parseDate(formatIsoDate(value)), { ok: true, date: value });
        assert.deepEqual(parseIsoDate(formatIsoDate(value)), value);
      }),
    );
  });

  it('keeps a read date within its bounds', () => {
    fc.assert(
      fc.property(calendarDate, calendarDate, calendarDate, (value, a, b) => {
        const [min, max] = compareDates(a, b) <= 0 ? [a, b] : [b, a];
        const reading = readDateInput(formatDisplayDate(value), { min, max });
        assert.ok(reading.status === 'valid' || reading.status === 'clamped');
        assert.ok(compareDates(reading.date, min) >= 0 && compareDates(reading.date, max) <= 0);
        assert.equal(reading.status === 'clamped', compareDates(value, min) < 0 || compareDates(value, max) > 0);
      }),
    );
  });
});

describe('checkDateRange', () => {
  const rules = { min: date(2010, 1, 1), max: date(2026, 12, 31) };
  const cases: Array<
    [string, string, string, 'from' | 'to' | undefined, { orderError?: 'from' | 'to'; blocked: boolean; statuses: [string, string] }]
  > = [
    ['both empty', '', '', undefined, { blocked: false, statuses: ['empty', 'empty'] }],
    ['a range in order', '01/01/2020', '31/12/2020', undefined, { blocked: false, statuses: ['valid', 'valid'] }],
    ['the same day', '05/05/2020', '05/05/2020', undefined, { blocked: false, statuses: ['valid', 'valid'] }],
    ['only From', '01/01/2020', '', undefined, { blocked: false, statuses: ['valid', 'empty'] }],
    [
      'From after To, shown on To by default',
      '02/01/2020',
      '01/01/2020',
      undefined,
      { orderError: 'to', blocked: true, statuses: ['valid', 'valid'] },
    ],
    [
      'From after To, shown on the field just changed',
      '02/01/2020',
      '01/01/2020',
      'from',
      { orderError: 'from', blocked: true, statuses: ['valid', 'valid'] },
    ],
    ['an invalid From blocks', '31/02/2020', '01/01/2021', 'from', { blocked: true, statuses: ['invalid', 'valid'] }],
    ['an invalid To blocks', '01/01/2020', '2020', 'to', { blocked: true, statuses: ['valid', 'invalid'] }],
    ['clamped dates do not block', '01/01/1990', '01/01/2030', 'to', { blocked: false, statuses: ['clamped', 'clamped'] }],
    [
      'the order uses clamped dates',
      '01/01/2030',
      '01/06/2026',
      'from',
      { orderError: 'from', blocked: true, statuses: ['clamped', 'valid'] },
    ],
  ];
  for (const [name, from, to, changed, expected] of cases) {
    it(name, () => {
      const check = checkDateRange(from, to, rules, changed);
      assert.equal(check.orderError, expected.orderError);
      assert.equal(check.blocked, expected.blocked);
      assert.deepEqual([check.from.status, check.to.status], expected.statuses);
    });
  }
});
