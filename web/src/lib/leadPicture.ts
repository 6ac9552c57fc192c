// The picture a page's first screen leads with, as the component that draws it says:
// the server's render of a page (src/storefront/render.rs) reads it to preload that
// picture, so a product opened on a variant with its own picture asks for that one
// first, not the product's. The server sets `__leadPicture` to null before each render;
// in a browser it is never set, and noting does nothing.

interface Noted {
  __leadPicture?: string | null;
}

/** Notes `url` as the page's lead picture, if this is a server render and none was noted yet. */
export function noteLeadPicture(url: string): void {
  const global = globalThis as Noted;
  if (global.__leadPicture === null) global.__leadPicture = url;
}
