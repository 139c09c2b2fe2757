/**
 * First-load JavaScript of a route, read from a production build: the chunks `next build` lists
 * for it in .next/diagnostics/route-bundle-stats.json (framework, layouts, error boundaries and
 * page), each measured gzipped, which is what a phone downloads on its first visit.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export interface FirstLoad {
  route: string;
  /** Gzipped bytes of every chunk the route loads first. */
  gzip: number;
  chunks: { file: string; gzip: number }[];
}

interface RouteStats {
  route: string;
  firstLoadChunkPaths: string[];
}

const statsFile = (root: string) =>
  path.join(root, ".next", "diagnostics", "route-bundle-stats.json");

/** Whether a production build with per-route bundle figures is present. */
export const hasBuildStats = (root = process.cwd()) => fs.existsSync(statsFile(root));

/** The route as a URL path ("/my-dashboard"), from the build in `root`/.next. */
export function firstLoad(route: string, root = process.cwd()): FirstLoad {
  if (!hasBuildStats(root))
    throw new Error(`no build figures in ${statsFile(root)}; run next build`);
  const all = JSON.parse(fs.readFileSync(statsFile(root), "utf8")) as RouteStats[];
  const stats = all.find((r) => r.route === route);
  if (!stats) throw new Error(`the build has no route ${route}`);
  const chunks = stats.firstLoadChunkPaths.map((file) => ({
    file,
    gzip: zlib.gzipSync(fs.readFileSync(path.join(root, file)), { level: 9 }).length,
  }));
  return { route, gzip: chunks.reduce((sum, c) => sum + c.gzip, 0), chunks };
}
