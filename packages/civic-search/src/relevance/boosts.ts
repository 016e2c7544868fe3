import type { EngineSchema, FieldType } from '../engines/engine-schema';

/**
 * App Search's boosts: they change a document's score from one of its field values. Each boost adds its amount to
 * the score (`add`, the default) or multiplies the score by it (`multiply`); a document's score is its text score
 * times every multiplying amount, plus every adding amount. A boost whose field the document lacks leaves it alone.
 */
export type BoostOperation = 'add' | 'multiply';

export interface ValueBoost {
  type: 'value';
  /** The value (or values) that earn the boost, compared exactly. */
  value: string | number | (string | number)[];
  operation?: BoostOperation;
  factor?: number;
}

export interface FunctionalBoost {
  type: 'functional';
  function: 'linear' | 'exponential' | 'logarithmic';
  operation?: BoostOperation;
  factor?: number;
}

export interface ProximityBoost {
  type: 'proximity';
  function: 'linear' | 'exponential' | 'gaussian';
  /** A number, a date (or `now`, for recency) or a geolocation `"lat, lon"`, as the field's type is. */
  center: string | number;
  factor?: number;
}

export type Boost = ValueBoost | FunctionalBoost | ProximityBoost;
export type Boosts = Record<string, Boost | Boost[]>;

/** App Search's range for a factor. */
export const FACTOR_MIN = 0;
export const FACTOR_MAX = 10;
/** Boosts one field may have. */
export const BOOSTS_PER_FIELD_MAX = 10;

/**
 * How far from a proximity boost's centre its amount halves. App Search takes no distance in the request, so the
 * scale is fixed per type: a number 10 units away, a date 180 days away (recent pages first, last year's at half),
 * a place 10 km away.
 */
export const PROXIMITY_HALF_DISTANCE = Object.freeze({ number: 10, date: 180 * 86_400_000, geolocation: 10 });

/** The boost types each field type takes, as App Search's reference lists them. */
const TYPES_BY_FIELD: Readonly<Record<FieldType, readonly Boost['type'][]>> = {
  text: ['value'],
  number: ['value', 'functional', 'proximity'],
  date: ['value', 'proximity'],
  geolocation: ['proximity'],
};
const FUNCTIONS = { functional: ['linear', 'exponential', 'logarithmic'], proximity: ['linear', 'exponential', 'gaussian'] };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why `boosts` cannot be used with an engine of this schema, one message per problem, naming the boost (`where`). */
export function boostsProblems(boosts: unknown, schema: EngineSchema, where = 'boosts'): string[] {
  if (!isObject(boosts)) return [`${where} must be an object of field names and boosts`];
  const problems: string[] = [];
  for (const [field, value] of Object.entries(boosts)) {
    const type = schema[field];
    if (!type) {
      problems.push(`${where}.${field} is not a field of the documents`);
      continue;
    }
    const list = Array.isArray(value) ? value : [value];
    if (list.length === 0 || list.length > BOOSTS_PER_FIELD_MAX) {
      problems.push(`${where}.${field} must list 1 to ${BOOSTS_PER_FIELD_MAX} boosts`);
      continue;
    }
    list.forEach((boost, i) => {
      const at = Array.isArray(value) ? `${where}.${field}[${i}]` : `${where}.${field}`;
      problems.push(...boostProblems(boost, type, at));
    });
  }
  return problems;
}

