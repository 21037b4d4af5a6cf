import escapeHtml from 'escape-html';
import type { LoginPage } from '../../../core/domain/oauth/authorization-pages.schema.ts';
import { clientLabel, layout, type PageLinks } from './layout.ts';

/** The sign-in form: e-mail and password, posting back to the authorization endpoint with the pending request. */
export function renderLoginPage(page: LoginPage, links: PageLinks): string {
  const client = escapeHtml(clientLabel(page.client_name));
  const error = page.error ? `<p class="error" id="sign-in-error" role="alert">${escapeHtml(page.error)}</p>\n` : '';
  const described = page.error ? ' aria-describedby="sign-in-error"' : '';
  const content = `<h1>Sign in to continue</h1>
<p><strong>${client}</strong> wants to connect to your Field Service account. Sign in; you will choose what it may do next.</p>
${error}<form method="post" action="${escapeHtml(links.authorize)}">
<input type="hidden" name="action" value="sign_in">
<input type="hidden" name="request" value="${escapeHtml(page.request)}">
<input type="hidden" name="form_token" value="${escapeHtml(page.form_token)}">
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${escapeHtml(page.email ?? '')}"${described}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1000"${described}>
<div class="actions"><button type="submit" class="primary">Sign in</button></div>
</form>
<p class="muted">Afterwards you return to <strong>${escapeHtml(page.redirect_host)}</strong>.</p>`;
  return layout('Sign in', content, links);
}
