import { DAY_MS } from './periods';
import type { LogSettings } from './log-settings';
import type { AnalyticsStore } from './types';

/**
 * Deletes what is past its time: analytics older than their retention, API logs older than theirs (switching a kind
 * off stops its recording; what was kept still ages out on its own days). Returns how many records went.
 */
export async function applyRetention(store: AnalyticsStore, settings: LogSettings, now: number): Promise<number> {
  return store.deleteBefore(
    { analytics: now - settings.analytics.retentionDays * DAY_MS, apiLogs: now - settings.api.retentionDays * DAY_MS },
    now,
  );
}

/**
 * Runs `job` now and then once a day, never two at once; a failure is logged and tried again the next day.
 * `stop()` waits for a run under way.
 */
export function dailyJob(job: () => Promise<unknown>, log: (message: string) => void = console.error) {
  let running: Promise<void> = Promise.resolve();
  const run = () =>
    (running = running.then(() =>
      job().then(
        () => undefined,
        (error: Error) => log(`analytics: the daily clean-up failed (${error.message}); it runs again tomorrow`),
      ),
    ));
  void run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
