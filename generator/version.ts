import { readFileSync } from "node:fs";
import { PACKAGE_JSON } from "./package-files.js";

const manifest = JSON.parse(readFileSync(PACKAGE_JSON, "utf8")) as { name: string; version: string };

export const GENERATOR_NAME: string = manifest.name;
export const GENERATOR_VERSION: string = manifest.version;
