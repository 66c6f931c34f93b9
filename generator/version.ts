import { readFileSync } from "node:fs";

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { name: string; version: string };

export const GENERATOR_NAME: string = manifest.name;
export const GENERATOR_VERSION: string = manifest.version;
