import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { roleId } from "@/seed/reference";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import * as helpRoute from "@/app/api/v2/help/route";
import * as articlesRoute from "@/app/api/v2/help/articles/route";
import * as articleRoute from "@/app/api/v2/help/articles/[id]/route";
import * as categoriesRoute from "@/app/api/v2/help-categories/route";
import * as categoryRoute from "@/app/api/v2/help-categories/[id]/route";
import * as weightsRoute from "@/app/api/v2/help-categories/save-weights/route";

let handle: DbHandle;
let db: Db;
const tokens = {} as Record<"admin" | "pm" | "handler" | "worker" | "client", string>;
const cat = {} as Record<"workers" | "clients" | "everyone" | "office", number>;
const art = {} as Record<"workers" | "clients" | "everyone" | "office", number>;

const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], ...extra })).id, new Date()))
    .access_token;

const call = (handler: RouteHandler, path: string, c: ApiCall = {}) => callRoute(handler, path, c);
const item = (id: number | string) => ({ params: { id: String(id) } });

interface Article {
  id: number;
  title: string;
  body: string;
  excerpt: string;
  category_id: number;
  category_name: string;
  message?: string;
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { company } = await createCountryAndCompany(db);
  tokens.admin = await tokenFor(ROLE.admin);
  tokens.pm = await tokenFor(ROLE.projectManager);
  tokens.handler = await tokenFor(ROLE.crewHandler);
  tokens.worker = await tokenFor(ROLE.worker);
  tokens.client = await tokenFor(ROLE.client, { companyId: company.id });
  const roles = {
    worker: await roleId(db, ROLE.worker),
    client: await roleId(db, ROLE.client),
    pm: await roleId(db, ROLE.projectManager),
    handler: await roleId(db, ROLE.crewHandler),
  };
  const defs = [
    ["workers", "Working shifts", [roles.worker]],
    ["clients", "Requesting crew", [roles.client]],
    ["everyone", "Your account", []],
    ["office", "Booking crew", [roles.pm, roles.handler]],
  ] as const;
  for (const [key, name, targetRoles] of defs) {
    const res = await call(categoriesRoute.POST, "help-categories", {
      method: "POST",
      token: tokens.admin,
      json: { name, target_roles: targetRoles },
    });
    expect(res.status).toBe(201);
    cat[key] = (res.body as { data: { id: number } }).data.id;
    const made = await call(articlesRoute.POST, "help/articles", {
      method: "POST",
      token: tokens.admin,
      json: {
        title: `${name} guide`,
        body: `<h2>${name}</h2><p>How ${key} work.</p>`,
        category_id: cat[key],
      },
    });
    expect(made.status).toBe(201);
    art[key] = (made.body as { data: Article }).data.id;
  }
});
afterAll(async () => {
  await handle?.close();
});

const titles = (body: unknown) => (body as { data: Article[] }).data.map((a) => a.title);

