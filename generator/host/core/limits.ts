/** The NDJSON line cap both sides of the protocol enforce (16 MiB), so no peer can make the other buffer without bound. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * The longest Unix socket path the kernel takes, in bytes before sun_path's NUL: 108 on Linux,
 * 104 on macOS and the BSDs. A longer path fails at listen with a confusing EINVAL.
 */
export function maxSocketPathBytes(platform: NodeJS.Platform = process.platform): number {
  return platform === "linux" ? 107 : 103;
}
