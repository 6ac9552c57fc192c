// The one fetch wrapper: JSON in and out, the anti-forgery header on every non-GET
// call, and any status of 400 or more turned into an ApiError carrying the server's
// message and errors. A GET the page came with an answer for is answered from it, once
// (firstAnswers.ts).
import { takeFirstAnswer } from './firstAnswers.ts';
import type { Error as ErrorSchema } from './types.ts';

/** What every error answer carries: the document's `Error` schema. */
export type ApiErrorBody = ErrorSchema;

/** A product an order could not take enough of (the 409 of placing an order). */
export interface Shortage {
  productId: number;
  name: string;
  /** Units the cart holds. */
  wanted: number;
  /** Units left: 0 when out of stock or no longer sold. */
  left: number;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errors: string[];
  /** Only on an order the store could not fill: each product short. */
  readonly shortages: Shortage[];
  /** A sign-in that needs (another) code from the account's authenticator app. */
  readonly secondFactor: boolean;

  constructor(status: number, body: Partial<ApiErrorBody> & { shortages?: Shortage[]; secondFactor?: boolean }) {
    super(body.message ?? `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = body.errors ?? [];
    this.shortages = Array.isArray(body.shortages) ? body.shortages : [];
    this.secondFactor = body.secondFactor === true;
  }
}

/** A cookie's value (the anti-forgery token's, for the uploads that go by XMLHttpRequest: admin/api/adminFiles.ts). */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function request<T>(
  method: Method,
  url: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const first = method === 'GET' ? takeFirstAnswer(url) : undefined;
  if (first !== undefined) {
    if (first.status >= 400) throw new ApiError(first.status, first.body as Partial<ApiErrorBody>);
    return first.body as T;
  }
  const send = () => {
    const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
    if (method !== 'GET') {
      headers['Content-Type'] = 'application/json';
      const token = readCookie('XSRF-TOKEN');
      if (token !== undefined) headers['XSRF-Token'] = token;
    }
    return fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };
  let response = await send();
  let data: unknown = await response.json().catch(() => ({}));
  if (method !== 'GET' && isStaleToken(response.status, data)) {
    // Two first calls of a new visitor that raced each make a session, and the cookies
    // can end up from different answers. The refusal changed nothing: a session check
    // sends a token for the session the browser holds, and the call goes once more.
    await fetch('/api/session', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    response = await send();
    data = await response.json().catch(() => ({}));
  }
  if (!response.ok) throw new ApiError(response.status, data as Partial<ApiErrorBody>);
  return data as T;
}

/** The server's refusal of a missing or stale anti-forgery token (`auth/xsrf.rs`). */
function isStaleToken(status: number, data: unknown): boolean {
  const message = (data as Partial<ApiErrorBody> | null)?.message;
  return status === 403 && typeof message === 'string' && message.includes('anti-forgery token');
}

export const get = <T>(url: string) => request<T>('GET', url);
export const post = <T>(url: string, body?: unknown, headers?: Record<string, string>) =>
  request<T>('POST', url, body ?? {}, headers);
export const put = <T>(url: string, body: unknown) => request<T>('PUT', url, body);
export const patch = <T>(url: string, body: unknown) => request<T>('PATCH', url, body);
export const del = <T>(url: string) => request<T>('DELETE', url);
