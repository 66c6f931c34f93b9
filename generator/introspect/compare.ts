/**
 * What a running server offers against what its contract says, by wire name. Pure: two sets of
 * names in, what each side lacks out. Everything is sorted and deduplicated, so a report never
 * depends on the order a server happens to list its methods in.
 */
import { byCodeUnits } from "../order.js";

export interface NameSets {
  readonly methods: readonly string[];
  readonly notifications: readonly string[];
}

/** The server's side; `notifications` is undefined when the binding does not say where it lists them. */
export interface ServerNames {
  readonly methods: readonly string[];
  readonly notifications: readonly string[] | undefined;
}

export interface Comparison {
  readonly server: ServerNames;
  readonly contract: NameSets;
  readonly onlyOnServer: NameSets;
  readonly onlyInContract: NameSets;
  /** Whether notifications took part (a server that does not list them cannot lack any). */
  readonly notificationsCompared: boolean;
  /** Neither side has anything the other lacks. */
  readonly agree: boolean;
}

export function compareNames(server: ServerNames, contract: NameSets): Comparison {
  const serverMethods = sortedSet(server.methods);
  const contractMethods = sortedSet(contract.methods);
  const contractNotifications = sortedSet(contract.notifications);
  const serverNotifications = server.notifications === undefined ? undefined : sortedSet(server.notifications);
  const onlyOnServer = {
    methods: without(serverMethods, contractMethods),
    notifications: serverNotifications === undefined ? [] : without(serverNotifications, contractNotifications),
  };
  const onlyInContract = {
    methods: without(contractMethods, serverMethods),
    notifications: serverNotifications === undefined ? [] : without(contractNotifications, serverNotifications),
  };
  const differences = [onlyOnServer, onlyInContract].reduce(
    (sum, side) => sum + side.methods.length + side.notifications.length,
    0,
  );
  return {
    server: { methods: serverMethods, notifications: serverNotifications },
    contract: { methods: contractMethods, notifications: contractNotifications },
    onlyOnServer,
    onlyInContract,
    notificationsCompared: serverNotifications !== undefined,
    agree: differences === 0,
  };
}

function sortedSet(names: readonly string[]): string[] {
  return [...new Set(names)].sort(byCodeUnits);
}

function without(names: readonly string[], other: readonly string[]): string[] {
  const excluded = new Set(other);
  return names.filter((name) => !excluded.has(name));
}
