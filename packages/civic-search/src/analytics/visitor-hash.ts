import { createHmac, randomBytes } from 'node:crypto';
import { dayOf } from './periods';

/**
 * A client's address turned into a short keyed hash, to count distinct clients of a day. The key is random, made
 * when a new UTC day starts, held only in this process's memory and never written anywhere: once the day has passed
 * no one, the service included, can tell which address a hash came from or link one day's hashes to the next.
 */
export function dailyVisitorHash(now: () => number = Date.now): (address: string) => string {
  let day = -1;
  let key = Buffer.alloc(0);
  return (address) => {
    const today = dayOf(now());
    if (today !== day) {
      day = today;
      key = randomBytes(32);
    }
    return createHmac('sha256', key).update(address).digest('base64url').slice(0, 16);
  };
}
