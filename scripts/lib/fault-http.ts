/**
 * What the fault scripts do as a person's browser does (issue 27): sign in through the real
 * sign-in form (Playwright's Chromium), and read a server-sent event stream.
 */
import { chromium } from "@playwright/test";
import { chromiumExecutable } from "../../e2e/support/browser";

/** Signs in through `base`'s /sign-in form; answers the browser's cookies as a Cookie header. */
export async function browserSignIn(base: string, email: string, password: string) {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/sign-in`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"), { timeout: 30_000 });
    const cookies = await page.context().cookies();
    if (!cookies.some((c) => c.name.endsWith("next-auth.session-token")))
      throw new Error(`signing ${email} in through the form set no session cookie`);
    return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  } finally {
    await browser.close();
  }
}

export type StreamEvent = Record<string, unknown> & { type?: string };

/** Reads a text/event-stream response's `data:` events as they come. */
export function readEvents(res: Response) {
  const seen: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split("\n")
            .filter((l) => l.startsWith("data: "))
            .map((l) => l.slice(6))
            .join("\n");
          if (data) seen.push(JSON.parse(data) as StreamEvent);
          for (const w of waiters.splice(0)) w();
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    /** The first event that matches, or null after `timeoutMs`. */
    async waitFor(match: (e: StreamEvent) => boolean, timeoutMs: number) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const hit = seen.find(match);
        if (hit) return hit;
        const left = until - Date.now();
        if (left <= 0) return null;
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, left);
        });
      }
    },
  };
}
