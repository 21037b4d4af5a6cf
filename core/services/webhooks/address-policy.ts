import ipaddr from 'ipaddr.js';
import { IPV4_SPECIAL_PURPOSE, IPV6_SPECIAL_PURPOSE, type SpecialPurposeBlock } from './special-purpose-blocks.ts';

type Cidr<T> = [T, number];

function cidrs<T extends ipaddr.IPv4 | ipaddr.IPv6>(blocks: readonly SpecialPurposeBlock[]): Cidr<T>[] {
  return blocks.map(([cidr]) => ipaddr.parseCIDR(cidr) as Cidr<T>);
}

const IPV4_REFUSED = cidrs<ipaddr.IPv4>([...IPV4_SPECIAL_PURPOSE, ['224.0.0.0/4', 'Multicast']]);
const IPV6_REFUSED = cidrs<ipaddr.IPv6>(IPV6_SPECIAL_PURPOSE);

/**
 * Refused before anything else, whatever the allow rule below says (they lie outside 2000::/3 today;
 * being named here keeps them refused should that rule ever widen): IPv4-compatible ::a.b.c.d
 * (deprecated by RFC 4291, and some stacks still route it to the IPv4 address), the local-use NAT64
 * prefix (a translator inside our own network), site-local (deprecated by RFC 3879, still routed
 * locally by some stacks), and multicast.
 */
const IPV6_EXPLICITLY_REFUSED = cidrs<ipaddr.IPv6>([
  ['::/96', 'IPv4-compatible (deprecated)'],
  ['64:ff9b:1::/48', 'IPv4-IPv6 Translat. (local-use)'],
  ['fec0::/10', 'Site-local (deprecated)'],
  ['ff00::/8', 'Multicast'],
]);
const [GLOBAL_UNICAST] = cidrs<ipaddr.IPv6>([['2000::/3', 'Global Unicast']]);
/** IPv4 addresses written as IPv6, judged by the IPv4 address they carry: a socket to them reaches that address. */
const [IPV4_MAPPED, NAT64_WELL_KNOWN] = cidrs<ipaddr.IPv6>([
  ['::ffff:0:0/96', 'IPv4-mapped Address'],
  ['64:ff9b::/96', 'IPv4-IPv6 Translat.'],
]);

/**
 * An IP address as the policy reads it, or undefined (refused) for anything else. IPv4 only in
 * dotted-quad decimal (what resolvers and the URL parser produce; no octal or short forms). IPv6
 * goes through the WHATWG URL parser first, which rewrites a dotted tail into hex: ipaddr.js 2.2
 * reads "::a.b.c.d" (IPv4-compatible, the form libuv prints for ::/96 answers) as IPv4-mapped,
 * which would judge ::8.8.8.8 by 8.8.8.8. A zone index (fe80::1%eth0) does not parse: refused.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.IPv4.parse(address);
  if (!address.includes(':')) return undefined;
  try {
    return ipaddr.IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1));
  } catch {
    return undefined;
  }
}

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  return !IPV4_REFUSED.some((block) => address.match(block));
}

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  return ipaddr.fromByteArray(address.toByteArray().slice(12)) as ipaddr.IPv4;
}

function isPublicIPv6(address: ipaddr.IPv6): boolean {
  if (IPV6_EXPLICITLY_REFUSED.some((block) => address.match(block))) return false;
  if (address.match(IPV4_MAPPED!) || address.match(NAT64_WELL_KNOWN!)) return isPublicIPv4(embeddedIPv4(address));
  if (!address.match(GLOBAL_UNICAST!)) return false;
  return !IPV6_REFUSED.some((block) => address.match(block));
}

/**
 * Whether an outbound connection (a webhook delivery, a client metadata document fetch) may reach
 * an IP address. IPv4: any unicast address outside every block of the IANA IPv4 Special-Purpose
 * Address Registry (special-purpose-blocks.ts; so not loopback, private, shared/CGN, link-local with
 * the cloud metadata address 169.254.169.254, documentation, benchmarking, reserved, broadcast) and
 * not multicast. IPv6: global unicast (2000::/3) outside every block of the IANA IPv6 registry, so
 * Teredo (2001::/32), 6to4 (2002::/16: deprecated by RFC 7526, and the IPv4 address it carries
 * is not checked) and documentation are refused; IPv4-mapped (::ffff:a.b.c.d) and the NAT64
 * well-known prefix (64:ff9b::a.b.c.d) are judged by the IPv4 address inside. Written as explicit
 * tables rather than ipaddr.js's range() names, whose coverage of the registries is partial.
 *
 * What it does NOT cover: the name-to-address step (the caller resolves and checks every address
 * it will connect to, at connect time, so DNS rebinding cannot pass), redirects (never followed),
 * and a network-specific NAT64 prefix of the operator's own (refuse it in the egress firewall).
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return parsed.kind() === 'ipv4' ? isPublicIPv4(parsed as ipaddr.IPv4) : isPublicIPv6(parsed as ipaddr.IPv6);
}

/**
 * Whether an IP address is a loopback address (127.0.0.0/8, ::1, and 127.x written IPv4-mapped):
 * what the OAuth metadata-document fetcher may reach beside public addresses when
 * OAUTH_CIMD_ALLOW_HTTP_LOOPBACK is on (development and tests).
 */
export function isLoopbackAddress(address: string): boolean {
  let parsed = parseAddress(address);
  if (!parsed) return false;
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'loopback';
}
