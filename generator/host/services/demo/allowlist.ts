import { CONTROL_APP, type Allowlist } from "../../core/allowlist.js";

/** right-ctl's app label (rightkit-agent-tools' CLIENT_APP), the one client of the demo service. */
export const CLIENT_APP = "right-ctl";

/** right-ctl may call the demo tools; only the host's control client may pull the kill control. */
export const DEMO_ALLOWLIST: Allowlist = Object.freeze({
  [CLIENT_APP]: Object.freeze(["demo.*"]),
  [CONTROL_APP]: Object.freeze(["host.kill"]),
});
