import { HARBOURTON_STREETS } from './report-a-problem';
import type { FieldError, FormValues } from './validate-form';

const ABBREVIATIONS: Record<string, string> = {
  st: 'street',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  cres: 'crescent',
  tce: 'terrace',
  pde: 'parade',
  ln: 'lane',
};

/** "wharf st." reads as "wharf street". */
function normaliseStreet(name: string): string {
  return name
    .toLowerCase()
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

const known = new Set(HARBOURTON_STREETS.map(normaliseStreet));

/** A check only the server can make: the council looks after its own streets. */
export function checkStreet(values: FormValues): FieldError[] {
  const street = values.get('street')?.[0]?.trim() ?? '';
  if (street === '' || known.has(normaliseStreet(street))) return [];
  return [
    { field: 'street', message: `We cannot find ${street.slice(0, 100)} in Harbourton. Enter a Harbourton street, like Wharf Street` },
  ];
}
