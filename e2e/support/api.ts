import { expect, type APIRequestContext } from "@playwright/test";
import { PASSWORD } from "./auth";

/** A bearer token for a seeded account, from the REST login. */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post("/api/v2/auth/login", { data: { email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token.access_token as string;
}

/** Calls /api/v2 with a token; returns status and parsed body. */
export async function api(
  request: APIRequestContext,
  token: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  data?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many shapes in tests
): Promise<{ status: number; body: any }> {
  const res = await request.fetch(`/api/v2/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  const text = await res.text();
  return { status: res.status(), body: text ? JSON.parse(text) : null };
}

/** Wall-clock parts of an instant in Copenhagen (the demo jobs' zone): DD/MM/YYYY and HH:mm. */
export function copenhagen(date: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Copenhagen",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.day}/${parts.month}/${parts.year}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}
