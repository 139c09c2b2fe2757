import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { openApiDocument } from "../openapi";
import { authEndpoints } from "./auth";
import { invitationEndpoints } from "./invitations";
import { jobEndpoints } from "./jobs";
import { noteEndpoints } from "./notes";
import { dresscodesEndpoints } from "./dresscodes";
import { venuesEndpoints } from "./venues";
import { templatesEndpoints } from "./templates";
import { shiftsEndpoints } from "./shifts";
import { referenceEndpoints } from "./reference";
import { applicationsEndpoints } from "./applications";
import { hoursEndpoints } from "./hours";
import { workerEndpoints } from "./worker";
import { crewEndpoints } from "./crew";

/** Every /api/v2 operation; a test checks this list against the route files under app/api/v2. */
const operations: Endpoint[] = [
  ...(authEndpoints as Endpoint[]),
  ...(invitationEndpoints as Endpoint[]),
  ...(jobEndpoints as Endpoint[]),
  ...(noteEndpoints as Endpoint[]),
  ...dresscodesEndpoints,
  ...venuesEndpoints,
  ...templatesEndpoints,
  ...shiftsEndpoints,
  ...(referenceEndpoints as Endpoint[]),
  ...applicationsEndpoints,
  ...hoursEndpoints,
  ...workerEndpoints,
  ...crewEndpoints,
];

export const openApi = endpoint({
  method: "GET",
  path: "/openapi.json",
  summary: "This document: every /api/v2 operation, generated from the zod schemas the verbs use",
  tag: "meta",
  auth: "user",
  run: async () =>
    new Response(JSON.stringify(openApiDocument(allEndpoints)), {
      headers: { "content-type": "application/json" },
    }),
});

export const allEndpoints: Endpoint[] = [...operations, openApi as Endpoint];
