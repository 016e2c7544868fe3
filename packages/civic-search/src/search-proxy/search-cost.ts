import type { ApiFacetRequest, ApiSearchRequest, ApiSearchResponse } from 'civic-elements/core';

/**
 * What a call costs the service, in units of the cost budget. One unit is a kibibyte of answer (the main thread
 * turns every byte into JSON, scans it for secrets and sends it) or ten milliseconds of backend time; every call
 * costs one unit more for being a call at all. A visitor's search of 20 results costs about 20 units, a suggestion
 * about 1, the largest answer the proxy sends (1 MiB) about 1,000.
 */
export const BYTES_PER_UNIT = 1024;
export const MS_PER_UNIT = 10;

/** The units of a call that took `ms` of backend time and answered `bytes`. */
export function actualUnits({ ms, bytes }: { ms: number; bytes: number }): number {
  return 1 + Math.max(bytes, 0) / BYTES_PER_UNIT + Math.max(ms, 0) / MS_PER_UNIT;
}

/** The units of an answer of about `bytes`, before it runs (its time is unknown; bytes dominate a costly one). */
export function estimatedUnits(bytes: number): number {
  return 1 + bytes / BYTES_PER_UNIT;
}

/** App Search's defaults when a request leaves them out. */
const DEFAULT_PAGE_SIZE = 10;
const DEFAULT_SNIPPET_SIZE = 100;
const DEFAULT_FACET_SIZE = 10;
/** A field not seen yet is taken to be as long as the longest raw value a request may cut it to. */
const UNSEEN_FIELD_BYTES = 1000;
/** A result whose fields are unknown (no result_fields, engine not seen yet). */
const UNSEEN_RESULT_BYTES = 2048;
/** `{"_meta":{"id":"...","engine":"...","score":1.234}}` and the comma between results. */
const RESULT_META_BYTES = 80;
/** The answer's meta, and each facet's wrapping. */
const ANSWER_META_BYTES = 400;
const FACET_BYTES = 40;
/** A value facet's entry not seen yet: `{"value":"...","count":12}` with a short value. */
const VALUE_ENTRY_BYTES = 60;
const RANGE_ENTRY_BYTES = 70;
/** Results looked at when learning field sizes from an answer: enough for an average, cheap on a large answer. */
const SAMPLE_RESULTS = 20;
/** How much a new answer moves the averages. */
const LEARNING_RATE = 0.2;

interface FieldSize {
  raw?: number;
  snippet?: number;
}

interface EngineSizes {
  fields: Map<string, FieldSize>;
  /** The most results a search of this engine was seen to match: no page holds more. */
  mostResults: number;
  /** Each field's value facets: the most values one was seen to return, and their average length. */
  facetValues: Map<string, { most: number; bytes: number }>;
}

export interface AnswerEstimate {
  bytes: number;
  /** Of which facets: when they weigh more than the results, a refusal says to ask for fewer facet values first. */
  facetBytes: number;
  /** Every part of the estimate comes from answers seen (not from the sizes asked for): good enough to refuse on. */
  learned: boolean;
}

const jsonLength = (value: unknown) => (typeof value === 'string' ? value.length + 2 : (JSON.stringify(value)?.length ?? 4));
const average = (previous: number | undefined, seen: number) => (previous === undefined ? seen : previous + (seen - previous) * LEARNING_RATE);

/**
 * What answers of each engine weigh, learned from the answers sent: each field's average raw and snippet length,
 * the most results a search matched and the most values a facet gave. It estimates an answer's size from a request
 * before it runs: a page of 1,000 results asks for little on an engine of 50 short documents and for megabytes on
 * one of long pages. Memory: one entry per engine and field served.
 */
export class AnswerSizes {
  readonly #engines = new Map<string, EngineSizes>();

