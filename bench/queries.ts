/**
 * What people type into the search box, for the search benchmarks. The two benches do not use the same lists, and
 * each picks its n-th call as `list[n % list.length]`, so their figures stay comparable with earlier runs only if
 * each list keeps its words, its order and its length. The words they share are written once, below.
 */

/** Typed searches, two with typos, in both benches' lists. */
const TYPED = [
  'building consent',
  'rates relief',
  'dog registration',
  'collection day',
  'parking permit',
  'swimming lessons',
  'water restrictions',
  'resource consent hearing',
  'bilding consent',
  'recyling',
  'library card',
] as const;
const TYPED_LATER = ['community grants', 'pothole', 'annual plan submissions'] as const;

/** bench/search-engines.ts: the faceted search of each engine candidate (16 searches, none blank). */
export const ENGINE_BENCH_QUERIES: readonly string[] = [...TYPED, 'flood maps', ...TYPED_LATER, 'tsunami evacuation'];

/** bench/search-engines.ts: what a suggestion is asked for (two or three letters). */
export const ENGINE_BENCH_PREFIXES: readonly string[] = ['bu', 'rat', 'do', 'par', 'wa', 'lib', 'fl', 'co', 'rec', 'sw', 'pl', 'tr'];

/** bench/search-proxy.ts: the searches sent through the proxy, and a blank one (the search page opened without words). */
export const PROXY_BENCH_QUERIES: readonly string[] = [...TYPED, ...TYPED_LATER, ''];

/** bench/search-proxy.ts: what a suggestion is asked for, one letter to four, as someone types. */
export const PROXY_BENCH_PREFIXES: readonly string[] = [
  'b',
  'bu',
  'buil',
  'ra',
  'rat',
  'dog',
  'par',
  'pa',
  'lib',
  'wat',
  'rec',
  'sw',
  'co',
  'pot',
  'ann',
];
