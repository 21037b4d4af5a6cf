import ipaddr from 'ipaddr.js';

/**
 * Whether a webhook may connect to an IP address: only public unicast. Refused: loopback, private
 * (10/8, 172.16/12, 192.168/16), link-local (169.254/16 with the cloud metadata address
 * 169.254.169.254, fe80::/10), carrier-grade NAT (100.64/10), multicast, unspecified, broadcast,
 * reserved and documentation ranges, unique-local (fc00::/7), and the IPv6 forms that embed an IPv4
 * address (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible, 6to4, Teredo, NAT64), judged by the IPv4
 * address inside when there is one. What it does NOT cover: the name-to-address step (the caller
 * resolves and checks every address it will connect to, at connect time, so DNS rebinding cannot
 * pass) and redirects (the deliverer never follows them).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.range() !== 'unicast') return false;
  }
  return parsed.range() === 'unicast';
}

/**
 * Whether an IP address is a loopback address (127.0.0.0/8, ::1, and 127.x written IPv4-mapped):
 * what the OAuth metadata-document fetcher may reach beside public addresses when
 * OAUTH_CIMD_ALLOW_HTTP_LOOPBACK is on (development and tests).
 */
export function isLoopbackAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'loopback';
}
