// The runtime under test is the generated copy, exactly what a binding ships.
export * from "../../generated/runtime/internal.js";
