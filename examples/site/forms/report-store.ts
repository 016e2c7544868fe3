import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { createDurableList } from '../server/json-lines-log';
import { siteServerConfig } from '../server/site-config';

export interface StoredReport {
  reference: string;
  values: ReadonlyMap<string, string>;
  receivedAt: string;
}

/**
 * Where the example keeps accepted reports, as a CMS's form module keeps its submissions until a caseworker's
 * system takes them: a file in the site's data folder, read back at start.
 */
export interface ReportStore {
  /** Resolves once the report is stored (on disk, for a store with a file); rejects when it could not be. */
  add(values: ReadonlyMap<string, string>): Promise<StoredReport>;
  /** The report behind a reference, once the reports of earlier runs are read. */
  find(reference: string): Promise<StoredReport | undefined>;
  close(): Promise<void>;
}

/**
 * Reports kept: the oldest drop out beyond it (their confirmation page then says the report is not found), so a
 * flood of posts cannot exhaust memory or disk. A council's real system would have taken them long before.
 */
export const REPORT_STORE_LIMIT = 10_000;
/** The store's file in the site's data folder. */
export const REPORT_FILE = 'reports.jsonl';

/**
 * Crockford's base32: digits and capitals without I, L, O and U, so a reference read out on the phone or
 * copied by hand is not mistaken.
 */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 8 characters: 2^40 references, so random ones meet an existing one almost never, and never run out. */
const REFERENCE_LENGTH = 8;
/** Tries before giving up on a free reference: with at most REPORT_STORE_LIMIT taken, one is nearly always enough. */
const REFERENCE_TRIES = 16;

/** The references the example hands out: HCC-, then two groups of four base32 characters (HCC-7K2M-9QXD). */
export const REFERENCE_PATTERN = /^HCC-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

export function randomReference(): string {
  let code = '';
  for (let index = 0; index < REFERENCE_LENGTH; index++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `HCC-${code.slice(0, 4)}-${code.slice(4)}`;
}

/** How a report is written to the file: the values as [name, value] pairs, in the order the form sent them. */
interface ReportLine {
  reference: string;
  values: Array<[string, string]>;
  receivedAt: string;
}

function parseLine(value: unknown): ReportLine | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { reference, values, receivedAt } = value as Record<string, unknown>;
  if (typeof reference !== 'string' || !REFERENCE_PATTERN.test(reference)) return undefined;
  if (typeof receivedAt !== 'string' || Number.isNaN(Date.parse(receivedAt))) return undefined;
  if (
    !Array.isArray(values) ||
    !values.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'))
  ) {
    return undefined;
  }
  return { reference, values: values as Array<[string, string]>, receivedAt };
}

export interface ReportStoreOptions {
  /** The JSON-lines file reports are kept in; none keeps them in memory only. */
  file?: string;
  limit?: number;
  /** Where new references come from (tests pass a fixed sequence). */
  newReference?: () => string;
  warn?: (message: string) => void;
}

export function createReportStore({
  file,
  limit = REPORT_STORE_LIMIT,
  newReference = randomReference,
  warn,
}: ReportStoreOptions = {}): ReportStore {
  const reports = new Map<string, StoredReport>();
  /** References handed out whose reports are still being written. */
  const writing = new Set<string>();
  const list = createDurableList<ReportLine>({
    name: 'reports',
    file,
    limit,
    parse: parseLine,
    onKeep: (line) => reports.set(line.reference, { reference: line.reference, values: new Map(line.values), receivedAt: line.receivedAt }),
    onDrop: (line) => reports.delete(line.reference),
    warn,
  });

  const freeReference = (): string => {
    for (let tries = 0; tries < REFERENCE_TRIES; tries++) {
      const reference = newReference();
      if (!reports.has(reference) && !writing.has(reference)) return reference;
    }
    throw new Error('reports: no free reference found');
  };

  return {
    async add(values) {
      // Read the earlier runs' reports first: a new reference must not repeat one of theirs.
      await list.ready;
      const reference = freeReference();
      const line: ReportLine = { reference, values: [...values], receivedAt: new Date().toISOString() };
      writing.add(reference);
      try {
        await list.add(line);
      } finally {
        writing.delete(reference);
      }
      return reports.get(reference) ?? { reference, values: new Map(line.values), receivedAt: line.receivedAt };
    },
    async find(reference) {
      if (!REFERENCE_PATTERN.test(reference)) return undefined;
      await list.ready;
      return reports.get(reference);
    },
    close: () => list.close(),
  };
}

/** The store in the site's data folder (SITE_DATA_DIR). */
export function reportStoreInDataFolder(dataDir = siteServerConfig().dataDir): ReportStore {
  return createReportStore({ file: join(dataDir, REPORT_FILE) });
}
