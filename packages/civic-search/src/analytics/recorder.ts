import type { LogSettings } from './log-settings';
import type { Redactor } from './redaction';
import { clientAllowance, type ClientCaps } from './client-caps';
import type { AnalyticsStore, ApiLogEvent, ClickEvent, SearchEvent } from './types';

/** A search, suggestion or click as the proxy saw it: the term as typed, not yet redacted, and the client's hash. */
export type PendingSearch = Omit<SearchEvent, 'redacted'>;
export type PendingClick = Omit<ClickEvent, 'redacted'>;

export interface RecorderOptions {
  store: AnalyticsStore;
  redact: Redactor;
  caps: ClientCaps;
  /** Read at each write: what is switched off is not written. */
  settings: () => Promise<LogSettings>;
  /** Events waiting to be written; past this, new ones are dropped (and counted) until a write catches up. */
  maxQueued?: number;
  /** How long an event may wait to be written with others. */
  flushMs?: number;
  log?: (message: string) => void;
}

export interface RecorderCounters {
  recorded: number;
  /** Not written: the queue was full, the store failed, or a client was past its allowance. */
  dropped: number;
  /** Of the dropped: past a client's allowance for the day. */
  overAllowance: number;
}

/**
 * Takes events on the request path (a push onto a queue, nothing else) and writes them in batches a moment later.
 * Terms are redacted before the batch reaches the store. A full queue or a failing store drops events, counts them
 * and says so in the log (once a minute at most); a visitor never sees an error from it.
 */
export function createRecorder(options: RecorderOptions) {
  const { store, redact, maxQueued = 10_000, flushMs = 250, log = console.error } = options;
  const allowed = clientAllowance(options.caps);
  let searches: PendingSearch[] = [];
  let clicks: PendingClick[] = [];
  let apiCalls: ApiLogEvent[] = [];
  const counters: RecorderCounters = { recorded: 0, dropped: 0, overAllowance: 0 };
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let lastWarning = -Infinity;

  const warn = (message: string) => {
    if (performance.now() - lastWarning < 60_000) return;
    lastWarning = performance.now();
    log(`analytics: ${message} (${counters.dropped} events dropped since start)`);
  };
  const queued = () => searches.length + clicks.length + apiCalls.length;
  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      void flush();
    }, flushMs);
    timer.unref?.();
  };
  const push = <T>(list: T[], event: T) => {
    if (queued() >= maxQueued) {
      counters.dropped += 1;
      warn('events arrive faster than they can be written; some were dropped');
      return;
    }
    list.push(event);
    schedule();
  };

  const writeBatch = async () => {
    const batch = { searches, clicks, apiCalls };
    searches = [];
    clicks = [];
    apiCalls = [];
    if (batch.searches.length + batch.clicks.length + batch.apiCalls.length === 0) return;
    let settings: LogSettings;
    try {
      settings = await options.settings();
    } catch (error) {
      counters.dropped += batch.searches.length + batch.clicks.length + batch.apiCalls.length;
      warn(`the log settings could not be read (${(error as Error).message})`);
      return;
    }
    if (!settings.analytics.enabled) batch.searches = batch.clicks = [];
    if (!settings.api.enabled) batch.apiCalls = [];
    const kept = {
      searches: [] as SearchEvent[],
      clicks: [] as ClickEvent[],
      apiCalls: batch.apiCalls,
    };
    for (const event of batch.searches) {
      const { term, redacted } = redact(event.query);
      if (!allowed(event.client, term, event.at)) counters.overAllowance += 1;
      else kept.searches.push({ ...event, query: term, redacted, tags: redactTags(redact, event.tags) });
    }
    for (const event of batch.clicks) {
      const { term, redacted } = redact(event.query);
      if (!allowed(event.client, term, event.at)) counters.overAllowance += 1;
      else kept.clicks.push({ ...event, query: term, redacted, tags: redactTags(redact, event.tags) });
    }
    const overAllowance = batch.searches.length + batch.clicks.length - kept.searches.length - kept.clicks.length;
    counters.dropped += overAllowance;
    try {
      const { dropped } = await store.record(kept);
      counters.dropped += dropped;
      counters.recorded += kept.searches.length + kept.clicks.length + kept.apiCalls.length - dropped;
    } catch (error) {
      counters.dropped += kept.searches.length + kept.clicks.length + kept.apiCalls.length;
      warn(`the analytics store failed to write (${(error as Error).message})`);
    }
  };

  /** Writes everything queued so far; resolves when it is in the store. */
  const flush = () => (writing = writing.then(writeBatch, writeBatch));

  return {
    search: (event: PendingSearch) => push(searches, event),
    click: (event: PendingClick) => push(clicks, event),
    apiCall: (event: ApiLogEvent) => push(apiCalls, event),
    flush,
    counters: (): Readonly<RecorderCounters> => ({ ...counters }),
    async close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}

export type Recorder = ReturnType<typeof createRecorder>;

/** Tags come from the page, but a page can put anything in them: they are redacted like terms. */
function redactTags(redact: Redactor, tags: readonly string[]): string[] {
  return tags.map((tag) => {
    const result = redact(tag);
    return result.redacted ? result.term : tag;
  });
}
