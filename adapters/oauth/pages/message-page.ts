import escapeHtml from 'escape-html';
import { layout, type PageLinks } from './layout.ts';

/**
 * A page that only explains: errors that must not be redirected, refused forms, throttling. `code`
 * (the catalogue's) is shown small, for the developer the user passes the page to, and the request
 * id, under which the operator finds the refusal and its reason in the server log.
 */
export function renderMessagePage(
  title: string,
  message: string,
  resolution: string,
  links: PageLinks,
  code?: string,
  requestId?: string,
): string {
  const reference = requestId ? ` · Request id: <code>${escapeHtml(requestId)}</code>` : '';
  const codeLine = code ? `\n<p class="muted">Error code: <code>${escapeHtml(code)}</code>${reference}</p>` : '';
  const content = `<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p class="muted">${escapeHtml(resolution)}</p>${codeLine}`;
  return layout(title, content, links);
}
