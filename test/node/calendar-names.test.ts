import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chooseCalendarNames, parseFirstDayOfWeek, parseNameList } from '../../src/core/calendar-names';
import { DATE_PICKER_DEFAULTS } from '../../src/core/constants';

const english = {
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  weekdaysShort: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};

const maoriMonths =
  'Kohitātea, Huitanguru, Poutūterangi, Paengawhāwhā, Haratua, Pipiri, Hōngongoi, Hereturikōkā, Mahuru, Whiringa-ā-nuku, Whiringa-ā-rangi, Hakihea';
const maoriWeekdays = 'Rātapu, Rāhina, Rātū, Rāapa, Rāpare, Rāmere, Rāhoroi';

describe('calendar names given by a site', () => {
  it('read a comma-separated list of exactly the right length, trimmed, macrons kept', () => {
    assert.deepEqual(parseNameList(maoriWeekdays, 7).names, ['Rātapu', 'Rāhina', 'Rātū', 'Rāapa', 'Rāpare', 'Rāmere', 'Rāhoroi']);
    assert.deepEqual(parseNameList('', 7), {});
    assert.deepEqual(parseNameList('   ', 7), {});
    assert.equal(parseNameList('a, b, c', 7).problem, '3 names, 7 needed');
    assert.equal(parseNameList('a,,c,d,e,f,g', 7).problem, 'an empty name');
  });

  it('read the first day of the week from 0 (Sunday) to 6 (Saturday)', () => {
    assert.deepEqual(parseFirstDayOfWeek('1'), { day: 1 });
    assert.deepEqual(parseFirstDayOfWeek(' 0 '), { day: 0 });
    assert.deepEqual(parseFirstDayOfWeek(''), {});
    assert.match(parseFirstDayOfWeek('7').problem!, /not a day/);
    assert.match(parseFirstDayOfWeek('Monday').problem!, /not a day/);
  });

  it('use the browser’s names and the picker’s first day when the site gives none', () => {
    const { names, problems } = chooseCalendarNames(english);
    assert.deepEqual(names, { ...english, firstDayOfWeek: DATE_PICKER_DEFAULTS.firstDayOfWeek });
    assert.deepEqual(problems, []);
  });

  it('use the site’s lists where given; a short list not given falls back to the site’s long one', () => {
    const { names, problems } = chooseCalendarNames(english, { monthNames: maoriMonths, weekdayNames: maoriWeekdays, firstDayOfWeek: '1' });
    assert.equal(names.months[0], 'Kohitātea');
    assert.equal(names.monthsShort[11], 'Hakihea');
    assert.equal(names.weekdays[0], 'Rātapu');
    assert.equal(names.weekdaysShort[6], 'Rāhoroi');
    assert.equal(names.firstDayOfWeek, 1);
    assert.deepEqual(problems, []);
  });

  it('keep the browser’s names for a list that is not whole, and say which key is wrong', () => {
    const { names, problems } = chooseCalendarNames(english, {
      monthNames: 'Ionawr, Chwefror',
      weekdayNamesShort: 'Sul,Llun,Maw,Mer,Iau,Gwe,Sad',
      firstDayOfWeek: '9',
    });
    assert.deepEqual(names.months, english.months);
    assert.deepEqual(names.weekdaysShort, ['Sul', 'Llun', 'Maw', 'Mer', 'Iau', 'Gwe', 'Sad']);
    assert.equal(names.firstDayOfWeek, DATE_PICKER_DEFAULTS.firstDayOfWeek);
    assert.deepEqual(problems, ['monthNames: 2 names, 12 needed', 'firstDayOfWeek: "9" is not a day from 0 (Sunday) to 6 (Saturday)']);
  });
});
