import { sql } from "drizzle-orm";
import { NextResponse } from "next/server";
import { getDb } from "@/db";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseRecentlyDown,
  isDatabaseUnavailable,
  noteDatabaseDown,
  noteDatabaseUp,
  UNAVAILABLE_TEXT,
  UNAVAILABLE_TITLE,
} from "@/lib/services/outage/database";

/**
 * Screens during a database outage (issue 27). Next renders app/error.tsx with status 500 and a
 * page that has started streaming cannot change its status, so the proxy answers before the
 * page starts: this static page, status 503 with Retry-After, which reloads itself. It needs
 * nothing from the database, React or the app's scripts.
 */
export function unavailablePage(nonce: string): NextResponse {
  const title = UNAVAILABLE_TITLE.replace("'", "&#39;");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${DATABASE_RETRY_AFTER_SECONDS * 2}">
<title>${title} · Crewdeck</title>
<style nonce="${nonce}">
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f9fafb;color:#111827}
main{min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:3rem 1rem;box-sizing:border-box}
div{max-width:28rem;text-align:center}
p.code{font-size:.875rem;font-weight:600;letter-spacing:.025em;color:#4338ca;margin:0}
h1{font-size:1.875rem;font-weight:600;margin:.5rem 0 0}
p.text{color:#374151;margin:.75rem 0 2rem;line-height:1.5}
a{display:inline-block;padding:.625rem 1rem;border-radius:.375rem;background:#4338ca;color:#fff;text-decoration:none;font-weight:500}
</style></head>
<body><main><div>
<p class="code">503</p>
<h1>${title}</h1>
<p class="text">${UNAVAILABLE_TEXT}</p>
<a href="">Try again</a>
</div></main></body></html>
`;
  return new NextResponse(html, {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
    },
  });
}

/**
 * Whether a page request should get the 503 page before it renders. Cheap when all is well: only
 * after a request met the outage (noteDatabaseDown, lib/http/errors.ts) is the database asked
 * (`select 1`, bounded by the pool's connect timeout); the first answer clears the mark.
 */
export async function databaseDownForPage(): Promise<boolean> {
  if (!databaseRecentlyDown()) return false;
  try {
    await (await getDb()).execute(sql`select 1`);
    noteDatabaseUp();
    return false;
  } catch (err) {
    if (!isDatabaseUnavailable(err)) return false;
    noteDatabaseDown();
    return true;
  }
}
