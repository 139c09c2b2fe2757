import { describe, expect, it } from "vitest";
import { appErrorOf } from "@/lib/testing/app-error";
import { getVenue, listVenues } from ".";
import { as, ids, listIds, now, setUpVenuesDatabase, venue } from "./venues.test-support";

setUpVenuesDatabase();

describe("listVenues", () => {
  it("public tab: approved venues only, for staff and client contacts alike", async () => {
    const tag = "Tabpub";
    const pubB = await venue({
      name: `${tag} B public`,
      status: "public",
      companyId: ids.companyB,
    });
    const pubAgency = await venue({ name: `${tag} agency public`, status: "public" });
    await venue({ name: `${tag} A private`, companyId: ids.companyA });
    await venue({ name: `${tag} A declined`, companyId: ids.companyA, status: "declined" });
    for (const user of [ids.colA, ids.pm, ids.colNone]) {
      const got = await listIds(await as(user), { tab: "public", filter: { search: tag } });
      expect(got.sort((x, y) => x - y)).toEqual([pubB.id, pubAgency.id].sort((x, y) => x - y));
    }
  });

  it("a client contact never sees another company's private or declined venue, on any tab", async () => {
    const tag = "Scopecheck";
    const privB = await venue({ name: `${tag} B private`, companyId: ids.companyB });
    const declB = await venue({
      name: `${tag} B declined`,
      companyId: ids.companyB,
      status: "declined",
    });
    const privA = await venue({ name: `${tag} A private`, companyId: ids.companyA });
    const pubB = await venue({
      name: `${tag} B public`,
      companyId: ids.companyB,
      status: "public",
    });
    const ctx = await as(ids.colA);
    for (const tab of ["public", "mine", "all"]) {
      for (const filter of [
        { search: tag },
        { search: tag, status: "private" },
        { search: tag, company_id: ids.companyB },
      ]) {
        const got = await listIds(ctx, { tab, filter });
        expect(got).not.toContain(privB.id);
        expect(got).not.toContain(declB.id);
      }
    }
    expect(await listIds(ctx, { tab: "all", filter: { search: tag } })).toEqual(
      [privA.id, pubB.id].sort((x, y) => x - y),
    );
    // A client contact without a company sees only public venues.
    expect(await listIds(await as(ids.colNone), { tab: "all", filter: { search: tag } })).toEqual([
      pubB.id,
    ]);
    expect(await listIds(await as(ids.colNone), { tab: "mine" })).toEqual([]);
  });

  it("a client contact's company filter is its own company: another company's public venues are not told apart (issue 27)", async () => {
    const tag = "Ownerfilter";
    const pubB = await venue({
      name: `${tag} B public`,
      companyId: ids.companyB,
      status: "public",
    });
    const pubA = await venue({
      name: `${tag} A public`,
      companyId: ids.companyA,
      status: "public",
    });
    const privA = await venue({ name: `${tag} A private`, companyId: ids.companyA });
    const pubAgency = await venue({ name: `${tag} agency public`, status: "public" });
    const byCompany = async (user: number, company: number) =>
      listIds(await as(user), { tab: "all", filter: { search: tag, company_id: company } });
    // Another company: nothing, though it owns a public venue the contact sees unfiltered.
    expect(await byCompany(ids.colA, ids.companyB)).toEqual([]);
    expect(await listIds(await as(ids.colA), { tab: "all", filter: { search: tag } })).toContain(
      pubB.id,
    );
    expect(await byCompany(ids.colNone, ids.companyB)).toEqual([]);
    // Its own company: its own venues, public or not.
    expect(await byCompany(ids.colA, ids.companyA)).toEqual([privA.id, pubA.id]);
    // The agency filters on any company.
    expect(await byCompany(ids.pm, ids.companyB)).toEqual([pubB.id]);
    expect(await byCompany(ids.pm, ids.companyA)).not.toContain(pubAgency.id);
  });

  it("staff see every venue; the status filter finds the ones awaiting approval", async () => {
    const tag = "Staffall";
    const privB = await venue({ name: `${tag} 1 B private`, companyId: ids.companyB });
    const privA = await venue({ name: `${tag} 2 A private`, companyId: ids.companyA });
    const pub = await venue({ name: `${tag} 3 public`, status: "public" });
    const decl = await venue({ name: `${tag} 4 declined`, status: "declined" });
    await venue({ name: `${tag} 5 archived`, deletedAt: now });
    for (const user of [ids.admin, ids.pm, ids.crewHandler]) {
      const ctx = await as(user);
      expect(await listIds(ctx, { tab: "all", filter: { search: tag } })).toEqual([
        privB.id,
        privA.id,
        pub.id,
        decl.id,
      ]);
      expect(await listIds(ctx, { filter: { search: tag, status: "private" } })).toEqual([
        privB.id,
        privA.id,
      ]);
      expect(
        await listIds(ctx, { filter: { search: tag, company_id: String(ids.companyA) } }),
      ).toEqual([privA.id]);
    }
  });

  it("My venues: a client contact's company's venues that are not public; staff's own non-public ones", async () => {
    const tag = "Minetab";
    const privA = await venue({ name: `${tag} 1 A private`, companyId: ids.companyA });
    const declA = await venue({
      name: `${tag} 2 A declined`,
      companyId: ids.companyA,
      status: "declined",
    });
    await venue({ name: `${tag} 3 A public`, companyId: ids.companyA, status: "public" });
    const byPm = await venue({ name: `${tag} 4 by pm`, createdById: ids.pm });
    await venue({ name: `${tag} 5 by pm public`, createdById: ids.pm, status: "public" });
    await venue({ name: `${tag} 6 by admin`, createdById: ids.admin });
    expect(await listIds(await as(ids.colA), { tab: "mine", filter: { search: tag } })).toEqual([
      privA.id,
      declA.id,
    ]);
    expect(await listIds(await as(ids.pm), { tab: "mine", filter: { search: tag } })).toEqual([
      byPm.id,
    ]);
  });

  it("searches name or city, pages by 10 on the server, and answers with views and rights", async () => {
    const tag = "Pagingvenue";
    for (let i = 0; i < 11; i++) await venue({ name: `${tag} ${String(i).padStart(2, "0")}` });
    await venue({ name: "Somewhere else", city: `${tag}city`, status: "public" });
    const ctx = await as(ids.pm);
    const first = await listVenues(ctx, { filter: { search: tag.toLowerCase() } });
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(first.items).toHaveLength(10);
    const second = await listVenues(ctx, { page: "2", filter: { search: tag } });
    expect(second.items.map((v) => v.name)).toEqual([`${tag} 10`, "Somewhere else"]);
    const pub = second.items[1];
    expect(pub).toMatchObject({
      status: "public",
      public: true,
      type: 1,
      country: { id: ids.country, name: "Denmark" },
      company: null,
      can: { edit: true, delete: true, approve: false, decline: false, clone: true },
    });
    expect(second.items[0].can).toMatchObject({ approve: true, decline: true, clone: false });
    // A search for % or _ is literal, not a wildcard.
    expect((await listVenues(ctx, { filter: { search: "%" } })).items).toEqual([]);
  });

  it("refuses a bad tab, status or page with 422", async () => {
    const ctx = await as(ids.pm);
    for (const input of [{ tab: "mine2" }, { filter: { status: "open" } }, { page: "0" }]) {
      expect((await appErrorOf(listVenues(ctx, input))).status).toBe(422);
    }
  });
});

