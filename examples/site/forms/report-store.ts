import { randomInt } from 'node:crypto';

export interface StoredReport {
  reference: string;
  values: ReadonlyMap<string, string>;
  receivedAt: string;
}

/** Where the example keeps accepted reports: memory, as a CMS's form module would keep its submissions. */
export interface ReportStore {
  add(values: ReadonlyMap<string, string>): StoredReport;
  find(reference: string): StoredReport | undefined;
}

/** The references the example hands out: HCC- and six digits. */
export const REFERENCE_PATTERN = /^HCC-\d{6}$/;

export function createReportStore(): ReportStore {
  const reports = new Map<string, StoredReport>();
  return {
    add(values) {
      let reference: string;
      do reference = `HCC-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
      while (reports.has(reference));
      const report = { reference, values: new Map(values), receivedAt: new Date().toISOString() };
      reports.set(reference, report);
      return report;
    },
    find(reference) {
      return REFERENCE_PATTERN.test(reference) ? reports.get(reference) : undefined;
    },
  };
}
