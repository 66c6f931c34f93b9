/** How a serving command (host, mock) learns it is asked to stop. */

/** Resolves on the first SIGINT or SIGTERM; dispose() takes the handlers away again. */
export function untilSignal(): { received: Promise<void>; dispose(): void } {
  let stop: () => void = () => undefined;
  const received = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const dispose = (): void => {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return { received, dispose };
}
