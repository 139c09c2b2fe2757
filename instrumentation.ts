export async function register() {
  // The literal check lets Next drop the Node-only imports from the edge build of this file.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startBackgroundWork } = await import("@/lib/jobs");
    startBackgroundWork();
  }
}
