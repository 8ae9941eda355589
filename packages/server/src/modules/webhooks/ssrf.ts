import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless configuration allows them (issue 28 item 1, SSRF): private,
 * loopback, link-local, unique-local, multicast, carrier-grade NAT, "this network", reserved and
 * documentation ranges, IPv4 and IPv6 (IPv4-mapped IPv6 addresses are checked as IPv4).
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, 'ipv6');
}

/** Whether an IP address is one a webhook may not reach (see BLOCKED). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return BLOCKED.check(mapped[1], 'ipv4');
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hexMapped?.[1] && hexMapped[2]) {
      const hi = Number.parseInt(hexMapped[1], 16);
      const lo = Number.parseInt(hexMapped[2], 16);
      return BLOCKED.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
    }
    return BLOCKED.check(address, 'ipv6');
  }
  return true;
}

export class ForbiddenAddressError extends Error {
  constructor(readonly host: string) {
    super(`The address of ${host} is not allowed (private, loopback, link-local or multicast).`);
    this.name = 'ForbiddenAddressError';
  }
}

/** The host of a URL as an IP literal (brackets of IPv6 removed), or the name. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    );
  });
}

/**
 * Resolves a URL's host and refuses it when any of its addresses is forbidden (unless allowed); used
 * when an endpoint is registered and again for every attempt, whose socket connects to exactly the
 * address checked here (no second lookup, so DNS rebinding gains nothing).
 */
export async function resolveAllowedAddress(
  url: URL,
  allowPrivate: boolean,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostOf(url);
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await resolveAll(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!allowPrivate && addresses.some((a) => isForbiddenAddress(a.address)))
    throw new ForbiddenAddressError(host);
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
