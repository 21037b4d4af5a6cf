import escapeHtml from 'escape-html';
import type { ConsentPage } from '../../../core/routers/oauth-authorize/authorization-pages.schema.ts';
import { clientLabel, layout, type PageLinks } from './layout.ts';

function businessChoice(businesses: ConsentPage['businesses']): string {
  if (businesses.length === 1) {
    const [only] = businesses;
    return `<fieldset>
<legend>Business</legend>
<p>${escapeHtml(only!.name)}</p>
<input type="hidden" name="business_id" value="${escapeHtml(only!.id)}">
</fieldset>`;
  }
  // No default: with several businesses the choice is the user's to make (the browser asks for one).
  const options = businesses
    .map(
      (business, index) => `<label class="choice" for="business-${index}"><input type="radio" id="business-${index}" name="business_id" value="${escapeHtml(business.id)}" required>
<span><strong>${escapeHtml(business.name)}</strong></span></label>`,
    )
    .join('\n');
  return `<fieldset>
<legend>Which business may it use?</legend>
${options}
</fieldset>`;
}

function permissions(scopes: ConsentPage['scopes']): string {
  const items = scopes
    .map((scope, index) =>
      scope.optional
        ? `<li><label class="choice" for="scope-${index}"><input type="checkbox" id="scope-${index}" name="scope" value="${escapeHtml(scope.scope)}" checked>
<span><strong>${escapeHtml(scope.title)}</strong> ${escapeHtml(scope.description)}</span></label></li>`
        : `<li class="choice"><span class="included" aria-hidden="true">✓</span>
<span><strong>${escapeHtml(scope.title)}</strong> ${escapeHtml(scope.description)} (always included)</span></li>`,
    )
    .join('\n');
  return `<fieldset>
<legend>What it may do</legend>
<ul class="choices">
${items}
</ul>
<p class="muted">Untick what you do not want to allow.</p>
</fieldset>`;
}

/** The consent form: the client, where it returns, the business, the scopes; approve, deny, or switch accounts. */
export function renderConsentPage(page: ConsentPage, links: PageLinks): string {
  const client = escapeHtml(clientLabel(page.client_name));
  const content = `<h1>Allow ${client} to access your business?</h1>
<p><strong>${client}</strong> will act for you in the business you choose. When you decide, you return to <strong>${escapeHtml(page.redirect_host)}</strong>.</p>
<form method="post" action="${escapeHtml(links.authorize)}">
<input type="hidden" name="request" value="${escapeHtml(page.request)}">
<input type="hidden" name="form_token" value="${escapeHtml(page.form_token)}">
${businessChoice(page.businesses)}
${permissions(page.scopes)}
<div class="actions">
<button type="submit" name="action" value="approve" class="primary">Allow</button>
<button type="submit" name="action" value="deny" formnovalidate>Deny</button>
</div>
<p class="muted">Signed in as ${escapeHtml(page.user.name)} (${escapeHtml(page.user.email)}). <button type="submit" name="action" value="switch_account" class="link" formnovalidate>Use another account</button></p>
</form>`;
  return layout('Allow access', content, links);
}
