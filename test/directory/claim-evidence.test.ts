import { expect } from 'chai';
import {
  claimEvidence,
  emailDomain,
  phoneDigits,
  registrableHost,
  websiteDomain,
} from '../../core/services/directory/claims/evidence.ts';

describe('directory claim evidence: the normalisation of phones, websites and e-mail domains', () => {
  it('phones: digits only, the North American country code dropped, too short to compare is null', () => {
    expect(phoneDigits('+1 (512) 555-0147')).to.equal('5125550147');
    expect(phoneDigits('512.555.0147')).to.equal('5125550147');
    expect(phoneDigits('15125550147')).to.equal('5125550147');
    expect(phoneDigits('+44 20 7946 0958')).to.equal('442079460958');
    expect(phoneDigits('555-01')).to.equal(null);
    expect(phoneDigits('call us')).to.equal(null);
    expect(phoneDigits(null)).to.equal(null);
  });

  it('hosts: lower case, www. and subdomains dropped, three labels under a common second-level suffix', () => {
    expect(registrableHost('WWW.LoneStar.com')).to.equal('lonestar.com');
    expect(registrableHost('shop.lonestar.com.')).to.equal('lonestar.com');
    expect(registrableHost('www.plumbers.co.uk')).to.equal('plumbers.co.uk');
    expect(registrableHost('co.uk')).to.equal('co.uk');
    expect(registrableHost('localhost')).to.equal(null);
    expect(registrableHost('a..b')).to.equal(null);
    expect(registrableHost('203.0.113.7')).to.equal('203.0.113.7');
  });

  it('websites and e-mail addresses: their registrable host, or null when there is none', () => {
    expect(websiteDomain('https://www.lonestar.com/plumbing?x=1')).to.equal('lonestar.com');
    expect(websiteDomain('lonestar.com')).to.equal('lonestar.com');
    expect(websiteDomain('ftp://lonestar.com')).to.equal(null);
    expect(websiteDomain('http://')).to.equal(null);
    expect(websiteDomain('  ')).to.equal(null);
    expect(emailDomain('Owner@Mail.LoneStar.com')).to.equal('lonestar.com');
    expect(emailDomain('no-at-sign')).to.equal(null);
    expect(emailDomain('trailing@')).to.equal(null);
  });

  it('compares the profile with the listing: match, no_match, not_comparable, and counts the matches', () => {
    const evidence = claimEvidence(
      { phone: '(512) 555-0147', website_url: 'https://lonestar.com', email: 'jo@gmail.com' },
      { phone: '+1 512 555 0147', website_url: 'http://www.lonestar.com/' },
    );
    expect(evidence).to.deep.equal({
      phone: { outcome: 'match', business: '5125550147', listing: '5125550147' },
      website_domain: { outcome: 'match', business: 'lonestar.com', listing: 'lonestar.com' },
      email_domain: { outcome: 'no_match', business: 'gmail.com', listing: 'lonestar.com' },
      matches: 2,
    });
    const none = claimEvidence({ phone: null, website_url: null, email: null }, { phone: null, website_url: null });
    expect(none.matches).to.equal(0);
    expect(none.phone.outcome).to.equal('not_comparable');
  });
});
