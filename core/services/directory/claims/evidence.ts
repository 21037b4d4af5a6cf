/**
 * The evidence of a claim: what the service itself compares when a business claims a listing, the
 * business profile (phone, website, e-mail) against the listing (phone, website), each side
 * normalised first. Computed once, at request time, and stored with the claim for the operator.
 *
 * Does NOT prove ownership: a phone number or a domain can be copied into a business profile. The
 * checks help the operator decide; the operator decides.
 */

/** How one comparison came out: both sides known and equal, both known and different, or a side missing. */
type CheckOutcome = 'match' | 'no_match' | 'not_comparable';

interface EvidenceCheck {
  outcome: CheckOutcome;
  /** The business profile's side, normalised (null when the profile has none). */
  business: string | null;
  /** The listing's side, normalised (null when the listing has none). */
  listing: string | null;
}

export interface ClaimEvidence {
  /** Digits of the phone numbers (a leading country code 1 of an 11-digit number dropped). */
  phone: EvidenceCheck;
  /** Registrable host of the business's website against the listing's website. */
  website_domain: EvidenceCheck;
  /** Registrable host of the business's e-mail address against the listing's website. */
  email_domain: EvidenceCheck;
  /** How many of the three matched. */
  matches: number;
}

export interface ProfileContacts {
  phone: string | null;
  website_url: string | null;
  email: string | null;
}

export interface ListingContacts {
  phone: string | null;
  website_url: string | null;
}

/** Phone numbers shorter than this (after normalisation) are not compared: too easy to match by chance. */
const MIN_PHONE_DIGITS = 7;

/**
 * The digits of a phone number; an 11-digit number starting with 1 (the North American country
 * code) loses it, so "+1 (512) 555-0100" and "512.555.0100" agree. Null when too short to compare.
 */
export function phoneDigits(phone: string | null): string | null {
  if (phone === null) return null;
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length >= MIN_PHONE_DIGITS ? digits : null;
}

/**
 * Second-level labels under which registrations are made at the third level (example.co.uk). A short
 * list of the common ones, not the Public Suffix List: a domain under a suffix not listed here is cut
 * to its last two labels, which can only make two different businesses look alike to the operator,
 * never hide a match.
 */
const MULTI_LABEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'com.au',
  'net.au',
  'org.au',
  'co.nz',
  'org.nz',
  'com.br',
  'com.mx',
  'co.jp',
  'co.in',
  'co.za',
  'com.cn',
  'com.sg',
  'com.tr',
]);

/** The registrable part of a host name: lower-case, without a trailing dot, "www." or subdomains. */
export function registrableHost(host: string): string | null {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.some((label) => label === '')) return null;
  if (labels.length < 2) return null;
  // An IP literal is compared whole.
  if (labels.every((label) => /^\d+$/.test(label)) || host.includes(':')) return labels.join('.');
  const lastTwo = labels.slice(-2).join('.');
  if (MULTI_LABEL_SUFFIXES.has(lastTwo) && labels.length >= 3) return labels.slice(-3).join('.');
  return lastTwo;
}

/** The registrable host of a website URL (a bare "example.com" is read as https://example.com). */
export function websiteDomain(url: string | null): string | null {
  if (url === null || url.trim() === '') return null;
  const text = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(text.includes('://') ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return registrableHost(parsed.hostname);
}

/** The registrable host of an e-mail address's domain. */
export function emailDomain(email: string | null): string | null {
  if (email === null) return null;
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return null;
  return registrableHost(email.slice(at + 1).trim());
}

function check(business: string | null, listing: string | null): EvidenceCheck {
  const outcome: CheckOutcome =
    business === null || listing === null ? 'not_comparable' : business === listing ? 'match' : 'no_match';
  return { outcome, business, listing };
}

/** The three checks of a claim: the business profile against the listing. */
export function claimEvidence(profile: ProfileContacts, listing: ListingContacts): ClaimEvidence {
  const listingDomain = websiteDomain(listing.website_url);
  const checks = {
    phone: check(phoneDigits(profile.phone), phoneDigits(listing.phone)),
    website_domain: check(websiteDomain(profile.website_url), listingDomain),
    email_domain: check(emailDomain(profile.email), listingDomain),
  };
  const matches = Object.values(checks).filter((entry) => entry.outcome === 'match').length;
  return { ...checks, matches };
}
