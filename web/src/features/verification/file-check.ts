/*
 * A file the casino would refuse, refused before anything is sent: the limits are the casino's own, read from
 * Verification.maxFileBytes and contentTypes (data, not a copy of the rule), so a player on a phone's data does not
 * send 12 MB to hear it is too large. The casino still checks the bytes themselves (a renamed file gets its 415).
 */

export interface FileLimits {
  maxFileBytes: number;
  contentTypes: readonly string[];
}

/** 5242880 → "5 MB", 1536000 → "1.5 MB", 2048 → "2 KB". */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A content type as a player knows it: image/jpeg → JPEG, application/pdf → PDF. */
const typeName = (contentType: string) => (contentType.split('/')[1] ?? contentType).toUpperCase();

/** "JPEG, PNG or PDF". */
export function typesList(contentTypes: readonly string[]): string {
  const names = contentTypes.map(typeName);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/** Why the casino would not take this file, or null when it may be sent. */
export function refuseFile(file: { type: string; size: number }, limits: FileLimits): string | null {
  if (!limits.contentTypes.includes(file.type))
    return `We can only take a ${typesList(limits.contentTypes)} file. Take a photo, or choose a scan or PDF of the document.`;
  if (file.size > limits.maxFileBytes)
    return `This file is ${formatBytes(file.size)}: the largest we can take is ${formatBytes(limits.maxFileBytes)}. A photo at a lower resolution, or a PDF of one page, fits.`;
  if (file.size === 0) return 'This file is empty. Choose another.';
  return null;
}
