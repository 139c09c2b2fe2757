/**
 * Turns a query string into a plain object the verbs' zod schemas parse:
 * `filter[company_id]=3&filter[branches][]=1&filter[branches][]=2&page=2` →
 * `{ filter: { company_id: "3", branches: ["1", "2"] }, page: "2" }`. A key given twice
 * becomes an array. Keys are limited in depth and count so a hostile URL cannot blow up.
 */
export type QueryValue = string | string[] | { [key: string]: QueryValue };

const MAX_KEYS = 200;
const MAX_DEPTH = 3;

const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);
const dict = (): Record<string, QueryValue> => Object.create(null) as Record<string, QueryValue>;

export function parseQuery(params: URLSearchParams): Record<string, QueryValue> {
  // Objects without a prototype: a key like "toString" or "__proto__" is just a key.
  const out = dict();
  let n = 0;
  for (const [rawKey, value] of params) {
    if (++n > MAX_KEYS) break;
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!m) continue;
    const path = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])].slice(
      0,
      MAX_DEPTH + 1,
    );
    if (path.some((k) => FORBIDDEN.has(k))) continue;
    let node: Record<string, QueryValue> = out;
    for (let i = 0; i < path.length; i++) {
      const key = path[i];
      const last = i === path.length - 1;
      const nextIsArray = !last && path[i + 1] === "";
      if (last || nextIsArray) {
        const existing = node[key];
        if (nextIsArray || existing !== undefined) {
          const arr = Array.isArray(existing)
            ? existing
            : typeof existing === "string"
              ? [existing]
              : [];
          arr.push(value);
          node[key] = arr;
        } else {
          node[key] = value;
        }
        break;
      }
      const child = node[key];
      if (!child || typeof child === "string" || Array.isArray(child)) node[key] = dict();
      node = node[key] as Record<string, QueryValue>;
    }
  }
  return out;
}
