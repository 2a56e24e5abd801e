// Which network addresses the scraper may reach: public unicast only. Loopback, private, link-local (cloud
// metadata at 169.254.169.254 included), carrier-grade NAT, documentation, multicast and reserved ranges are
// refused, for IPv4, IPv6 and IPv4 embedded in IPv6; `host:port` entries of an allow list are let through.
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-translated (SIIT, ::ffff:0:a.b.c.d): never a public destination, whatever IPv4 address it carries.
  ['::ffff:0:0:0', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two hextets.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  if (text.includes('::') ? missing < 0 : missing !== 0) return undefined;
  return [...headParts, ...Array<string>(text.includes('::') ? missing : 0).fill('0'), ...tailParts].map((part) => parseInt(part, 16));
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64 or 6to4), if any. */
function embeddedIpv4(address: string): string | undefined {
  const hextets = expandIpv6(address);
  if (!hextets) return undefined;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => hextets.slice(from, to).every((value) => value === 0);
  if (zeros(0, 5) && hextets[5] === 0xffff) return v4(hextets[6]!, hextets[7]!);
  if (zeros(0, 6) && (hextets[6] !== 0 || hextets[7]! > 1)) return v4(hextets[6]!, hextets[7]!);
  if (hextets[0] === 0x64 && hextets[1] === 0xff9b && zeros(2, 6)) return v4(hextets[6]!, hextets[7]!);
  if (hextets[0] === 0x2002) return v4(hextets[1]!, hextets[2]!);
  return undefined;
}

/** Tells whether an IP address (v4 or v6 text) is one the scraper must not reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4 !== undefined) return blocked.check(v4, 'ipv4');
  return blocked.check(address.replace(/%.*$/, ''), 'ipv6');
}

/** The port a URL talks to, explicit or the scheme's default. */
export function urlPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** The host of a URL without IPv6 brackets, lower case. */
export function urlHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/**
 * Tells whether a URL's host is on the allow list: `host:port` entries match that port only, `host` entries
 * any port; IPv6 hosts may be written with or without brackets.
 */
export function isAllowListed(url: URL, allowList: readonly string[]): boolean {
  const host = urlHost(url);
  const port = urlPort(url);
  return allowList.some((entry) => {
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    if (bracketed) return bracketed[1] === host && (bracketed[2] === undefined || bracketed[2] === port);
    const colon = entry.lastIndexOf(':');
    const hasPort = colon > 0 && entry.indexOf(':') === colon && /^\d+$/.test(entry.slice(colon + 1));
    if (!hasPort) return entry === host;
    return entry.slice(0, colon) === host && entry.slice(colon + 1) === port;
  });
}
