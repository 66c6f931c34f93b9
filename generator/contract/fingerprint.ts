/**
 * The fingerprint pinned beside a contract schema: its canonical sha256 plus the lists of
 * methods and shared definitions, so a changed schema can be reported in words.
 */
import { contractShape } from "./shape.js";
import { fingerprint, isJsonObject } from "../json.js";

export interface SchemaFingerprint {
  readonly id: string | null;
  readonly sha256: string;
  readonly methods: readonly string[];
  readonly notifications: readonly string[];
  readonly defs: readonly string[];
}

/** `contract/x.schema.json` → `contract/x.fingerprint.json`: the pin lives beside the schema. */
export const fingerprintFileFor = (schemaFile: string): string => schemaFile.replace(/(\.schema)?\.json$/, ".fingerprint.json");

export function fingerprintOf(schema: unknown): SchemaFingerprint {
  const root = isJsonObject(schema) ? schema : {};
  const shape = contractShape(root);
  return {
    id: typeof root.$id === "string" ? root.$id : null,
    sha256: fingerprint(schema),
    methods: shape.methods.map((method) => method.name),
    notifications: shape.notifications.map((notification) => notification.name),
    defs: [...shape.shapes],
  };
}

/** Undefined when equal; otherwise what changed, and how to accept it. */
export function describeFingerprintChange(pinned: SchemaFingerprint, actual: SchemaFingerprint): string | undefined {
  if (pinned.sha256 === actual.sha256) return undefined;
  const delta = (label: string, before: readonly string[], after: readonly string[]): string[] => {
    const added = after.filter((x) => !before.includes(x));
    const removed = before.filter((x) => !after.includes(x));
    return [
      ...(added.length > 0 ? [`${label} added: ${added.join(", ")}`] : []),
      ...(removed.length > 0 ? [`${label} removed: ${removed.join(", ")}`] : []),
    ];
  };
  const changes = [
    ...(pinned.id !== actual.id ? [`$id changed: ${String(pinned.id)} → ${String(actual.id)}`] : []),
    ...delta("methods", pinned.methods, actual.methods),
    ...delta("notifications", pinned.notifications ?? [], actual.notifications),
    ...delta("$defs", pinned.defs, actual.defs),
  ];
  const what = changes.length > 0 ? changes.join("; ") : "the same methods, notifications and $defs, but their schemas changed";
  return (
    `The contract schema differs from the approved upstream schema (sha256 ${pinned.sha256.slice(0, 12)}… → ${actual.sha256.slice(0, 12)}…): ${what}. ` +
    "Review the change (rightkit-bindgen diff), then accept it with RIGHTKIT_ACCEPT_SCHEMA=1 npx vitest run test/contract/fingerprint.test.ts and commit."
  );
}
