import { useEffect, useMemo } from 'react';
import { DEFAULT_INPUT_FORMATS, parseIsoDate, type DateRules } from '../../core/dates';

/**
 * The date fields' rules from an element's attributes: `date-min` and `date-max` as yyyy-mm-dd, and
 * `date-formats`, a JSON list of the formats accepted besides dd/mm/yyyy (default ["Y-m-d"]).
 * A value that cannot be used is reported once and left out.
 */
export function useDateRules(
  dateMin: string | undefined,
  dateMax: string | undefined,
  dateFormats: unknown,
  elementName: string,
): DateRules {
  const min = dateMin ? parseIsoDate(dateMin) : undefined;
  const max = dateMax ? parseIsoDate(dateMax) : undefined;
  const formatsOk = Array.isArray(dateFormats) && dateFormats.every((format) => typeof format === 'string');
  const formatsKey = formatsOk ? JSON.stringify(dateFormats) : '';

  useEffect(() => {
    if (dateMin && !min) console.warn(`<${elementName}> date-min: "${dateMin}" is not a yyyy-mm-dd date; there is no minimum.`);
    if (dateMax && !max) console.warn(`<${elementName}> date-max: "${dateMax}" is not a yyyy-mm-dd date; there is no maximum.`);
    if (dateFormats !== undefined && !formatsOk)
      console.warn(`<${elementName}> date-formats: expected a JSON list of formats such as ["Y-m-d"]; using the default.`);
  }, [dateMin, dateMax, min, max, dateFormats, formatsOk, elementName]);

  const minKey = min ? `${min.year}-${min.month}-${min.day}` : '';
  const maxKey = max ? `${max.year}-${max.month}-${max.day}` : '';
  return useMemo(
    () => ({ min, max, formats: formatsKey ? (JSON.parse(formatsKey) as string[]) : DEFAULT_INPUT_FORMATS }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys stand for the values
    [minKey, maxKey, formatsKey],
  );
}
