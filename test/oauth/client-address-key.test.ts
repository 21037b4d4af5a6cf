import { expect } from 'chai';
import { clientAddressKey } from '../../core/services/rate-limit/client-address-key.ts';

describe('clientAddressKey: the client of a per-client budget', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('192.0.2.1')).to.equal('192.0.2.1');
    expect(clientAddressKey('127.0.0.1')).to.equal('127.0.0.1');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, in either notation', () => {
    expect(clientAddressKey('::ffff:192.0.2.1')).to.equal('192.0.2.1');
    expect(clientAddressKey('::FFFF:192.0.2.1')).to.equal('192.0.2.1');
    expect(clientAddressKey('::ffff:c000:0201')).to.equal('192.0.2.1');
    expect(clientAddressKey('0:0:0:0:0:ffff:192.0.2.1')).to.equal('192.0.2.1');
  });

  it('counts any other IPv6 address as its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:DB8:1:2:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:abcd::',
      '[2001:db8:1:2::9]',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::1'),
      '2001:db8:1:2:0:0:192.0.2.1',
    ]) {
      expect(clientAddressKey(address), address).to.equal(key);
    }
    expect(clientAddressKey('2001:db8:1:3::1')).to.equal('2001:db8:1:3::/64');
    expect(clientAddressKey('2001:db8::1')).to.equal('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).to.equal('0:0:0:0::/64');
    expect(clientAddressKey('::')).to.equal('0:0:0:0::/64');
    expect(clientAddressKey('64:ff9b::192.0.2.1')).to.equal('64:ff9b:0:0::/64');
  });

  it('keeps anything that is not an IP address as it was given', () => {
    expect(clientAddressKey('unknown')).to.equal('unknown');
    expect(clientAddressKey('')).to.equal('');
    expect(clientAddressKey('1.2.3')).to.equal('1.2.3');
  });
});
