/**
 * The store cannot be reached (a cluster down or refusing): a report cannot be answered now, and says so (503)
 * rather than answering empty figures as if nobody had searched.
 */
export class AnalyticsStoreUnavailableError extends Error {
  constructor(reason: string) {
    super(`Analytics are unavailable right now: ${reason}`);
    this.name = 'AnalyticsStoreUnavailableError';
  }
}
