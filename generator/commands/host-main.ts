// Runs the host without the full CLI: `tsx generator/commands/host-main.ts --socket PATH`. Tests and the
// benchmark spawn this file, so the host lives in its own process with its own event loop.
import { exitForError, STD_IO } from "./exit.js";
import { runHostCommand } from "./host.js";

process.exitCode = await runHostCommand(process.argv.slice(2)).catch((error: unknown) => exitForError(error, STD_IO, true));
