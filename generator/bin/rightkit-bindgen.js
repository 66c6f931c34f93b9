#!/usr/bin/env node
// The published command: registers tsx so the TypeScript sources run as they are, then hands over.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../cli.ts");
process.exitCode = await main(process.argv.slice(2));
