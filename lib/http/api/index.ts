import { ApiReference } from "@scalar/nextjs-api-reference";
import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { openApiDocument } from "../openapi";
import { API_DOCS_SCRIPT_URL, scalarScriptResponse } from "../api-docs-script";
import { authEndpoints } from "./auth";
import { accountEndpoints } from "./account";
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
import { userProfileEndpoints } from "./users-profile";
import { usersEndpoints } from "./users";
import { applicantsEndpoints } from "./applicants";
import { documentReviewEndpoints } from "./document-review";
import { recordsEndpoints } from "./records";
import { documentsEndpoints } from "./documents";
import { settingsEndpoints } from "./settings";
import { levelsEndpoints } from "./levels";
import { languagesEndpoints } from "./languages";
import { equipmentCategoriesEndpoints } from "./equipment-categories";
import { skillsEndpoints } from "./skills";
import { rolesEndpoints } from "./roles";
import { geoEndpoints } from "./geo";
import { helpEndpoints } from "./help";
import { additionalCostsEndpoints } from "./additional-costs";
import { ratesEndpoints } from "./rates";
import { companiesEndpoints } from "./companies";
import { jobRatesEndpoints } from "./job-rates";
import { projectionEndpoints } from "./projection";
import { salaryEndpoints } from "./salary";
import { salaryListEndpoints } from "./salary-lists";
import { salaryRunEndpoints } from "./salary-runs";
import { salaryExportEndpoints } from "./salary-exports";
import { quotesEndpoints } from "./quotes";
import { jobReportEndpoints } from "./job-report";
import { workerSlipsEndpoints } from "./worker-slips";
import { statisticsEndpoints } from "./statistics";
import { rosterEndpoints } from "./roster";
import { userCalendarEndpoints } from "./user-calendar";
import { calendarEndpoints } from "./calendar";
import { realtimeEndpoints } from "./realtime";
import { chatEndpoints } from "./chat";
import { notificationEndpoints } from "./notifications";

/** Every /api/v2 operation; a test checks this list against the route files under app/api/v2. */
const operations: Endpoint[] = [
  ...(authEndpoints as Endpoint[]),
  ...(accountEndpoints as Endpoint[]),
  ...(invitationEndpoints as Endpoint[]),
  ...(jobEndpoints as Endpoint[]),
  ...(noteEndpoints as Endpoint[]),
  ...dresscodesEndpoints,
  ...settingsEndpoints,
  ...venuesEndpoints,
  ...templatesEndpoints,
  ...shiftsEndpoints,
  ...(referenceEndpoints as Endpoint[]),
  ...applicationsEndpoints,
  ...hoursEndpoints,
  ...workerEndpoints,
  ...crewEndpoints,
  ...(userProfileEndpoints as Endpoint[]),
  ...(usersEndpoints as Endpoint[]),
  ...applicantsEndpoints,
  ...documentReviewEndpoints,
  ...recordsEndpoints,
  ...documentsEndpoints,
  ...levelsEndpoints,
  ...languagesEndpoints,
  ...equipmentCategoriesEndpoints,
  ...skillsEndpoints,
  ...ratesEndpoints,
  ...rolesEndpoints,
  ...geoEndpoints,
  ...helpEndpoints,
  ...additionalCostsEndpoints,
  ...companiesEndpoints,
  ...jobRatesEndpoints,
  ...projectionEndpoints,
  ...salaryEndpoints,
  ...salaryRunEndpoints,
  ...salaryListEndpoints,
  ...salaryExportEndpoints,
  ...statisticsEndpoints,
  ...quotesEndpoints,
  ...jobReportEndpoints,
  ...workerSlipsEndpoints,
  ...rosterEndpoints,
  ...userCalendarEndpoints,
  ...calendarEndpoints,
  ...realtimeEndpoints,
  ...chatEndpoints,
  ...notificationEndpoints,
];

export const openApi = endpoint({
  method: "GET",
  path: "/openapi.json",
  summary: "This document: every /api/v2 operation, generated from the zod schemas the verbs use",
  tag: "meta",
  // The contract holds no data: outside callers read it before they have an account.
  auth: "public",
  run: async () =>
    new Response(JSON.stringify(openApiDocument(allEndpoints)), {
      headers: { "content-type": "application/json" },
    }),
});

/**
 * The interactive reference (Scalar) over /api/v2/openapi.json. Scalar's standalone script is
 * served by this app (apiDocsScript, from the @scalar/api-reference package), not from a CDN:
 * the page works with no internet access and the docs CSP names no outside host. A
 * nonce-based CSP passes its nonce in `x-nonce`.
 */
export const apiDocs = endpoint({
  method: "GET",
  path: "/docs",
  summary: "Interactive API reference (HTML) over /api/v2/openapi.json",
  tag: "meta",
  auth: "public",
  run: async (_ctx, { request }) =>
    ApiReference({
      url: "/api/v2/openapi.json",
      pageTitle: "Crewdeck API reference",
      nonce: request.headers.get("x-nonce") ?? undefined,
      cdn: API_DOCS_SCRIPT_URL,
      // The fonts would come from Scalar's font host, and its agent asks Scalar's registry
      // through proxy.scalar.com: off, so the page reads our document and nothing else.
      withDefaultFonts: false,
      agent: { disabled: true },
      // Its toolbar (shown on localhost) offers to share or deploy the document through Scalar.
      showDeveloperTools: "never",
    })(),
});

/** Scalar's standalone bundle, for the reference page (a public, versioned, cached file). */
export const apiDocsScript = endpoint({
  method: "GET",
  path: "/docs/scalar.js",
  summary: "The script of the interactive API reference (Scalar's standalone bundle)",
  tag: "meta",
  auth: "public",
  run: async () => scalarScriptResponse(),
});

export const allEndpoints: Endpoint[] = [
  ...operations,
  openApi as Endpoint,
  apiDocs as Endpoint,
  apiDocsScript as Endpoint,
];
