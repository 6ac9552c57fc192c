// The back office's file calls: a product's pictures (list, add, delete, reorder) and the
// catalog as CSV (download, import, the import's progress). The two uploads go by
// XMLHttpRequest, not the one fetch wrapper (client.ts), because fetch cannot say how much
// of a request body has been sent; they send the same anti-forgery header and fail with
// the same ApiError. Only the back office's chunks import this file.
import { ApiError, del, get, put, readCookie, type ApiErrorBody } from '../../api/client.ts';
import type { ImportProblemBody, ProductImage, ProductImages, ProductImportBody } from '../../api/types.ts';

export type { ProductImage, ProductImages };

/** An accepted import, which the server goes on applying after it answers (202). */
export type ProductImport = ProductImportBody;
export type ProductImportStatus = ProductImportBody['status'];

/** One bad cell of a refused import; `row` is the spreadsheet's row number (the header is row 1). */
export type ImportProblem = ImportProblemBody;

/** The 400 of an import: nothing was changed. At most 1000 problems are listed; `problemCount` counts them all. */
export interface ImportRejection extends Partial<ApiErrorBody> {
  problems: ImportProblem[];
  problemCount: number;
}

/** A refused import (400), with its problems. */
export class ImportRejected extends ApiError {
  readonly problems: ImportProblem[];
  readonly problemCount: number;

  constructor(body: ImportRejection) {
    super(400, body);
    this.name = 'ImportRejected';
    this.problems = body.problems;
    this.problemCount = Math.max(body.problemCount, body.problems.length);
  }
}

/** Where the whole catalog downloads as CSV (the import's columns): a plain link with `download`. */
export const catalogCsvUrl = '/api/admin/products.csv';

const pictures = (productId: number) => `/api/admin/products/${productId}/images`;

export const listProductImages = (productId: number) => get<ProductImages>(pictures(productId));
export const deleteProductImage = (productId: number, imageId: number) =>
  del<ProductImages>(`${pictures(productId)}/${imageId}`);
/** `imageIds`: every one of the product's picture ids, in the new order. */
export const reorderProductImages = (productId: number, imageIds: number[]) =>
  put<ProductImages>(pictures(productId), { imageIds });

export const getImport = (id: number) => get<ProductImport>(`/api/admin/imports/${id}`);

/** How an upload reports: the share of the body sent (0 to 1), and a signal that stops it. */
export interface Sending {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Adds one picture (PNG, JPEG or WebP, at most 10 MB) after the product's others: 201 with them all. */
export function uploadProductImage(productId: number, file: File, sending?: Sending): Promise<ProductImages> {
  const form = new FormData();
  form.append('file', file);
  // No Content-Type: the browser writes multipart/form-data with its boundary.
  return send<ProductImages>('POST', pictures(productId), form, {}, sending);
}

/**
 * Sends a CSV file of products: 202 with the import, which the server then applies
 * (follow it with getImport); an ImportRejected when any row is bad; 409 while another
 * import is being applied.
 */
export function importProducts(file: File, sending?: Sending): Promise<ProductImport> {
  return send<ProductImport>('POST', '/api/admin/products/import', file, { 'Content-Type': 'text/csv' }, sending);
}

/** The message of a failed upload whose answer says nothing (a proxy's page, an empty body). */
function silentFailure(status: number): string {
  if (status === 413) return 'That file is too big for the store.';
  if (status === 415) return "The store doesn't take that kind of file.";
  return `The store refused the file (${status}).`;
}

/**
 * What an upload's answer means: its JSON for a success; otherwise an ApiError carrying
 * the server's words (an ImportRejected for a 400 that lists problems). Apart from
 * XMLHttpRequest so that it can be tested on Node.
 */
export function answerOf<T>(status: number, text: string): T {
  let data: unknown = {};
  try {
    data = text === '' ? {} : JSON.parse(text);
  } catch {
    // Not JSON: a proxy's error page, say. The status says enough.
  }
  if (status >= 200 && status < 300) return data as T;
  const body = (typeof data === 'object' && data !== null ? data : {}) as Partial<ImportRejection>;
  const errors = Array.isArray(body.errors) ? body.errors : [];
  const message = body.message ? body.message : errors.length > 0 ? errors.join(' ') : silentFailure(status);
  if (status === 400 && Array.isArray(body.problems)) {
    throw new ImportRejected({ errors, message, problems: body.problems, problemCount: body.problemCount ?? body.problems.length });
  }
  throw new ApiError(status, { errors, message });
}

/** One upload by XMLHttpRequest, as client.ts's request() would send it, with its progress. */
function send<T>(
  method: 'POST' | 'PUT',
  url: string,
  body: FormData | Blob,
  headers: Record<string, string>,
  { onProgress, signal }: Sending = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    // Same origin, so the session cookie goes with it (fetch's credentials: 'same-origin').
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie('XSRF-TOKEN');
    if (token !== undefined) xhr.setRequestHeader('XSRF-Token', token);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
    }
    xhr.onload = () => {
      try {
        resolve(answerOf<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    // Like fetch's rejection: problemOf (admin/lib/useAction.ts) says the store could not be reached.
    xhr.onerror = () => reject(new TypeError('The upload could not reach the store.'));
    xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    if (signal?.aborted) return reject(new DOMException('The upload was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
