import { BlockList, isIP } from 'node:net';

/**
 * Addresses a signed-in user may not make the service read from: its own machine, its own network and the cloud's
 * metadata service. The import reads whatever address a manager types, from the server, so without this a key that
 * may write one engine could make the service ask its neighbours (or `169.254.169.254`) for their secrets.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local (AWS's metadata service is fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** An IPv6 address that carries an IPv4 one (`::ffff:10.0.0.1`, or its hex form): the IPv4 address it reaches. */
function mappedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is on this machine, its private network, link-local or the metadata service. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  if (family !== 6) return true;
  const ipv4 = mappedIpv4(address);
  return ipv4 ? INTERNAL.check(ipv4, 'ipv4') : INTERNAL.check(address, 'ipv6');
}

/**
 * The hosts the operator lets the import read from although they are internal (an old App Search on the council's
 * own network): host names, IP addresses, or address ranges as CIDR (`10.1.0.0/16`).
 */
export interface ImportAddressPolicy {
  /** Whether `host` (the address's host name or IP) may be read from, resolving to `address`. */
  allows(host: string, address: string): boolean;
}

/** A policy from the operator's list; a malformed entry throws, naming it, so a start with a typo stops. */
export function importAddressPolicy(allowedHosts: readonly string[] = []): ImportAddressPolicy {
  const names = new Set<string>();
  const allowed = new BlockList();
  for (const raw of allowedHosts) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1');
    if (!entry) continue;
    const slash = entry.indexOf('/');
    if (slash >= 0) {
      const network = entry.slice(0, slash);
      const prefix = Number(entry.slice(slash + 1));
      const family = isIP(network);
      if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
        throw new Error(`${JSON.stringify(raw)} is not an address range: write it like 10.1.0.0/16.`);
      }
      allowed.addSubnet(network, prefix, family === 4 ? 'ipv4' : 'ipv6');
    } else if (isIP(entry)) allowed.addAddress(entry, isIP(entry) === 4 ? 'ipv4' : 'ipv6');
    else if (/^[a-z0-9.-]+$/.test(entry)) names.add(entry.replace(/\.$/, ''));
    else throw new Error(`${JSON.stringify(raw)} is neither a host name, nor an IP address, nor an address range.`);
  }
  return {
    allows(host, address) {
      if (!isInternalAddress(address)) return true;
      const name = host
        .toLowerCase()
        .replace(/^\[(.*)\]$/, '$1')
        .replace(/\.$/, '');
      if (names.has(name)) return true;
      const family = isIP(address);
      return family !== 0 && allowed.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