describe("/api/v2/help/articles: writing", () => {
  it("POST sanitizes the body before storing it: a <script> is gone when read back", async () => {
    const res = await call(articlesRoute.POST, "help/articles", {
      method: "POST",
      token: tokens.admin,
      json: {
        title: "Reporting hours",
        body: '<h2>Report</h2><p onclick="steal()">Open <a href="javascript:alert(1)">this</a> and <a href="https://crewdeck.test/hours">that</a>.</p><script>alert("xss")</script><img src=x onerror=alert(1)>',
        category_id: cat.workers,
      },
    });
    expect(res.status).toBe(201);
    const data = (res.body as { data: Article }).data;
    expect(data.message).toBe("Article Reporting hours created");
    const expected =
      '<h2>Report</h2><p>Open <a rel="noopener noreferrer nofollow">this</a> and <a href="https://crewdeck.test/hours" rel="noopener noreferrer nofollow">that</a>.</p>';
    expect(data.body).toBe(expected);
    const [stored] = await db
      .select({ body: schema.helpArticles.body })
      .from(schema.helpArticles)
      .where(eq(schema.helpArticles.id, data.id));
    expect(stored.body).toBe(expected);
    const read = await call(articleRoute.GET, `help/articles/${data.id}`, {
      token: tokens.worker,
      ...item(data.id),
    });
    expect(read.status).toBe(200);
    expect((read.body as { data: Article }).data.body).not.toMatch(
      /script|onclick|onerror|javascript/i,
    );
  });

  it("answers bad input with 422 and field errors, and nothing is stored", async () => {
    const before = await db.$count(schema.helpArticles);
    const cases: [unknown, string][] = [
      [{ body: "<p>x</p>", category_id: cat.workers }, "title"],
      [{ title: "T", category_id: cat.workers }, "body"],
      [{ title: "T", body: "<script>only()</script>", category_id: cat.workers }, "body"],
      [{ title: "T", body: "<p>x</p>" }, "category_id"],
      [{ title: "T", body: "<p>x</p>", category_id: 999999 }, "category_id"],
      [{ title: "T", body: "<p>x</p>", category_id: "abc" }, "category_id"],
      [{ title: "T", body: `<p>${"x".repeat(100_001)}</p>`, category_id: cat.workers }, "body"],
      [{ title: 5, body: "<p>x</p>", category_id: cat.workers }, "title"],
    ];
    for (const [json, field] of cases) {
      const res = await call(articlesRoute.POST, "help/articles", {
        method: "POST",
        token: tokens.admin,
        json,
      });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(422);
      expect(Object.keys((res.body as { errors: object }).errors)).toContain(field);
    }
    expect(await db.$count(schema.helpArticles)).toBe(before);
  });

  it("POST needs article_create and PUT/DELETE article_edit: 403 for PM, handler, worker, client", async () => {
    for (const who of ["pm", "handler", "worker", "client"] as const) {
      const post = await call(articlesRoute.POST, "help/articles", {
        method: "POST",
        token: tokens[who],
        json: { title: "T", body: "<p>x</p>", category_id: cat.everyone },
      });
      expect(post.status, who).toBe(403);
      const put = await call(articleRoute.PUT, `help/articles/${art.everyone}`, {
        method: "PUT",
        token: tokens[who],
        json: { title: "T", body: "<p>x</p>", category_id: cat.everyone },
        ...item(art.everyone),
      });
      expect(put.status, who).toBe(403);
      const del = await call(articleRoute.DELETE, `help/articles/${art.everyone}`, {
        method: "DELETE",
        token: tokens[who],
        ...item(art.everyone),
      });
      expect(del.status, who).toBe(403);
    }
    const anonymous = await call(articlesRoute.GET, "help/articles");
    expect(anonymous.status).toBe(401);
  });

  it("PUT edits (moving it to another category) and DELETE removes; bad ids are 404", async () => {
    const made = await call(articlesRoute.POST, "help/articles", {
      method: "POST",
      token: tokens.admin,
      json: { title: "Draft", body: "<p>Draft</p>", category_id: cat.workers },
    });
    const id = (made.body as { data: Article }).data.id;
    const put = await call(articleRoute.PUT, `help/articles/${id}`, {
      method: "PUT",
      token: tokens.admin,
      json: {
        title: "Final",
        body: "<h3>Final</h3><ul><li>one</li></ul>",
        category_id: cat.office,
      },
      ...item(id),
    });
    expect(put.status).toBe(200);
    expect((put.body as { data: Article }).data).toMatchObject({
      title: "Final",
      body: "<h3>Final</h3><ul><li>one</li></ul>",
      category_id: cat.office,
      category_name: "Booking crew",
      message: "Article Final edited",
    });
    for (const bad of ["999999", "abc", "-1"]) {
      for (const [handler, method] of [
        [articleRoute.GET, "GET"],
        [articleRoute.PUT, "PUT"],
        [articleRoute.DELETE, "DELETE"],
      ] as const) {
        const res = await call(handler, `help/articles/${bad}`, {
          method,
          token: tokens.admin,
          ...(method === "PUT"
            ? { json: { title: "T", body: "<p>x</p>", category_id: cat.office } }
            : {}),
          ...item(bad),
        });
        expect(res.status, `${method} ${bad}`).toBe(404);
        expect(res.body).toMatchObject({ message: "Help article not found." });
      }
    }
    const del = await call(articleRoute.DELETE, `help/articles/${id}`, {
      method: "DELETE",
      token: tokens.admin,
      ...item(id),
    });
    expect(del.status).toBe(200);
    expect((del.body as { data: object }).data).toEqual({
      id,
      message: "Article Final deleted",
    });
    const gone = await call(articleRoute.GET, `help/articles/${id}`, {
      token: tokens.admin,
      ...item(id),
    });
    expect(gone.status).toBe(404);
  });
});

