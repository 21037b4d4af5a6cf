import { expect } from 'chai';
import {
  AddressRefusedError,
  guardedLookup,
  refuseLiteralAddress,
  type AddressAllowance,
  type Resolver,
} from '../../adapters/outbound/guarded-lookup.ts';
import { AppError } from '../../core/errors/index.ts';
import { isPublicAddress } from '../../core/services/webhooks/address-policy.ts';
import { assertWebhookUrl } from '../../core/services/webhooks/url-policy.ts';

/**
 * Every block of the IANA IPv4 and IPv6 Special-Purpose Address Registries (2025 revisions), a
 * sample address of each, written out here rather than read from the policy's own table, so that a
 * block dropped from the table fails. Each is refused as a literal host (webhook URL check and the
 * connect-time literal check) and as the stubbed resolver's answer for a name (the connect-time
 * lookup); no socket is ever opened.
 */
const IPV4_REGISTRY: [block: string, name: string, sample: string][] = [
  ['0.0.0.0/8', '"This network"', '0.1.2.3'],
  ['0.0.0.0/32', '"This host on this network"', '0.0.0.0'],
  ['10.0.0.0/8', 'Private-Use', '10.1.2.3'],
  ['100.64.0.0/10', 'Shared Address Space', '100.100.100.200'],
  ['127.0.0.0/8', 'Loopback', '127.0.0.1'],
  ['169.254.0.0/16', 'Link Local (cloud metadata)', '169.254.169.254'],
  ['172.16.0.0/12', 'Private-Use', '172.31.255.254'],
  ['192.0.0.0/24', 'IETF Protocol Assignments', '192.0.0.200'],
  ['192.0.0.0/29', 'IPv4 Service Continuity Prefix', '192.0.0.1'],
  ['192.0.0.8/32', 'IPv4 dummy address', '192.0.0.8'],
  ['192.0.0.9/32', 'Port Control Protocol Anycast', '192.0.0.9'],
  ['192.0.0.10/32', 'Traversal Using Relays around NAT Anycast', '192.0.0.10'],
  ['192.0.0.170/32', 'NAT64/DNS64 Discovery', '192.0.0.170'],
  ['192.0.0.171/32', 'NAT64/DNS64 Discovery', '192.0.0.171'],
  ['192.0.2.0/24', 'Documentation (TEST-NET-1)', '192.0.2.10'],
  ['192.31.196.0/24', 'AS112-v4', '192.31.196.1'],
  ['192.52.193.0/24', 'AMT', '192.52.193.1'],
  ['192.88.99.0/24', 'Deprecated (6to4 Relay Anycast)', '192.88.99.1'],
  ['192.88.99.2/32', '6a44-relay anycast address', '192.88.99.2'],
  ['192.168.0.0/16', 'Private-Use', '192.168.1.1'],
  ['192.175.48.0/24', 'Direct Delegation AS112 Service', '192.175.48.6'],
  ['198.18.0.0/15', 'Benchmarking', '198.19.0.1'],
  ['198.51.100.0/24', 'Documentation (TEST-NET-2)', '198.51.100.7'],
  ['203.0.113.0/24', 'Documentation (TEST-NET-3)', '203.0.113.9'],
  ['240.0.0.0/4', 'Reserved', '240.0.0.1'],
  ['255.255.255.255/32', 'Limited Broadcast', '255.255.255.255'],
];

