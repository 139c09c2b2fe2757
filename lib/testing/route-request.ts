import { NextRequest } from "next/server";

/** A route handler of app/api/v2 as the tests call it. */
export type RouteHandler = (
  request: NextRequest,
  context: { params: Promise<Record<string, string | string[]>> },
) => Response | Promise<Response>;

export interface ApiCall {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** JSON-encoded into the body (with content-type application/json). */
  json?: unknown;
  /** Sent as is (malformed JSON, huge bodies, a multipart form's bytes). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  /** Streamed, as a chunked upload arrives: no Content-Length unless `headers` gives one. */
  stream?: ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
  params?: Record<string, string | string[]>;
  /**
   * false: the answer's bytes are read (the server's work: the handler's stream runs to its
   * end) but not decoded nor parsed (a bench timing the app, not its caller); `body` is then
   * undefined.
   */
  parse?: boolean;
}

export interface ApiResult {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when the body is not JSON. */
  body: unknown;
  /** The body as it came (downloads). */
  bytes: Uint8Array;
  contentType: string;
}

/** Calls a route handler directly, as Next would: a NextRequest and the params promise. */
export async function callRoute(
  handler: RouteHandler,
  path: string,
  call: ApiCall = {},
): Promise<ApiResult> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token !== undefined) headers.authorization = `Bearer ${call.token}`;
  let body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | undefined;
  if (call.json !== undefined) {
    body = JSON.stringify(call.json);
    headers["content-type"] ??= "application/json";
  } else if (call.rawBody !== undefined) {
    body = call.rawBody;
    headers["content-type"] ??= "application/json";
  } else if (call.stream !== undefined) {
    body = call.stream;
    headers["content-type"] ??= "application/json";
  }
  const url = new URL(path.startsWith("/") ? path : `/api/v2/${path}`, "http://localhost");
  const request = new NextRequest(url, {
    method: call.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
    // A stream body must say it is sent while the answer may already come (fetch's rule).
    ...(call.stream ? { duplex: "half" as const } : {}),
  });
  const response = await handler(request, { params: Promise.resolve(call.params ?? {}) });
  // A live event stream never ends: say it answered, and hang up rather than read it (sweeps of
  // every GET meet GET realtime/stream; tests of the stream read it with their own client).
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    await response.body?.cancel();
    return {
      status: response.status,
      headers: response.headers,
      body: undefined,
      bytes: new Uint8Array(),
      contentType: response.headers.get("content-type") ?? "",
    };
  }
  // Bytes first: a download (PDF, xlsx) is read as it came, a JSON (or text) answer parsed from
  // them. A binary download is not decoded: 1.5 MB of xlsx as text cost the list bench more
  // than the call it timed.
  const bytes = new Uint8Array(await response.arrayBuffer());
  const type = response.headers.get("content-type") ?? "";
  const text = call.parse !== false && (!type || type.includes("json") || type.startsWith("text/"));
  let parsed: unknown;
  try {
    parsed = text && bytes.length ? JSON.parse(new TextDecoder().decode(bytes)) : undefined;
  } catch {
    parsed = undefined;
  }
  return {
    status: response.status,
    headers: response.headers,
    body: parsed,
    bytes,
    contentType: response.headers.get("content-type") ?? "",
  };
}
