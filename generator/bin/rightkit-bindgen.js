#!/usr/bin/env node
// The `rightkit-bindgen` command: the compiled CLI, or in a checkout its sources (see entry.js).
import { loadEntry } from "./entry.js";

const { main } = await loadEntry("cli.js", "generator/cli.ts");
process.exitCode = await main(process.argv.slice(2));
