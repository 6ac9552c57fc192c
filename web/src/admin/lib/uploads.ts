// The back office's uploads (a product's picture, a CSV of products): the checks of a
// chosen file before it is sent, and how a size and an upload's progress read. The checks
// say at once, in the page's words, what the server would refuse after the whole upload;
// the server checks again and has the last word (a picture's pixels, a row's fields).

/** The part of a File these checks read (a File is one; a test passes a plain object). */
export interface FileFacts {
  name: string;
  size: number;
  /** The browser's guess from the name; '' when it has none. */
  type: string;
}

const MB = 1024 * 1024;

/** 10 MB, counted as the server counts a body's bytes (10 × 1024 × 1024). */
export const MAX_PICTURE_BYTES = 10 * MB;

/** 768 MB, as the server takes (a million rows of the export is about 300 MB). */
export const MAX_CSV_BYTES = 768 * MB;

/** What the picture input offers; the server tells the kinds apart by their bytes. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * "10 MB", "2.4 MB", "512 KB": a size as a person reads it, in the units of the limits, to
 * a tenth of a megabyte. A file over a limit is rounded up (`Math.ceil`), so that it never
 * reads as the limit itself.
 */
export function fileSize(bytes: number, round: (n: number) => number = Math.round): string {
  if (bytes >= MB) return `${(round((bytes / MB) * 10) / 10).toLocaleString('en-US')} MB`;
  return `${Math.max(1, round(bytes / 1024)).toLocaleString('en-US')} KB`;
}

/** 0.456 → "46%": how much of an upload has gone. */
export const percent = (fraction: number) => `${Math.round(Math.min(1, Math.max(0, fraction)) * 100)}%`;

/** Why this file can't be one of a product's pictures; undefined when it may be. */
export function pictureFileProblem(file: FileFacts): string | undefined {
  // A type the browser doesn't know ('') is judged by the name's ending.
  const picture = file.type === '' ? /\.(png|jpe?g|webp)$/i.test(file.name) : (PICTURE_TYPES as readonly string[]).includes(file.type);
  if (!picture) return `${file.name} isn't a PNG, JPEG or WebP picture.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_PICTURE_BYTES) return `${file.name} is ${fileSize(file.size, Math.ceil)}; a picture can be at most ${fileSize(MAX_PICTURE_BYTES)}.`;
  return undefined;
}

/** Why this file can't be imported; undefined when it may be. */
export function csvFileProblem(file: FileFacts): string | undefined {
  // Spreadsheet programs' CSV types vary (text/csv, application/vnd.ms-excel, ''): the name decides.
  if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') return `${file.name} isn't a CSV file (a name ending in .csv).`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_CSV_BYTES) return `${file.name} is ${fileSize(file.size, Math.ceil)}; an import can be at most ${fileSize(MAX_CSV_BYTES)}.`;
  return undefined;
}
