import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part included). */
function hextets(address: string): number[] {
  let text = address;
  const dotted = /(?<=:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** An IPv4 address's four bytes, or undefined; an IPv4-mapped IPv6 address counts as its IPv4 address. */
function ipv4Bytes(bare: string, groups: number[] | undefined): number[] | undefined {
  if (isIPv4(bare)) return bare.split('.').map(Number);
  if (groups && groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff];
  return undefined;
}

/** The address without brackets and zone. */
const bareAddress = (address: string) => address.replace(/^\[(.*)\]$/, '$1').split('%', 1)[0]!;

/**
 * The network a client address belongs to, for bounds shared by a whole network rather than one
 * subscriber (the agent endpoints' storage bound): an IPv6 address's /48 (`2001:db8:1::/48`, what
 * one site is usually assigned, RFC 6177), an IPv4 address's /24 (`192.0.2.0/24`), IPv4-mapped
 * IPv6 as IPv4. Anything else (not an IP address) is counted as given.
 *
 * Does NOT cover: providers that hand one customer more than a /48, nor unrelated customers that
 * share a /24 (they share one bound: it is sized for that).
 */
export function clientNetworkKey(address: string): string {
  const bare = bareAddress(address);
  const groups = isIPv6(bare) ? hextets(bare) : undefined;
  const bytes = ipv4Bytes(bare, groups);
  if (bytes) return `${bytes.slice(0, 3).join('.')}.0/24`;
  if (!groups) return address;
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}

/**
 * The key a per-client budget counts a client address under. An IPv4 address is itself; an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket reports IPv4 clients) is
 * the IPv4 address it maps; any other IPv6 address is its /64 prefix (`2001:db8:1:2::/64`), because
 * one subscriber usually holds a whole /64 (RFC 6177) and can pick a new address in it at will.
 * Anything else (not an IP address) is counted as given.
 *
 * Does NOT cover: clients that hold a larger prefix (a /56 or /48), nor many subscribers behind
 * one IPv4 address (carrier-grade NAT) sharing a budget.
 */
export function clientAddressKey(address: string): string {
  const bare = bareAddress(address);
  const groups = isIPv6(bare) ? hextets(bare) : undefined;
  const bytes = ipv4Bytes(bare, groups);
  if (bytes) return bytes.join('.');
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
