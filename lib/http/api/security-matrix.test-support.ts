/**
 * The seeded world of the security matrix (security-matrix.int.test.ts): the demo seed's
 * accounts signed in through POST /auth/login, and for each kind of record one id foreign to
 * worker@ and col@'s company and, for those two, one of their own.
 */
import path from "node:path";
import { DEMO_PASSWORD } from "@/seed/data/people";
import { callRoute, type RouteHandler } from "@/lib/testing/route-request";
import * as loginRoute from "@/app/api/v2/auth/login/route";
import type { Caller } from "./security-matrix.table";

type Rows = <T>(query: string, params?: unknown[]) => Promise<T[]>;

export const CALLER_EMAIL: Record<Exclude<Caller, "O">, string> = {
  A: "admin@crewdeck.test",
  P: "pm@crewdeck.test",
  H: "handler@crewdeck.test",
  C: "col@crewdeck.test",
  W: "worker@crewdeck.test",
  N: "applicant@crewdeck.test",
};

let ip = 0;
/** A fresh bearer token of a demo account (each from its own address: no sign-in limit). */
export async function tokenOf(email: string): Promise<string> {
  const res = await callRoute(loginRoute.POST as RouteHandler, "auth/login", {
    method: "POST",
    json: { email, password: DEMO_PASSWORD },
    headers: { "x-forwarded-for": `10.27.${Math.floor(++ip / 250)}.${ip % 250}` },
  });
  const token = (res.body as { data?: { token?: { access_token?: string } } })?.data?.token
    ?.access_token;
  if (!token) throw new Error(`sign-in of ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return token;
}

const root = path.join(process.cwd(), "app", "api", "v2");
export async function handlerOf(method: string, apiPath: string): Promise<RouteHandler> {
  const dir = apiPath
    .split("/")
    .filter(Boolean)
    .map((seg) => seg.replace(/^\{(\w+)\}$/, "[$1]"));
  const mod = (await import(/* @vite-ignore */ path.join(root, ...dir, "route.ts"))) as Record<
    string,
    RouteHandler
  >;
  return mod[method];
}

/** One record of each kind: a foreign one, and worker@'s and col@'s own where they have one. */
export interface Ids {
  foreign: number | string;
  W?: number | string;
  C?: number | string;
}

export interface World {
  users: Record<Exclude<Caller, "O">, number>;
  /** Strings of foreign records that must never reach worker@, col@ or the applicant. */
  foreignMarkers: { worker: string[]; client: string[] };
  ids: Record<string, Ids>;
}

export async function loadWorld(rows: Rows): Promise<World> {
  const one = async (q: string, p: unknown[] = []) => {
    const [r] = await rows<{ id: number | string }>(q, p);
    if (!r) throw new Error(`security matrix: no row for ${q}`);
    return r.id;
  };
  const users = {} as World["users"];
  for (const [k, email] of Object.entries(CALLER_EMAIL))
    users[k as keyof World["users"]] = Number(
      await one(`select id from users where email = $1`, [email]),
    );
  const W = users.W;
  const comp = await one(`select company_id as id from users where id = $1`, [users.C]);
  const fw = (
    await rows<{ id: number; email: string; phone: string | null }>(
      `select u.id, u.email, u.phone from users u
        join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
       where r.title = 'Freelancer' and u.approved and u.id <> $1 and u.deleted_at is null
       order by u.id limit 1`,
      [W],
    )
  )[0];
  const fc = (
    await rows<{ id: number; name: string }>(
      `select id, name from companies where id <> $1 and deleted_at is null order by id limit 1`,
      [comp],
    )
  )[0];
  const fContact = (
    await rows<{ email: string }>(
      `select u.email from users u where u.company_id = $1 order by u.id limit 1`,
      [fc.id],
    )
  )[0];
  const fJob = await one(
    `select j.id from jobs j where j.company_id = $1 and not exists (
       select 1 from applications a join shifts s on s.id = a.shift_id
        where s.job_id = j.id and a.assignee_id = $2) and j.deleted_at is null order by j.id limit 1`,
    [fc.id, W],
  );
  const wJob = await one(
    `select s.job_id as id from applications a join shifts s on s.id = a.shift_id
      where a.assignee_id = $1 order by s.starts_at desc limit 1`,
    [W],
  );
  const cJob = await one(
    `select id from jobs where company_id = $1 and deleted_at is null order by id limit 1`,
    [comp],
  );
  const shiftOf = (job: unknown) =>
    one(`select id from shifts where job_id = $1 order by id limit 1`, [job]);
  const appOf = (job: unknown, who?: number) =>
    one(
      `select a.id from applications a join shifts s on s.id = a.shift_id where s.job_id = $1
        ${who ? "and a.assignee_id = $2" : "and a.assignee_id <> $2"} order by a.id limit 1`,
      [job, who ?? W],
    );
  const fApp = await appOf(fJob);
  const wApp = await appOf(wJob, W);
  const cApp = await appOf(cJob);
  const slotOf = (app: unknown) =>
    one(`select shift_slot_id as id from applications where id = $1`, [app]);
  const hoursOf = async (cond: string, p: unknown[]) =>
    one(
      `select h.id from reported_hours h join applications a on a.id = h.application_id
        join shifts s on s.id = a.shift_id join jobs j on j.id = s.job_id where ${cond}
        order by h.id limit 1`,
      p,
    );
  const minId = (table: string) => one(`select min(id) as id from ${table}`);
  const ids: Record<string, Ids> = {
    user: { foreign: fw.id, W, C: users.C },
    job: { foreign: fJob, W: wJob, C: cJob },
    shift: { foreign: await shiftOf(fJob), W: await shiftOf(wJob), C: await shiftOf(cJob) },
    application: { foreign: fApp, W: wApp, C: cApp },
    slot: { foreign: await slotOf(fApp), W: await slotOf(wApp), C: await slotOf(cApp) },
    hours: {
      foreign: await hoursOf(`j.company_id = $1 and a.assignee_id <> $2`, [fc.id, W]),
      W: await hoursOf(`a.assignee_id = $1`, [W]),
      C: await hoursOf(`j.company_id = $1`, [comp]),
    },
    company: { foreign: fc.id, C: comp },
    document: {
      foreign: await one(`select id from documents where user_id <> $1 order by id limit 1`, [W]),
      W: await one(`select id from documents where user_id = $1 order by id limit 1`, [W]),
    },
    note: { foreign: await minId("notes") },
    quote: {
      foreign: await one(`select id from quotes where company_id <> $1 order by id limit 1`, [
        comp,
      ]),
      C: await one(
        `select coalesce((select id from quotes where company_id = $1 and status <> 'Draft'
          order by id limit 1), 0) as id`,
        [comp],
      ),
    },
    companyFile: {
      foreign: await one(
        `select coalesce((select id from company_files where company_id <> $1 order by id
          limit 1), 999999) as id`,
        [comp],
      ),
    },
    chat: {
      foreign: await one(
        `select c.id from chats c where not exists (select 1 from chat_participants p
          where p.chat_id = c.id and p.user_id in ($1, $2)) order by c.id limit 1`,
        [W, users.C],
      ),
      W: await one(`select chat_id as id from chat_participants where user_id = $1 limit 1`, [W]),
      C: await one(`select chat_id as id from chat_participants where user_id = $1 limit 1`, [
        users.C,
      ]),
    },
    venue: { foreign: await minId("venues") },
    template: { foreign: await minId("job_templates") },
    dresscode: { foreign: await minId("dress_codes") },
    holiday: { foreign: await minId("agency_holidays") },
    documentType: { foreign: await minId("document_types") },
    level: { foreign: await minId("levels") },
    language: { foreign: await minId("languages") },
    equipment: { foreign: await minId("equipment_categories") },
    skill: { foreign: await minId("skills") },
    preset: { foreign: await minId("rate_presets") },
    clientRate: { foreign: await minId("client_rates") },
    role: { foreign: await minId("roles") },
    permission: { foreign: await minId("permissions") },
    country: { foreign: await minId("countries") },
    branch: { foreign: await minId("branches") },
    article: { foreign: await minId("help_articles") },
    helpCategory: { foreign: await minId("help_categories") },
    additionalCost: { foreign: await minId("additional_costs") },
    salaryRun: { foreign: await minId("salary_runs") },
    monitor: { foreign: await minId("progress_monitors") },
    session: {
      foreign: await one(
        `select coalesce((select id from user_sessions where user_id <> $1 order by id limit 1),
          999999) as id`,
        [W],
      ),
    },
    token: {
      foreign: await one(
        `select coalesce((select id from api_tokens where user_id <> $1 order by id limit 1),
          999999) as id`,
        [W],
      ),
    },
    helpImage: {
      foreign: await one(
        `select coalesce((select key from help_images order by id limit 1), 'none.png') as id`,
      ),
    },
  };
  for (const v of Object.values(ids))
    for (const k of ["foreign", "W", "C"] as const) if (v[k] === null) delete v[k];
  return {
    users,
    foreignMarkers: { worker: [fw.email], client: [fc.name, fContact?.email].filter(Boolean) },
    ids,
  };
}

/** The kind of record a path parameter names. */
export function kindOf(apiPath: string, param: string): string | null {
  const rules: [RegExp, string, string][] = [
    [/^\/auth\/sessions/, "id", "session"],
    [/^\/auth\/tokens/, "id", "token"],
    [/^\/auth\/remembered-devices/, "id", "session"],
    [/^\/application-change/, "shiftId", "shift"],
    [/^\/application-change/, "applicationId", "application"],
    [/^\/jobs\/additional-costs/, "id", "additionalCost"],
    [/^\/jobs/, "id", "job"],
    [/^\/jobs\/build-template-data/, "jobId", "job"],
    [/^\/crew-list-pdf/, "jobId", "job"],
    [/^\/job-crew-status/, "id", "job"],
    [/^\/shift-crew-status/, "id", "shift"],
    [/^\/shift-slots/, "id", "slot"],
    [/^\/applications/, "id", "application"],
    [/^\/reported-hours/, "id", "hours"],
    [/^\/notes/, "id", "note"],
    [/^\/dresscodes/, "id", "dresscode"],
    [/^\/settings\/holidays/, "id", "holiday"],
    [/^\/venues/, "id", "venue"],
    [/^\/job-templates/, "id", "template"],
    [/^\/(users|payment-information|activities|on-call)/, "id", "user"],
    [/^\/(users|payment-information|activities|on-call)/, "userId", "user"],
    [/^\/documents/, "id", "document"],
    [/^\/document-types/, "id", "documentType"],
    [/^\/levels/, "id", "level"],
    [/^\/languages/, "id", "language"],
    [/^\/equipment-categories/, "id", "equipment"],
    [/^\/skillsForRates/, "id", "company"],
    [/^\/skills/, "id", "skill"],
    [/^\/rates\/presets/, "id", "preset"],
    [/^\/rates\/client/, "company_id", "company"],
    [/^\/rates\/update/, "id", "clientRate"],
    [/^\/roles/, "id", "role"],
    [/^\/permissions/, "id", "permission"],
    [/^\/countries/, "id", "country"],
    [/^\/branches/, "id", "branch"],
    [/^\/help\/articles/, "id", "article"],
    [/^\/help\/images/, "file", "helpImage"],
    [/^\/help-categories/, "id", "helpCategory"],
    [/^\/companies/, "fileId", "companyFile"],
    [/^\/companies/, "id", "company"],
    [/^\/job-progress/, "id", "monitor"],
    [/^\/salary\/history/, "id", "salaryRun"],
    [/^\/job-quotes/, "id", "quote"],
    [/^\/chat/, "chat_id", "chat"],
  ];
  for (const [re, name, kind] of rules) if (re.test(apiPath) && name === param) return kind;
  return null;
}
