import escapeHtml from 'escape-html';

export interface PageLinks {
  /** The authorization endpoint: where the forms post. */
  authorize: string;
  stylesheet: string;
}

/**
 * The HTML document around a page's content: language, viewport, our stylesheet, no scripts (the
 * CSP allows none inline, and none are needed). `content` is HTML the caller built with every
 * value escaped; the title is escaped here.
 */
export function layout(title: string, content: string, links: PageLinks): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Field Service</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${escapeHtml(links.stylesheet)}">
</head>
<body>
<main>
<p class="brand">Field Service</p>
${content}
</main>
</body>
</html>
`;
}

/** The client's name as pages show it. */
export function clientLabel(name: string | null): string {
  return name ?? 'An unnamed application';
}
