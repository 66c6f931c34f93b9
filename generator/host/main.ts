// Runs the host without the full CLI: `tsx generator/host/main.ts --socket PATH`. Tests and the
// benchmark spawn this file, so the host lives in its own process with its own event loop.
import { runHostCommand } from "./command.js";

process.exitCode = await runHostCommand(process.argv.slice(2));