  #sizes(engine: string): EngineSizes {
    let sizes = this.#engines.get(engine);
    if (!sizes) this.#engines.set(engine, (sizes = { fields: new Map(), mostResults: 0, facetValues: new Map() }));
    return sizes;
  }

  /** Learns from an answer (a few of its results, its total and its facets: cheap whatever its size). */
  learn(engine: string, answer: ApiSearchResponse): void {
    const sizes = this.#sizes(engine);
    sizes.mostResults = Math.max(sizes.mostResults, answer.meta.page.total_results);
    const step = Math.max(1, Math.floor(answer.results.length / SAMPLE_RESULTS));
    for (let index = 0; index < answer.results.length; index += step) {
      const { _meta, ...fields } = answer.results[index];
      for (const [name, value] of Object.entries(fields) as Array<[string, { raw?: unknown; snippet?: string | null }]>) {
        const field = sizes.fields.get(name) ?? {};
        if (value.raw !== undefined) field.raw = average(field.raw, jsonLength(value.raw));
        if (typeof value.snippet === 'string') field.snippet = average(field.snippet, jsonLength(value.snippet));
        sizes.fields.set(name, field);
      }
    }
    for (const [name, facets] of Object.entries(answer.facets ?? {})) {
      for (const facet of facets) {
        if (facet.type !== 'value' || facet.data.length === 0) continue;
        // A value facet of a text field lists whole texts (a page's body): its values can weigh more than results.
        const seen = sizes.facetValues.get(name);
        const every = Math.max(1, Math.floor(facet.data.length / SAMPLE_RESULTS));
        for (let index = 0; index < facet.data.length; index += every) {
          const bytes = jsonLength(facet.data[index]);
          sizes.facetValues.set(name, {
            most: Math.max(seen?.most ?? 0, facet.data.length),
            bytes: average(sizes.facetValues.get(name)?.bytes, bytes),
          });
        }
      }
    }
  }

  /** The answer's likely size in bytes. `pageSize` is the results asked of the backend (the request's by default). */
  estimate(engine: string, request: ApiSearchRequest, pageSize = request.page?.size ?? DEFAULT_PAGE_SIZE): AnswerEstimate {
    const sizes = this.#engines.get(engine);
    let learned = sizes !== undefined;
    const results = sizes ? Math.min(pageSize, sizes.mostResults) : pageSize;

    let perResult = RESULT_META_BYTES;
    if (request.result_fields) {
      for (const [name, asked] of Object.entries(request.result_fields)) {
        const seen = sizes?.fields.get(name);
        perResult += name.length + 6;
        if (asked.raw) {
          const cut = asked.raw.size !== undefined ? asked.raw.size + 2 : Infinity;
          if (seen?.raw === undefined) learned = false;
          perResult += 7 + Math.min(seen?.raw ?? UNSEEN_FIELD_BYTES, cut);
        }
        if (asked.snippet) {
          // A snippet is cut to its size in characters, plus the <em> markup around matches.
          const cut = (asked.snippet.size ?? DEFAULT_SNIPPET_SIZE) * 1.2 + 2;
          if (seen?.snippet === undefined) learned = false;
          perResult += 11 + Math.min(seen?.snippet ?? cut, cut);
        }
      }
    } else if (sizes && sizes.fields.size > 0) {
      for (const [name, seen] of sizes.fields) perResult += name.length + 13 + (seen.raw ?? 0);
    } else {
      learned = false;
      perResult += UNSEEN_RESULT_BYTES;
    }

    let facetBytes = 0;
    for (const [name, asked] of Object.entries(request.facets ?? {})) {
      for (const facet of ([] as ApiFacetRequest[]).concat(asked)) {
        if (facet.type === 'range') {
          facetBytes += FACET_BYTES + facet.ranges.length * RANGE_ENTRY_BYTES;
        } else {
          const seen = sizes?.facetValues.get(name);
          if (seen === undefined) learned = false;
          facetBytes += FACET_BYTES + Math.min(facet.size ?? DEFAULT_FACET_SIZE, seen?.most ?? Infinity) * (seen?.bytes ?? VALUE_ENTRY_BYTES);
        }
      }
    }
    return { bytes: Math.round(ANSWER_META_BYTES + results * perResult + facetBytes), facetBytes: Math.round(facetBytes), learned };
  }
}

/** A suggestion answer is a handful of short phrases. */
export function estimatedSuggestionBytes(size: number): number {
  return 100 + size * 40;
}
