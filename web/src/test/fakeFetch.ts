// A scripted stand-in for the server, for unit tests of the API client and the store:
// it records every call the app makes and answers each with the next scripted reply.

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined when none was sent. */
  body: unknown;
}

/** A JSON answer, a network failure (`'network-error'`), or a promise held by the test. */
export type Reply = { status: number; json?: unknown } | 'network-error' | Promise<{ status: number; json?: unknown }>;

export const ok = (json: unknown): Reply => ({ status: 200, json });
export const fail = (status: number, message: string, errors: string[] = []): Reply => ({
  status,
  json: { message, errors },
});

/**
 * Replaces `fetch` and `document` (for the XSRF-TOKEN cookie) on globalThis. Each call
 * takes the next reply; a call with no reply left throws, and stays in `calls` for the test to see.
 */
export function fakeServer(...replies: Reply[]) {
  const calls: RecordedCall[] = [];
  const queue = [...replies];
  (globalThis as { document: unknown }).document = { cookie: 'theme=dark; XSRF-TOKEN=abc' };
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({
      method: init?.method ?? 'GET',
      url,
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const reply = queue.shift();
    if (reply === undefined) throw new Error(`unexpected call: ${init?.method ?? 'GET'} ${url}`);
    if (reply === 'network-error') throw new TypeError('fetch failed');
    const { status, json } = await reply;
    return new Response(json === undefined ? null : JSON.stringify(json), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { calls };
}

/** A reply the test releases later, to observe the store while a call is in flight. */
export function heldReply() {
  let release!: (reply: { status: number; json?: unknown }) => void;
  const reply = new Promise<{ status: number; json?: unknown }>((resolve) => (release = resolve));
  return { reply, release };
}
