/** The NDJSON line cap both sides of the protocol enforce (16 MiB). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;
