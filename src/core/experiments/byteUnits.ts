// Byte units, and how messages write sizes and counts ("3.2 GiB", "2,147,483,776"): one way for
// the CLI's refusals and the page's limits alike.

export const MIB = 2 ** 20;
export const GIB = 2 ** 30;

/** 2147483776 as "2,147,483,776". */
export function groupDigits(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Bytes as "41 GiB", "3.2 GiB" or "850 MiB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 10 * GIB) return `${Math.round(bytes / GIB)} GiB`;
  if (bytes >= GIB) return `${Number((bytes / GIB).toFixed(1))} GiB`;
  return `${Math.max(1, Math.round(bytes / MIB))} MiB`;
}
