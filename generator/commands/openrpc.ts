/**
 * `rightkit-bindgen openrpc [--contract FILE|ID] [--binding FILE] [--out FILE]`: the contract as
 * an OpenRPC 1.3 document (docs/openrpc.md), on stdout or in `--out`. The document is made
 * whole before anything is written, and `--out` is written through the file door (one rename of
 * an exclusively created temporary file): a refusal or a failed write leaves no half-written file.
 */
import { BindgenError } from "../errors.js";
import { loadContract } from "../load/contract.js";
import { discoverContract } from "../load/discover.js";
import { openRpcDocument } from "../openrpc/document.js";
import { checkWritableFile, writeFileWhole } from "../output/file-door.js";
import { modelOf } from "../pipeline.js";
import { schemaGraph } from "../resolve/index.js";
import { EXIT, type Io } from "./exit.js";
import { COMMAND_SPECS, parseCommandArgs } from "./options.js";

export async function runOpenRpc(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs(COMMAND_SPECS.openrpc, args);
  if (positionals.length > 0) throw new BindgenError("bad_argument", `unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.out === "") throw new BindgenError("bad_argument", "--out needs a file name");
  // Where the document goes is checked before the contract is read: a bad path is found first.
  if (values.out !== undefined) checkWritableFile(values.out);
  const contract = loadContract(discoverContract(values));
  const graph = schemaGraph(contract.schema, contract.schemaFile);
  const text = `${JSON.stringify(openRpcDocument(modelOf(contract, graph), graph, contract), null, 2)}\n`;
  if (values.out === undefined) io.out(text.trimEnd());
  else writeFileWhole(values.out, text);
  return EXIT.ok;
}