describe("reading help: scoped by role", () => {
  it("a worker reads worker and everyone articles only; others are 404", async () => {
    const list = await call(articlesRoute.GET, "help/articles?perPage=50", {
      token: tokens.worker,
    });
    expect(list.status).toBe(200);
    expect(
      titles(list.body)
        .filter((t) => t.endsWith("guide"))
        .sort(),
    ).toEqual(["Working shifts guide", "Your account guide"]);
    for (const key of ["clients", "office"] as const) {
      const res = await call(articleRoute.GET, `help/articles/${art[key]}`, {
        token: tokens.worker,
        ...item(art[key]),
      });
      expect(res.status, key).toBe(404);
    }
    const filtered = await call(
      articlesRoute.GET,
      `help/articles?filter[category_id]=${cat.clients}`,
      { token: tokens.worker },
    );
    expect((filtered.body as { meta: { total: number } }).meta.total).toBe(0);
  });

  it("a client contact reads client and everyone articles only", async () => {
    const list = await call(articlesRoute.GET, "help/articles?perPage=50", {
      token: tokens.client,
    });
    expect(titles(list.body).sort()).toEqual(["Requesting crew guide", "Your account guide"]);
    const res = await call(articleRoute.GET, `help/articles/${art.workers}`, {
      token: tokens.client,
      ...item(art.workers),
    });
    expect(res.status).toBe(404);
    const mine = await call(articleRoute.GET, `help/articles/${art.clients}`, {
      token: tokens.client,
      ...item(art.clients),
    });
    expect(mine.status).toBe(200);
  });

  it("GET help answers the reader's categories in order with excerpts, and searches", async () => {
    const res = await call(helpRoute.GET, "help", { token: tokens.handler });
    expect(res.status).toBe(200);
    const data = (
      res.body as {
        data: { categories: { name: string; articles: { title: string; excerpt: string }[] }[] };
      }
    ).data;
    expect(data.categories.map((c) => c.name)).toEqual(["Your account", "Booking crew"]);
    expect(data.categories[0].articles[0]).toMatchObject({
      title: "Your account guide",
      excerpt: "Your account How everyone work.",
    });
    const search = await call(helpRoute.GET, "help?search=everyone", { token: tokens.handler });
    const found = (search.body as { data: { categories: { name: string }[]; total: number } }).data;
    expect(found.categories.map((c) => c.name)).toEqual(["Your account"]);
    expect(found.total).toBe(1);
    const tooLong = await call(helpRoute.GET, `help?search=${"x".repeat(201)}`, {
      token: tokens.handler,
    });
    expect(tooLong.status).toBe(422);
  });

  it("an administrator reads everything", async () => {
    const list = await call(articlesRoute.GET, "help/articles?perPage=50", { token: tokens.admin });
    expect(titles(list.body)).toEqual(
      expect.arrayContaining([
        "Working shifts guide",
        "Requesting crew guide",
        "Booking crew guide",
        "Your account guide",
      ]),
    );
  });
});

describe("/api/v2/help-categories", () => {
  it("lists for help_category_access only, saves weights and refuses deleting a full category", async () => {
    const list = await call(categoriesRoute.GET, "help-categories", { token: tokens.admin });
    expect(list.status).toBe(200);
    expect((list.body as { meta: object }).meta).toMatchObject({ per_page: 10, current_page: 1 });
    for (const who of ["pm", "worker", "client"] as const) {
      expect(
        (await call(categoriesRoute.GET, "help-categories", { token: tokens[who] })).status,
      ).toBe(403);
    }
    const ids = [cat.office, cat.everyone, cat.clients, cat.workers];
    const saved = await call(weightsRoute.POST, "help-categories/save-weights", {
      method: "POST",
      token: tokens.admin,
      json: { ids },
    });
    expect(saved.status).toBe(200);
    expect((saved.body as { data: object }).data).toEqual({
      ids,
      message: "Weights set successfully",
    });
    const reordered = await call(helpRoute.GET, "help", { token: tokens.handler });
    expect(
      (reordered.body as { data: { categories: { name: string }[] } }).data.categories.map(
        (c) => c.name,
      ),
    ).toEqual(["Booking crew", "Your account"]);
    const del = await call(categoryRoute.DELETE, `help-categories/${cat.workers}`, {
      method: "DELETE",
      token: tokens.admin,
      ...item(cat.workers),
    });
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({ type: "help_category_in_use" });
    const one = await call(categoryRoute.GET, `help-categories/${cat.workers}`, {
      token: tokens.admin,
      ...item(cat.workers),
    });
    expect(one.status).toBe(200);
    const missing = await call(categoryRoute.GET, "help-categories/abc", {
      token: tokens.admin,
      ...item("abc"),
    });
    expect(missing.status).toBe(404);
  });
});