function boostProblems(boost: unknown, fieldType: FieldType, at: string): string[] {
  if (!isObject(boost)) return [`${at} must be an object like {"type": "value", "value": "..."}`];
  const allowed = TYPES_BY_FIELD[fieldType];
  const type = boost.type as Boost['type'];
  if (!allowed.includes(type)) return [`${at}.type must be ${allowed.map((name) => `"${name}"`).join(' or ')} for a ${fieldType} field`];
  const keys = {
    value: ['type', 'value', 'operation', 'factor'],
    functional: ['type', 'function', 'operation', 'factor'],
    proximity: ['type', 'function', 'center', 'factor'],
  }[type];
  const problems = Object.keys(boost)
    .filter((key) => !keys.includes(key))
    .map((key) => `${at}.${key} is not an option of a ${type} boost`);
  const { factor, operation } = boost;
  if (factor !== undefined && (typeof factor !== 'number' || !(factor >= FACTOR_MIN && factor <= FACTOR_MAX))) {
    problems.push(`${at}.factor must be a number from ${FACTOR_MIN} to ${FACTOR_MAX}`);
  }
  if (operation !== undefined && operation !== 'add' && operation !== 'multiply')
    problems.push(`${at}.operation must be "add" or "multiply"`);
  if (type === 'value') {
    const values = Array.isArray(boost.value) ? boost.value : [boost.value];
    if (
      values.length === 0 ||
      !values.every((value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
    ) {
      problems.push(`${at}.value must be a value or a list of values`);
    }
  } else {
    const functions = FUNCTIONS[type];
    if (!functions.includes(boost.function as string)) problems.push(`${at}.function must be one of ${functions.join(', ')}`);
  }
  if (type === 'proximity' && centerOf(boost.center, fieldType) === undefined) {
    const expected = { number: 'a number', date: 'an ISO date or "now"', geolocation: 'a location like "-41.29, 174.78"', text: '' }[
      fieldType
    ];
    problems.push(`${at}.center must be ${expected}`);
  }
  return problems;
}

/** A proximity centre as a number (dates in ms) or a [lat, lon] pair; undefined when it does not fit the field. */
export function centerOf(center: unknown, fieldType: FieldType, now = Date.now()): number | [number, number] | undefined {
  if (fieldType === 'number') return typeof center === 'number' && Number.isFinite(center) ? center : undefined;
  if (fieldType === 'date') {
    if (center === 'now') return now;
    return typeof center === 'string' ? dateValue(center) : undefined;
  }
  if (fieldType === 'geolocation') return geoValue(center);
  return undefined;
}

export function dateValue(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isFinite(time) ? time : undefined;
}

/** A geolocation as App Search stores it (`"lat, lon"`) or as a pair; undefined when it is not one. */
export function geoValue(value: unknown): [number, number] | undefined {
  const parts =
    typeof value === 'string' ? value.split(',').map((part) => Number(part.trim())) : Array.isArray(value) ? value.map(Number) : [];
  if (parts.length !== 2 || !parts.every(Number.isFinite)) return undefined;
  const [lat, lon] = parts;
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? [lat, lon] : undefined;
}

/** Great-circle distance in km. */
function kilometres([lat1, lon1]: [number, number], [lat2, lon2]: [number, number]): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The amount one boost gives a document whose field holds `value`, or undefined when it gives none (no value, or a
 * value boost that does not match). `now` is the time recency is measured from.
 */
export function boostAmount(boost: Boost, fieldType: FieldType, value: unknown, now: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  const factor = boost.factor ?? 1;
  if (boost.type === 'value') {
    const wanted = Array.isArray(boost.value) ? boost.value : [boost.value];
    const held = Array.isArray(value) ? value : [value];
    return held.some((one) => wanted.some((want) => String(want) === String(one))) ? factor : undefined;
  }
  if (boost.type === 'functional') {
    const number = typeof value === 'number' ? value : Number.NaN;
    if (!Number.isFinite(number)) return undefined;
    if (boost.function === 'linear') return factor * number;
    if (boost.function === 'logarithmic') return factor * Math.log1p(Math.max(0, number));
    // e^700 is still finite: a larger value cannot turn every score into Infinity.
    return factor * Math.exp(Math.min(number, 700));
  }
  const center = centerOf(boost.center, fieldType, now);
  let distance: number | undefined;
  if (fieldType === 'geolocation') {
    const place = geoValue(value);
    if (place && Array.isArray(center)) distance = kilometres(place, center);
  } else {
    const position = fieldType === 'date' ? dateValue(value) : typeof value === 'number' ? value : undefined;
    if (position !== undefined && typeof center === 'number') distance = Math.abs(position - center);
  }
  if (distance === undefined) return undefined;
  const ratio = distance / PROXIMITY_HALF_DISTANCE[fieldType as 'number' | 'date' | 'geolocation'];
  const closeness =
    boost.function === 'gaussian'
      ? Math.pow(0.5, ratio * ratio)
      : boost.function === 'exponential'
        ? Math.pow(0.5, ratio)
        : Math.max(0, 1 - ratio / 2);
  return factor * closeness;
}

/** One field's boosts, ready to apply: its type and its boosts as a list. */
export interface FieldBoosts {
  field: string;
  type: FieldType;
  boosts: readonly Boost[];
}

export function fieldBoostsOf(boosts: Boosts, schema: EngineSchema): FieldBoosts[] {
  return Object.entries(boosts)
    .filter(([field]) => schema[field] !== undefined)
    .map(([field, list]) => ({ field, type: schema[field], boosts: Array.isArray(list) ? list : [list] }));
}

/** What one field's boosts do to a document holding `value`: the factor they multiply by and the amount they add. */
export function fieldEffect(field: FieldBoosts, value: unknown, now: number): { product: number; sum: number } {
  let product = 1;
  let sum = 0;
  for (const boost of field.boosts) {
    const amount = boostAmount(boost, field.type, value, now);
    if (amount === undefined) continue;
    if (boost.type !== 'proximity' && boost.operation === 'multiply') product *= amount;
    else sum += amount;
  }
  return { product, sum };
}

/**
 * A boosted score: `score` times the multiplying amounts, plus the adding ones. `valueOf` reads the document's
 * value of a field. A value boost counts once per boost, however many of the document's values match.
 */
export function boostedScore(score: number, boosts: readonly FieldBoosts[], valueOf: (field: string) => unknown, now: number): number {
  let product = 1;
  let sum = 0;
  for (const field of boosts) {
    const effect = fieldEffect(field, valueOf(field.field), now);
    product *= effect.product;
    sum += effect.sum;
  }
  return score * product + sum;
}
