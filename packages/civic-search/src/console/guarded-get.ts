import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { ImportAddressPolicy } from './import-address';

/** The address a user gave resolves to one the service may not read from. */
export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} is at ${address}, which is internal`);
  }
}

/** The answer's body is larger than the caller will read. */
export class AnswerTooLargeError extends Error {
  override name = 'AnswerTooLargeError';
}

export interface GuardedAnswer {
  status: number;
  body: string;
}

export interface GuardedGetOptions {
  policy: ImportAddressPolicy;
  headers: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
}

/**
 * A GET of an address a user typed, checked where it cannot be dodged: every address the host name resolves to is
 * checked against the policy by the lookup the connection itself uses, so a name that resolves to a public address
 * when checked and an internal one when connecting (DNS rebinding) is refused too. A literal IP is checked before
 * connecting. Redirects are never followed: a 3xx is answered as it is. The whole request, body included, has
 * `timeoutMs`, and a body over `maxBytes` is dropped.
 */
export function guardedGet(url: URL, options: GuardedGetOptions): Promise<GuardedAnswer> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && !options.policy.allows(host, host)) return Promise.reject(new RefusedAddressError(host, host));
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find(({ address }) => !options.policy.allows(hostname, address));
      if (refused) return callback(new RefusedAddressError(hostname, refused.address) as NodeJS.ErrnoException, '', 0);
      if (lookupOptions.all) return (callback as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { headers: options.headers, lookup, agent: false, signal: AbortSignal.timeout(options.timeoutMs) },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= options.maxBytes) return void chunks.push(chunk);
          reject(new AnswerTooLargeError(`the answer is over ${options.maxBytes} bytes`));
          request.destroy();
        });
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
  });
}
