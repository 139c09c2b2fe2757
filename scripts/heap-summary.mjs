/**
 * `node scripts/heap-summary.mjs FILE.heapsnapshot` (e.g. from `BENCH_RSS_HEAP_SNAPSHOT=1
 * BENCH_ONLY=rss npm run bench`; a big snapshot needs `--max-old-space-size=4000`): what a
 * server's heap holds, for issue 27's memory bar. Prints the self size per kind of object (type
 * and constructor), the largest strings, the source text of the loaded scripts per folder, and
 * the npm packages bundled into more than one loaded chunk (each copy is a module instance with
 * its own source, code and data: a candidate for next.config.mjs' serverExternalPackages).
 */
import fs from "node:fs";

const file = process.argv[2];
if (!file) throw new Error("usage: node scripts/heap-summary.mjs FILE.heapsnapshot");
const snap = JSON.parse(fs.readFileSync(file, "utf8"));
const meta = snap.snapshot.meta;
const NF = meta.node_fields.length;
const EF = meta.edge_fields.length;
const { nodes, edges, strings } = snap;
const count = nodes.length / NF;
const kind = (i) => meta.node_types[0][nodes[i * NF]];
const name = (i) => strings[nodes[i * NF + 1]];
const size = (i) => nodes[i * NF + 3];
const mb = (bytes) => (bytes / 1048576).toFixed(2).padStart(7) + " MB";
const top = (map, n) => [...map].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, n);

const byKind = new Map();
let total = 0;
for (let i = 0; i < count; i++) {
  const t = kind(i);
  const key = ["object", "closure", "native", "hidden", "code"].includes(t)
    ? `${t}: ${name(i).slice(0, 60)}`
    : t;
  const v = byKind.get(key) ?? { bytes: 0, n: 0 };
  v.bytes += size(i);
  v.n++;
  byKind.set(key, v);
  total += size(i);
}
console.log(`${count} objects, ${mb(total)} in all\n\nself size by kind`);
for (const [k, v] of top(byKind, 30))
  console.log(`${mb(v.bytes)} ${String(v.n).padStart(8)}  ${k}`);

const texts = [];
for (let i = 0; i < count; i++) if (kind(i) === "string") texts.push(i);
texts.sort((a, b) => size(b) - size(a));
console.log("\nlargest strings");
for (const i of texts.slice(0, 15))
  console.log(`${mb(size(i))}  ${JSON.stringify(name(i).slice(0, 90))}`);

// A script is a "code" object named by its path; its "source" edge leads to its text.
const folders = new Map();
const chunks = new Set();
let edge = 0;
for (let i = 0; i < count; i++) {
  const first = edge;
  edge += nodes[i * NF + 4] * EF;
  if (kind(i) !== "code" || !/^(\/|node:)/.test(name(i))) continue;
  const path = name(i);
  if (path.includes("/.next/server/")) chunks.add(path);
  let source = 0;
  for (let e = first; e < edge; e += EF)
    if (strings[edges[e + 1]] === "source") source += size(edges[e + 2] / NF);
  const folder = path.includes("/.next/")
    ? ".next/" + path.split("/.next/")[1].split("/").slice(0, 2).join("/")
    : path.includes("/node_modules/")
      ? path.split("/node_modules/").pop().split("/")[0]
      : path.split("/").slice(0, 3).join("/");
  const v = folders.get(folder) ?? { bytes: 0, n: 0 };
  v.bytes += source;
  v.n++;
  folders.set(folder, v);
}
console.log("\nsource text of the loaded scripts per folder (or package)");
for (const [k, v] of top(folders, 20))
  console.log(`${mb(v.bytes)} ${String(v.n).padStart(5)}  ${k}`);

// The chunks' source maps name the packages bundled into each.
const packages = new Map();
for (const chunk of chunks) {
  if (!fs.existsSync(`${chunk}.map`)) continue;
  const map = JSON.parse(fs.readFileSync(`${chunk}.map`, "utf8"));
  const inChunk = new Map();
  for (const section of map.sections?.map((s) => s.map) ?? [map])
    (section.sources ?? []).forEach((src, k) => {
      const pkg = /node_modules\/(@[^/]+\/[^/]+|[^/]+)/.exec(src)?.[1];
      if (pkg)
        inChunk.set(pkg, (inChunk.get(pkg) ?? 0) + (section.sourcesContent?.[k]?.length ?? 0));
    });
  for (const [pkg, bytes] of inChunk) {
    const v = packages.get(pkg) ?? { bytes: 0, n: 0 };
    v.bytes += bytes;
    v.n++;
    packages.set(pkg, v);
  }
}
console.log("\npackages bundled into more than one loaded chunk (original source, all copies)");
for (const [k, v] of top(new Map([...packages].filter(([, v]) => v.n > 1)), 20))
  console.log(`${mb(v.bytes)} in ${String(v.n).padStart(3)} chunks  ${k}`);
