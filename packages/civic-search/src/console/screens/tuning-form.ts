import type { Boost, Boosts, SearchSettings } from '../../relevance';

/** A boost as its form row holds it: every field as typed, so a row with a problem comes back as it was. */
export interface BoostRow {
  field: string;
  type: string;
  value: string;
  function: string;
  center: string;
  operation: string;
  factor: string;
}

/** The tuning form as typed: a weight per text field (empty: not searched), the boosts, the queries to preview. */
export interface TuningForm {
  weights: Record<string, string>;
  boosts: BoostRow[];
  queries: string;
}

/** Queries previewed side by side at most: enough to judge a change, few enough to read. */
export const PREVIEW_QUERIES_MAX = 5;

const EMPTY_ROW: BoostRow = { field: '', type: 'value', value: '', function: '', center: '', operation: '', factor: '' };

/** The form showing saved settings: each searched field's weight, each boost a row, and one empty row to add one. */
export function formFromSettings(settings: SearchSettings, textFields: readonly string[], queries: readonly string[]): TuningForm {
  const weights = Object.fromEntries(
    textFields.map((field) => [field, settings.search_fields[field] ? String(settings.search_fields[field]!.weight ?? 1) : '']),
  );
  const boosts: BoostRow[] = Object.entries(settings.boosts).flatMap(([field, list]) =>
    (Array.isArray(list) ? list : [list]).map((boost) => ({
      field,
      type: boost.type,
      value: boost.type === 'value' ? (Array.isArray(boost.value) ? boost.value : [boost.value]).join(', ') : '',
      function: boost.type === 'value' ? '' : boost.function,
      center: boost.type === 'proximity' ? String(boost.center) : '',
      operation: boost.type === 'proximity' ? '' : (boost.operation ?? ''),
      factor: boost.factor === undefined ? '' : String(boost.factor),
    })),
  );
  return { weights, boosts, queries: queries.join('\n') };
}

/** The rows a form shows: the boosts, then an empty one to add a boost with. */
export const rowsToShow = (form: TuningForm) => [...form.boosts, { ...EMPTY_ROW }];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The form as posted (fields `weight.<field>`, `boost.<n>.<part>`, `queries`). A row without a field, or marked to
 * remove, is left out.
 */
export function formFromBody(body: Record<string, unknown>, textFields: readonly string[]): TuningForm {
  const weights = Object.fromEntries(textFields.map((field) => [field, text(body[`weight.${field}`])]));
  const boosts: BoostRow[] = [];
  for (let index = 0; index < 64 && body[`boost.${index}.field`] !== undefined; index++) {
    const part = (name: keyof BoostRow) => text(body[`boost.${index}.${name}`]);
    if (part('field') === '' || body[`boost.${index}.remove`] !== undefined) continue;
    boosts.push({
      field: part('field'),
      type: part('type'),
      value: part('value'),
      function: part('function'),
      center: part('center'),
      operation: part('operation'),
      factor: part('factor'),
    });
  }
  return { weights, boosts, queries: typeof body.queries === 'string' ? body.queries : '' };
}

/** A number as typed, or the text itself when it is none (so the API names the problem rather than this losing it). */
const numberOr = (typed: string): number | string => (typed !== '' && Number.isFinite(Number(typed)) ? Number(typed) : typed);

/**
 * The search settings the form describes, over the saved ones (result fields are not on this form and stay as saved).
 * Values are passed on as typed: the search settings API checks them and its errors are shown.
 */
export function settingsFromForm(form: TuningForm, saved: SearchSettings, fieldTypes: Readonly<Record<string, string>>): SearchSettings {
  const search_fields = Object.fromEntries(
    Object.entries(form.weights)
      .filter(([, weight]) => weight !== '')
      .map(([field, weight]) => [field, { weight: numberOr(weight) as number }]),
  );
  const boosts: Boosts = {};
  for (const row of form.boosts) {
    const numeric = fieldTypes[row.field] === 'number';
    const factor = row.factor === '' ? {} : { factor: numberOr(row.factor) as number };
    const operation = row.operation === '' ? {} : { operation: row.operation as 'add' | 'multiply' };
    let boost: Boost;
    if (row.type === 'functional') boost = { type: 'functional', function: row.function as 'linear', ...operation, ...factor };
    else if (row.type === 'proximity')
      boost = { type: 'proximity', function: row.function as 'linear', center: numeric ? numberOr(row.center) : row.center, ...factor };
    else {
      const values = row.value
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean)
        .map((value) => (numeric ? numberOr(value) : value));
      boost = { type: (row.type || 'value') as 'value', value: values.length === 1 ? values[0]! : values, ...operation, ...factor };
    }
    const held = boosts[row.field];
    boosts[row.field] = held === undefined ? [boost] : [...(Array.isArray(held) ? held : [held]), boost];
  }
  return { search_fields, result_fields: saved.result_fields, boosts };
}

/** The queries to preview, one a line, blank lines dropped, at most PREVIEW_QUERIES_MAX. */
export const previewQueries = (form: TuningForm) =>
  [
    ...new Set(
      form.queries
        .split(/\r?\n/)
        .map((query) => query.trim())
        .filter(Boolean),
    ),
  ].slice(0, PREVIEW_QUERIES_MAX);
