import { env } from "@/lib/env";
import {
  API_CONTENT_SECURITY_POLICY,
  isHttpsUrl,
  STRICT_TRANSPORT_SECURITY,
} from "@/lib/security/headers";

const https = isHttpsUrl(env.APP_URL);

/**
 * proxy.ts does not run for API calls that carry a body (see its matcher): with a proxy, Next
 * reads a body to its end to copy it before the route runs, so a huge upload could not be cut
 * off. Those answers get here the headers proxy.ts gives every other API answer; the proxy
 * marks the requests it saw with `x-nonce`.
 */
export function withApiSecurityHeaders<R extends Response>(request: Request, response: R): R {
  if (request.headers.has("x-nonce")) return response;
  response.headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
  if (https) response.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  return response;
}
