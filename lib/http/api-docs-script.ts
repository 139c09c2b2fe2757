import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";

/**
 * Scalar's standalone bundle (@scalar/api-reference's dist/browser/standalone.js), served by
 * the app for /api/v2/docs instead of loaded from cdn.jsdelivr.net. Its URL carries the
 * package's version, so browsers may keep it for a year and a new version is a new URL.
 */
// Read from the installed package at run time (its exports name no file of the bundle, and a
// bundler must not inline 3.5 MB into the route).
const packageDir = path.join(process.cwd(), "node_modules", "@scalar", "api-reference");
const version = (
  JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")) as {
    version: string;
  }
).version;
const scriptPath = path.join(packageDir, "dist", "browser", "standalone.js");

export const API_DOCS_SCRIPT_URL = `/api/v2/docs/scalar.js?v=${version}`;

/** The bundle, streamed from disk (3.5 MB: never held in memory). */
export function scalarScriptResponse(): Response {
  const stream = Readable.toWeb(fs.createReadStream(scriptPath)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "content-length": String(fs.statSync(scriptPath).size),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
