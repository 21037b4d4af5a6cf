import escapeHtml from 'escape-html';
import { layout, type PageLinks } from './layout.ts';

/**
 * A page that only explains: errors that must not be redirected, refused forms, throttling. `code`
 * (the catalogue's) is shown small, for the developer the user passes the page to.
 */
export function renderMessagePage(
  title: string,
  message: string,
  resolution: string,
  links: PageLinks,
  code?: string,
): string {
  const codeLine = code ? `\n<p class="muted">Error code: <code>${escapeHtml(code)}</code></p>` : '';
  const content = `<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p class="muted">${escapeHtml(resolution)}</p>${codeLine}`;
  return layout(title, content, links);
}
