/** What every generated binding's index exports and `mcp` reads, whether compiled into this package or in process. */
export interface BindingModule {
  readonly BINDING_MANIFEST: {
    readonly contract: string;
    readonly schemaSha256: string;
    readonly bindingSha256: string | null;
  };
  readonly ToolError: abstract new (...args: never[]) => Error;
  readonly RpcError: abstract new (...args: never[]) => Error;
  readonly [name: string]: unknown;
}
