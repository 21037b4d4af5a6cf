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
  const bare = address.replace(/^\[(.*)\]$/, '$1').split('%', 1)[0]!;
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = hextets(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
