// What React's and the router's server code expect of their host that QuickJS lacks:
// timers (React schedules work it never needs for a string render), a message channel
// (its scheduler's), text encoding, URL parsing and query strings (the router's and
// the listings'). Each is the little
// a render to a string uses, not the web's whole API.
const host = globalThis as Record<string, unknown>;

host.setTimeout ??= () => 0;
host.clearTimeout ??= () => undefined;
host.queueMicrotask ??= (task: () => void) => void Promise.resolve().then(task);
host.MessageChannel ??= class {
  port1 = { onmessage: null };
  port2 = { postMessage() {} };
};

/** Enough of TextEncoder for React's server code, which encodes chunks as UTF-8. */
export class ServerTextEncoder {
  readonly encoding = 'utf-8';
  encode(text = ''): Uint8Array {
    const bytes: number[] = [];
    for (const char of text) {
      const code = char.codePointAt(0)!;
      if (code < 0x80) bytes.push(code);
      else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
      else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
      else
        bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    }
    return new Uint8Array(bytes);
  }
  encodeInto(text: string, into: Uint8Array) {
    const bytes = this.encode(text);
    into.set(bytes.subarray(0, into.length));
    return { read: text.length, written: Math.min(bytes.length, into.length) };
  }
}

host.TextEncoder ??= ServerTextEncoder;

/** URLSearchParams as the app uses it (listing queries, the search box's words). */
export class ServerSearchParams {
  private pairs: [string, string][] = [];

  constructor(init?: string | [string, string][] | Record<string, string> | ServerSearchParams) {
    if (typeof init === 'string') {
      for (const part of init.replace(/^\?/, '').split('&')) {
        if (!part) continue;
        const at = part.indexOf('=');
        const [name, value] = at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
        this.pairs.push([decode(name), decode(value)]);
      }
    } else if (init instanceof ServerSearchParams) this.pairs = [...init.pairs];
    else if (Array.isArray(init)) this.pairs = init.map(([name, value]) => [String(name), String(value)]);
    else if (init) this.pairs = Object.entries(init).map(([name, value]) => [name, String(value)]);
  }

  get size() {
    return this.pairs.length;
  }
  append(name: string, value: string) {
    this.pairs.push([name, String(value)]);
  }
  delete(name: string) {
    this.pairs = this.pairs.filter(([n]) => n !== name);
  }
  get(name: string) {
    return this.pairs.find(([n]) => n === name)?.[1] ?? null;
  }
  getAll(name: string) {
    return this.pairs.filter(([n]) => n === name).map(([, value]) => value);
  }
  has(name: string) {
    return this.pairs.some(([n]) => n === name);
  }
  set(name: string, value: string) {
    const at = this.pairs.findIndex(([n]) => n === name);
    this.delete(name);
    this.pairs.splice(at < 0 ? this.pairs.length : at, 0, [name, String(value)]);
  }
  sort() {
    this.pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
  forEach(each: (value: string, name: string) => void) {
    for (const [name, value] of this.pairs) each(value, name);
  }
  keys() {
    return this.pairs.map(([name]) => name)[Symbol.iterator]();
  }
  values() {
    return this.pairs.map(([, value]) => value)[Symbol.iterator]();
  }
  entries() {
    return this.pairs.map(([name, value]): [string, string] => [name, value])[Symbol.iterator]();
  }
  [Symbol.iterator]() {
    return this.entries();
  }
  toString() {
    return this.pairs.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
  }
}

/** As application/x-www-form-urlencoded reads and writes: `+` is a space. */
const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};
const encode = (text: string) =>
  encodeURIComponent(text).replace(/%20/g, '+').replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

host.URLSearchParams ??= ServerSearchParams;

/**
 * Enough of URL for the router: an absolute address split into its parts, or a path
 * read against one. Only the store's own paths reach it.
 */
export class ServerURL {
  protocol = '';
  host = '';
  pathname = '/';
  search = '';
  hash = '';

  constructor(address: string, base?: string | ServerURL) {
    const absolute = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]*)(.*)$/i.exec(address);
    let rest = address;
    if (absolute) {
      this.protocol = absolute[1] ?? '';
      this.host = absolute[2] ?? '';
      rest = absolute[3] ?? '';
    } else {
      if (base === undefined) throw new TypeError(`Invalid URL: ${address}`);
      const from = typeof base === 'string' ? new ServerURL(base) : base;
      this.protocol = from.protocol;
      this.host = from.host;
      if (rest.startsWith('#')) rest = from.pathname + from.search + rest;
      else if (rest === '' || rest.startsWith('?')) rest = from.pathname + rest;
      else if (!rest.startsWith('/')) rest = from.pathname.replace(/[^/]*$/, '') + rest;
    }
    const hashAt = rest.indexOf('#');
    if (hashAt >= 0) [rest, this.hash] = [rest.slice(0, hashAt), rest.slice(hashAt)];
    const queryAt = rest.indexOf('?');
    if (queryAt >= 0) [rest, this.search] = [rest.slice(0, queryAt), rest.slice(queryAt)];
    this.pathname = rest || '/';
    if (this.search === '?') this.search = '';
    if (this.hash === '#') this.hash = '';
  }

  get searchParams() {
    return new ServerSearchParams(this.search);
  }

  get origin() {
    return `${this.protocol}//${this.host}`;
  }

  get href() {
    return `${this.origin}${this.pathname}${this.search}${this.hash}`;
  }

  toString() {
    return this.href;
  }
}

host.URL ??= ServerURL;
