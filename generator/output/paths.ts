/**
 * Where generated files go. The contract's `$id` names its output folder, but an `$id` is
 * untrusted text: only a plain file-name-safe form of it may become a path.
 */
import { BindgenError } from "../errors.js";

export const RUNTIME_DIR = "runtime";

/** Longer folder names run into path limits (Windows' 260, a runner's deep checkout) before any file is written. */
export const MAX_FOLDER_NAME = 100;

/** Names Windows reserves for devices, with any extension and in any case. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|$)/i;

function refusal(id: string, why: string): BindgenError {
  return new BindgenError("bad_contract", `the $id ${JSON.stringify(id)} ${why}`, { pointer: "#/$id" });
}

/**
 * The output folder a contract's id names. Refused (exit 2, naming the id) when nothing
 * file-name-safe is left of it, when it is the runtime's folder in any case, or when Windows
 * reserves it. `declaredContractDir` bounds its length too.
 */
export function contractDirName(id: string): string {
  const safe = id
    .replace(/^[a-z][a-z0-9+.-]*:\/*/i, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[.-]+|[.-]+$/g, "");
  if (safe === "") throw refusal(id, "gives no usable output folder name");
  if (safe.toLowerCase() === RUNTIME_DIR)
    throw refusal(id, `gives the output folder name "${safe}", which is the runtime's (${RUNTIME_DIR}/, in any case)`);
  if (WINDOWS_RESERVED.test(safe)) throw refusal(id, `gives the output folder name "${safe}", a device name Windows reserves`);
  return safe;
}

/**
 * The output folder a schema's own `$id` names: as contractDirName, and at most MAX_FOLDER_NAME
 * characters. A schema without `$id` is named after its file, a name its file system already holds.
 */
export function declaredContractDir(id: string): string {
  const safe = contractDirName(id);
  if (safe.length > MAX_FOLDER_NAME)
    throw refusal(id, `gives an output folder name of ${safe.length} characters; at most ${MAX_FOLDER_NAME} are allowed`);
  return safe;
}

/**
 * The contracts' output folders in one run: two whose names differ only in case would overwrite
 * each other on a case-insensitive file system (macOS, Windows), so the second is refused.
 */
export class FolderNames {
  readonly #byFolded = new Map<string, { readonly id: string; readonly name: string }>();

  /** Adds the folder of `id` (from `file`); refuses it when another `$id`'s folder differs from it only in case. */
  add(id: string, file: string): void {
    const name = contractDirName(id);
    const folded = name.toLowerCase();
    const seen = this.#byFolded.get(folded);
    if (seen !== undefined && seen.name !== name) {
      throw new BindgenError(
        "bad_contract",
        `the $id ${JSON.stringify(id)} gives the output folder "${name}", which differs only in case from "${seen.name}" of the $id ${JSON.stringify(seen.id)}; one would overwrite the other on macOS and Windows`,
        { file, pointer: "#/$id" },
      );
    }
    if (seen === undefined) this.#byFolded.set(folded, { id, name });
  }
}