describe("getVenue", () => {
  it("needs a numeric id: 422 'A valid branch id is required'", async () => {
    const ctx = await as(ids.pm);
    for (const bad of ["abc", "12abc", "", "0", "-3", "1.5", undefined, "99999999999"]) {
      const err = await appErrorOf(getVenue(ctx, bad));
      expect(err.status).toBe(422);
      expect(err.message).toBe("A valid branch id is required");
      expect(err.errors).toEqual({ id: ["A valid branch id is required"] });
    }
  });

  it("404 for another company's private venue for a client contact; staff see it", async () => {
    const privB = await venue({ companyId: ids.companyB });
    const pubB = await venue({ companyId: ids.companyB, status: "public" });
    const err = await appErrorOf(getVenue(await as(ids.colA), String(privB.id)));
    expect(err.status).toBe(404);
    expect(err.message).toBe("Venue not found.");
    const seen = await getVenue(await as(ids.colA), pubB.id);
    // Another client's public venue is offered, but not whose it is (security matrix, issue 27).
    expect(seen).toMatchObject({
      id: pubB.id,
      company_id: null,
      company: null,
      can: { edit: false, delete: false, approve: false, decline: false, clone: true },
    });
    expect(JSON.stringify(seen)).not.toContain("Venue Company B");
    expect(await getVenue(await as(ids.colB), pubB.id)).toMatchObject({
      company: { id: ids.companyB, name: "Venue Company B" },
    });
    expect(await getVenue(await as(ids.pm), pubB.id)).toMatchObject({
      company: { id: ids.companyB, name: "Venue Company B" },
    });
    expect((await getVenue(await as(ids.crewHandler), privB.id)).id).toBe(privB.id);
    expect((await getVenue(await as(ids.colB), privB.id)).can.edit).toBe(true);
    expect((await appErrorOf(getVenue(await as(ids.pm), 987654))).status).toBe(404);
    const archived = await venue({ deletedAt: now });
    expect((await appErrorOf(getVenue(await as(ids.admin), archived.id))).status).toBe(404);
  });
});
