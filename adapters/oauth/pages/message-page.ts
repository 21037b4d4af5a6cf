import escapeHtml from 'escape-html';
import { layout, type PageLinks } from './layout.ts';

/** A page that only explains: errors that must not be redirected, refused forms, throttling. */
export function renderMessagePage(title: string, message: string, resolution: string, links: PageLinks): string {
  const content = `<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p class="muted">${escapeHtml(resolution)}</p>`;
  return layout(title, content, links);
}
