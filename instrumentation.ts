export async function register() {
  // The literal check lets Next drop the Node-only imports from the edge build of this file.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const [{ prepareDatabaseWith }, { prepareDatabase }, { seedDemoWanted }] = await Promise.all([
      import("@/db"),
      import("@/seed/prepare"),
      import("@/lib/env"),
    ]);
    // Before any request opens the database: db/ itself only migrates.
    prepareDatabaseWith((handle) =>
      prepareDatabase(handle, { seed: seedDemoWanted() ? "if-empty" : "never" }),
    );
    const { startBackgroundWork } = await import("@/lib/jobs");
    startBackgroundWork();
    // With Ably, the instance that publishes an event forwards it when it hears its own NOTIFY
    // (lib/realtime/hub.ts): it must listen from the start, not from its first SSE stream.
    const { ablyEnabled } = await import("@/lib/realtime/ably");
    if (ablyEnabled()) {
      const { realtimeHub } = await import("@/lib/realtime/server");
      realtimeHub().catch((err: unknown) => console.error("[realtime] could not listen", err));
    }
  }
}
