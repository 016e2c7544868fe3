/**
 * How many clicks one client may send in a window. A visitor clicks a handful of results a minute; clicks rank the
 * suggestions every visitor sees, so one client sending many (even inside the request limit) could steer them.
 */
export interface ClickBudgetOptions {
  windowMs: number;
  limit: number;
}

export const DEFAULT_CLICK_BUDGET: ClickBudgetOptions = { windowMs: 60_000, limit: 30 };
/** Clients remembered at once; the oldest window is forgotten first, so memory stays bounded. */
const CLIENTS_MAX = 50_000;

/** Whether `client` may send one more click now (and counts it when it may). */
export type ClickBudget = (client: string, now?: number) => boolean;

export function createClickBudget({ windowMs, limit }: ClickBudgetOptions = DEFAULT_CLICK_BUDGET): ClickBudget {
  const windows = new Map<string, { started: number; count: number }>();
  return (client, now = Date.now()) => {
    let window = windows.get(client);
    if (!window || now - window.started >= windowMs) {
      windows.delete(client);
      if (windows.size >= CLIENTS_MAX) windows.delete(windows.keys().next().value!);
      window = { started: now, count: 0 };
      windows.set(client, window);
    }
    if (window.count >= limit) return false;
    window.count++;
    return true;
  };
}
