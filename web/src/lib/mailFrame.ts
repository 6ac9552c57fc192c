// A mail's HTML part as the shopper's inbox frames it. The frame (a sandbox that runs no
// script) shows the mail on its own; a link in it opens in the whole window, as a mail
// client's would, and never inside the frame, which this store's pages refuse to be in.

const BASE = '<base target="_top">';

/**
 * `html` with its links opening in the whole window: a `<base target>` first in its head
 * (no `href`: the links keep their own addresses), or first of all when it has no head.
 */
export function linksOpenOnTop(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head === null) return BASE + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + BASE + html.slice(at);
}
