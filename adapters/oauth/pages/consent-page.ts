import escapeHtml from 'escape-html';
import type { ConsentPage } from '../../../core/domain/oauth/authorization-pages.schema.ts';
import { clientLabel, layout, type PageLinks } from './layout.ts';

/** What the page says of a business whose grant will be read-only (the user is a plain member there), when writes were asked for. */
const READ_ONLY_NOTE = 'read only: as a member, not an owner or admin, you cannot let an application make changes here';

function businessChoice(businesses: ConsentPage['businesses'], writesRequested: boolean): string {
  const note = (business: ConsentPage['businesses'][number]) =>
    writesRequested && !business.writes_allowed ? ` <span class="muted">(${READ_ONLY_NOTE})</span>` : '';
  if (businesses.length === 1) {
    const [only] = businesses;
    return `<fieldset>
<legend>Business</legend>
<p>${escapeHtml(only!.name)}${note(only!)}</p>
<input type="hidden" name="business_id" value="${escapeHtml(only!.id)}">
</fieldset>`;
  }
  // No default: with several businesses the choice is the user's to make (the browser asks for one).
  const options = businesses
    .map(
      (
        business,
        index,
      ) => `<label class="choice" for="business-${index}"><input type="radio" id="business-${index}" name="business_id" value="${escapeHtml(business.id)}" required>
<span><strong>${escapeHtml(business.name)}</strong>${note(business)}</span></label>`,
    )
    .join('\n');
  return `<fieldset>
<legend>Which business may it use?</legend>
${options}
</fieldset>`;
}

function permission(scope: ConsentPage['scopes'][number], index: number): string {
  const words = `<strong>${escapeHtml(scope.title)}</strong> ${escapeHtml(scope.description)}`;
  if (scope.optional) {
    return `<li><label class="choice" for="scope-${index}"><input type="checkbox" id="scope-${index}" name="scope" value="${escapeHtml(scope.scope)}" checked>
<span>${words}</span></label></li>`;
  }
  if (!scope.offered) {
    return `<li class="choice"><span class="included" aria-hidden="true">–</span>
<span>${words} (not offered: only an owner or admin of the business can allow this)</span></li>`;
  }
  return `<li class="choice"><span class="included" aria-hidden="true">✓</span>
<span>${words} (always included)</span></li>`;
}

function permissions(page: ConsentPage): string {
  const { scopes, businesses } = page;
  const items = scopes.map(permission).join('\n');
  const someOptional = scopes.some((scope) => scope.optional);
  const someWithheld = scopes.some((scope) => !scope.offered);
  const someReadOnly = businesses.some((business) => !business.writes_allowed);
  const notes = [
    someWithheld ? '' : 'Untick what you do not want to allow.',
    someOptional && someReadOnly
      ? 'In a business where you are a member (not an owner or admin), the application gets read access only, whatever is ticked.'
      : '',
  ].filter((note) => note.length > 0);
  return `<fieldset>
<legend>What it may do</legend>
<ul class="choices">
${items}
</ul>
${notes.map((note) => `<p class="muted">${escapeHtml(note)}</p>`).join('\n')}
</fieldset>`;
}

/**
 * The logo of a client known by its metadata document: only an https URL (the core kept no other),
 * fetched by the browser without credentials or a referrer (so the logo's host learns neither who
 * the user is nor this page's address); the page's CSP allows images from exactly that origin.
 */
function clientLogo(page: ConsentPage): string {
  if (!page.client_logo_uri || !page.client_logo_uri.startsWith('https://')) return '';
  return `<img class="client-logo" src="${escapeHtml(page.client_logo_uri)}" alt="" width="48" height="48" referrerpolicy="no-referrer" crossorigin="anonymous">\n`;
}

/**
 * Who a document client is: the host that publishes its metadata document; with a loopback
 * callback, a warning that the document cannot vouch for the program on this computer that
 * receives the answer (any program can name any document).
 */
function clientIdentity(page: ConsentPage): string {
  if (!page.client_host) return '';
  const host = escapeHtml(page.client_host);
  const identity = `<p class="muted">Identified by its client metadata document on <strong>${host}</strong>.</p>\n`;
  const warning = page.loopback_redirect
    ? `<p class="error">The answer goes to a program on your own computer, which ${host} cannot vouch for. Allow only if you started this connection yourself, just now.</p>\n`
    : '';
  return identity + warning;
}

/** The origin the consent page's logo loads from, for the CSP's img-src; undefined without a logo. */
export function consentLogoOrigin(page: ConsentPage): string | undefined {
  if (!page.client_logo_uri) return undefined;
  try {
    const url = new URL(page.client_logo_uri);
    return url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The consent form: the client, where it returns, the business, the scopes; approve, deny, or switch accounts. */
export function renderConsentPage(page: ConsentPage, links: PageLinks): string {
  const client = escapeHtml(clientLabel(page.client_name));
  const content = `${clientLogo(page)}<h1>Allow ${client} to access your business?</h1>
${clientIdentity(page)}<p><strong>${client}</strong> will act for you in the business you choose. When you decide, you return to <strong>${escapeHtml(page.redirect_host)}</strong>.</p>
<form method="post" action="${escapeHtml(links.authorize)}">
<input type="hidden" name="request" value="${escapeHtml(page.request)}">
<input type="hidden" name="form_token" value="${escapeHtml(page.form_token)}">
${businessChoice(
  page.businesses,
  page.scopes.some((scope) => scope.optional || !scope.offered),
)}
${permissions(page)}
<div class="actions">
<button type="submit" name="action" value="approve" class="primary">Allow</button>
<button type="submit" name="action" value="deny" formnovalidate>Deny</button>
</div>
<p class="muted">Signed in as ${escapeHtml(page.user.name)} (${escapeHtml(page.user.email)}). <button type="submit" name="action" value="switch_account" class="link" formnovalidate>Use another account</button></p>
</form>`;
  return layout('Allow access', content, links);
}
