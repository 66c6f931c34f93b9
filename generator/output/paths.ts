/**
 * Where generated files go. The contract's `$id` names its output folder, but an `$id` is
 * untrusted text: only a plain file-name-safe form of it may become a path.
 */
import { BindgenError } from "../errors.js";

export const RUNTIME_DIR = "runtime";

export function contractDirName(id: string): string {
  const safe = id
    .replace(/^[a-z][a-z0-9+.-]*:\/*/i, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[.-]+|[.-]+$/g, "");
  if (safe === "" || safe === RUNTIME_DIR) {
    throw new BindgenError("bad_contract", `the $id ${JSON.stringify(id)} gives no usable output folder name`, {
      pointer: "#/$id",
    });
  }
  return safe;
}
