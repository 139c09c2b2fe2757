import { z } from "zod";
import type { Endpoint } from "./endpoint";
import { formatBytes } from "./body";
import { JSON_BODY_LIMIT } from "./body-limits";

type Json = Record<string, unknown>;

const toSchema = (s: z.ZodType): Json =>
  z.toJSONSchema(s, { io: "input", unrepresentable: "any", target: "openapi-3.0" }) as Json;

const errorSchema: Json = {
  type: "object",
  required: ["message"],
  properties: {
    message: { type: "string" },
    type: { type: "string" },
    errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
};

const metaSchema: Json = {
  type: "object",
  properties: {
    current_page: { type: "integer" },
    last_page: { type: "integer" },
    per_page: { type: "integer" },
    total: { type: "integer" },
    total_capped: {
      type: "boolean",
      description:
        "Present when the list counted no further: total is a floor (the activity log at 10,100; the approvals, bookable users and new jobs ten pages past the current one)",
    },
    next_cursor: {
      type: "string",
      nullable: true,
      description:
        "Only when the call sent cursor (the office's documents, the salary overview, the activity log, a user's activities, the users list, the approvals inbox's documents): the next page's cursor, null on the last page",
    },
  },
};

function queryParameters(s: z.ZodType | undefined): Json[] {
  if (!s) return [];
  const js = toSchema(s) as { properties?: Record<string, Json>; required?: string[] };
  const out: Json[] = [];
  for (const [name, prop] of Object.entries(js.properties ?? {})) {
    // filter[...] objects are written the way callers send them: filter[company_id]=3
    if (prop.type === "object" && prop.properties) {
      for (const [sub, subProp] of Object.entries(prop.properties as Record<string, Json>)) {
        out.push({ name: `${name}[${sub}]`, in: "query", required: false, schema: subProp });
      }
    } else {
      out.push({ name, in: "query", required: js.required?.includes(name) ?? false, schema: prop });
    }
  }
  return out;
}

/** The OpenAPI 3 document of /api/v2, generated from the endpoints and their zod schemas. */
export function openApiDocument(endpoints: Endpoint[]): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const ep of endpoints) {
    const pathParams = [...ep.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const success: Json = ep.paginated
      ? { type: "object", properties: { data: { type: "array", items: {} }, meta: metaSchema } }
      : { type: "object", properties: { data: {} } };
    const responses: Record<string, Json> = {
      [String(ep.status ?? 200)]: {
        description: "Success",
        content: { "application/json": { schema: success } },
      },
      "400": {
        description: "Malformed request",
        content: { "application/json": { schema: errorSchema } },
      },
      "422": {
        description: "Invalid input",
        content: { "application/json": { schema: errorSchema } },
      },
    };
    // Any call, while the database cannot be reached (issue 27) or, for a signed-in caller
    // other than an administrator, during maintenance.
    responses["503"] = {
      description:
        "Unavailable for a moment: the database cannot be reached (type database_unavailable) or maintenance is on (type maintenance); nothing was written. Retry after the Retry-After seconds",
      content: { "application/json": { schema: errorSchema } },
    };
    if (ep.method !== "GET") {
      responses["413"] = {
        description: ep.maxBodyBytes
          ? `The body is over ${formatBytes(ep.maxBodyBytes)} (a form) or ${formatBytes(JSON_BODY_LIMIT)} (JSON)`
          : `The body is over ${formatBytes(JSON_BODY_LIMIT)}`,
        content: { "application/json": { schema: errorSchema } },
      };
    }
    if (ep.auth === "user") {
      responses["401"] = {
        description: "Not signed in",
        content: { "application/json": { schema: errorSchema } },
      };
      responses["403"] = {
        description: "Not allowed",
        content: { "application/json": { schema: errorSchema } },
      };
      responses["429"] = {
        description: "Too many calls with this token this minute (see Retry-After)",
        content: { "application/json": { schema: errorSchema } },
      };
    }
    const op: Json = {
      operationId: `${ep.method.toLowerCase()}${ep.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string) => (c ? c.toUpperCase() : ""))}`,
      summary: ep.summary,
      tags: [ep.tag],
      parameters: [...pathParams, ...queryParameters(ep.query)],
      responses,
      ...(ep.auth === "public" ? { security: [] } : {}),
      ...(ep.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: toSchema(ep.body) } },
            },
          }
        : {}),
    };
    (paths[ep.path] ??= {})[ep.method.toLowerCase()] = op;
  }
  return {
    openapi: "3.0.3",
    info: {
      title: "Crewdeck API",
      version: "2",
      description:
        "REST API of Crewdeck. Authenticate with POST /auth/login and send `Authorization: Bearer <token.access_token>`. " +
        "Success: `{ data }`; lists add `meta { current_page, last_page, per_page, total }`. Errors: `{ message, type?, errors? }`.",
    },
    servers: [{ url: "/api/v2" }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    security: [{ bearer: [] }],
    paths,
  };
}