const IPV6_REGISTRY: [block: string, name: string, sample: string][] = [
  ['::1/128', 'Loopback Address', '::1'],
  ['::/128', 'Unspecified Address', '::'],
  ['::ffff:0:0/96', 'IPv4-mapped Address (of a loopback address)', '::ffff:127.0.0.1'],
  ['64:ff9b::/96', 'IPv4-IPv6 Translat. (of a private address)', '64:ff9b::10.0.0.1'],
  ['64:ff9b:1::/48', 'IPv4-IPv6 Translat. (local-use)', '64:ff9b:1::808:808'],
  ['100::/64', 'Discard-Only Address Block', '100::1'],
  ['100:0:0:1::/64', 'Dummy IPv6 Prefix', '100:0:0:1::1'],
  ['2001::/23', 'IETF Protocol Assignments', '2001:100::1'],
  ['2001::/32', 'TEREDO', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['2001:1::1/128', 'Port Control Protocol Anycast', '2001:1::1'],
  ['2001:1::2/128', 'Traversal Using Relays around NAT Anycast', '2001:1::2'],
  ['2001:1::3/128', 'DNS-SD Service Registration Protocol Anycast', '2001:1::3'],
  ['2001:2::/48', 'Benchmarking', '2001:2::1'],
  ['2001:3::/32', 'AMT', '2001:3::1'],
  ['2001:4:112::/48', 'AS112-v6', '2001:4:112::1'],
  ['2001:10::/28', 'Deprecated (previously ORCHID)', '2001:10::1'],
  ['2001:20::/28', 'ORCHIDv2', '2001:20::1'],
  ['2001:30::/28', 'Drone Remote ID Protocol Entity Tags (DETs) Prefix', '2001:30::1'],
  ['2001:db8::/32', 'Documentation', '2001:db8::1'],
  ['2002::/16', '6to4 (of a public IPv4 address: refused all the same)', '2002:808:808::1'],
  ['2620:4f:8000::/48', 'Direct Delegation AS112 Service', '2620:4f:8000::42'],
  ['3fff::/20', 'Documentation', '3fff::1'],
  ['5f00::/16', 'Segment Routing (SRv6) SIDs', '5f00::1'],
  ['fc00::/7', 'Unique-Local', 'fd12:3456::1'],
  ['fe80::/10', 'Link-Local Unicast', 'fe80::1'],
];

/** Outside both registries, refused all the same: the three of the finding first, then multicast. */
const ALSO_REFUSED: [block: string, name: string, sample: string][] = [
  ['::/96', 'IPv4-compatible (of a public IPv4 address)', '::8.8.8.8'],
  ['::/96', 'IPv4-compatible (of a loopback address)', '::127.0.0.1'],
  ['64:ff9b:1::/48', 'local-use NAT64 (of a public IPv4 address)', '64:ff9b:1::8.8.8.8'],
  ['fec0::/10', 'site-local (deprecated)', 'fec0::1'],
  ['ff00::/8', 'IPv6 multicast', 'ff02::1'],
  ['224.0.0.0/4', 'IPv4 multicast', '224.0.0.251'],
];

/** Public unicast addresses, and the IPv6 forms that carry a public IPv4 address and reach it. */
const ALLOWED = [
  '8.8.8.8',
  '93.184.216.34',
  '2606:4700:4700::1111',
  '2a00:1450:4001:81c::200e',
  '2001:200::1',
  '::ffff:8.8.8.8',
  '64:ff9b::8.8.8.8',
];

/** Runs the connect-time lookup for `name` with the resolver answering `address`: the error, or the address handed to the socket. */
function lookUp(address: string, allowance: AddressAllowance = 'public'): Promise<Error | string> {
  const family = address.includes(':') ? 6 : 4;
  const resolver: Resolver = async () => [{ address, family }];
  return new Promise((resolve) => {
    guardedLookup(resolver, allowance)('hooks.receiver.test', { all: false }, (error, answer) =>
      resolve(error ?? String(answer)),
    );
  });
}

function literalHost(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

describe('outbound address policy: every special-purpose block refused, literal and resolved', () => {
  for (const [block, name, sample] of [...IPV4_REGISTRY, ...IPV6_REGISTRY, ...ALSO_REFUSED]) {
    it(`refuses ${sample} (${block}, ${name})`, async () => {
      expect(isPublicAddress(sample), 'isPublicAddress').to.equal(false);

      const host = literalHost(sample);
      expect(() => refuseLiteralAddress(host, 'public'), 'literal at connect time')
        .to.throw(AddressRefusedError)
        .with.property('message', "The URL's host is not a public address.");
      expect(() => assertWebhookUrl(`https://${host}/hook`, false), 'webhook URL check').to.throw(AppError);

      const resolved = await lookUp(sample);
      expect(resolved, 'via the stubbed resolver').to.be.instanceOf(AddressRefusedError);
      expect((resolved as Error).message).to.equal(
        'The host hooks.receiver.test could not be reached at a public address.',
      );
      expect((resolved as AddressRefusedError).detail).to.contain(sample);
    });
  }

  for (const address of ALLOWED) {
    it(`allows ${address}`, async () => {
      expect(isPublicAddress(address)).to.equal(true);
      expect(() => refuseLiteralAddress(literalHost(address), 'public')).not.to.throw();
      expect(() => assertWebhookUrl(`https://${literalHost(address)}/hook`, false)).not.to.throw();
      expect(await lookUp(address)).to.equal(address);
    });
  }

  it('lets loopback (and only loopback) through for OAUTH_CIMD_ALLOW_HTTP_LOOPBACK', async () => {
    expect(await lookUp('127.0.0.1', 'public-or-loopback')).to.equal('127.0.0.1');
    expect(await lookUp('::1', 'public-or-loopback')).to.equal('::1');
    for (const address of ['10.0.0.1', '::127.0.0.1', '64:ff9b::127.0.0.1', 'fe80::1'])
      expect(await lookUp(address, 'public-or-loopback'), address).to.be.instanceOf(AddressRefusedError);
  });
});
