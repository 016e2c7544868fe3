import { dayOf } from './periods';

export interface ClientCaps {
  /** Searches and suggestions one client may have recorded in a day. */
  maxEventsPerDay: number;
  /** Distinct terms one client may add in a day; a script typing junk stops counting after these. */
  maxTermsPerDay: number;
  /** Clients tracked in a day; past this many, new clients share one allowance (a botnet gets no more room). */
  maxClientsPerDay: number;
}

export const DEFAULT_CLIENT_CAPS: ClientCaps = { maxEventsPerDay: 1000, maxTermsPerDay: 100, maxClientsPerDay: 100_000 };

const SHARED = '\u0000shared';

/** Decides whether one more event of a client fits its allowance for the day (the allowances are forgotten at midnight UTC). */
export function clientAllowance(caps: ClientCaps) {
  let day = -1;
  let clients = new Map<string, { events: number; terms: Set<string> }>();
  return (client: string, term: string, at: number): boolean => {
    const today = dayOf(at);
    if (today !== day) {
      day = today;
      clients = new Map();
    }
    let entry = clients.get(client);
    if (!entry) {
      if (clients.size >= caps.maxClientsPerDay) entry = clients.get(SHARED);
      if (!entry) clients.set(clients.size >= caps.maxClientsPerDay ? SHARED : client, (entry = { events: 0, terms: new Set() }));
    }
    if (entry.events >= caps.maxEventsPerDay) return false;
    if (!entry.terms.has(term)) {
      if (entry.terms.size >= caps.maxTermsPerDay) return false;
      entry.terms.add(term);
    }
    entry.events += 1;
    return true;
  };
}

/** The defaults with the operator's changes, checked. */
export function clientAllowanceDefaults(given: Partial<ClientCaps> = {}): ClientCaps {
  const caps = { ...DEFAULT_CLIENT_CAPS, ...given };
  for (const [name, value] of Object.entries(caps)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`analytics: clientCaps.${name} must be a whole number of at least 1.`);
  }
  return caps;
}
