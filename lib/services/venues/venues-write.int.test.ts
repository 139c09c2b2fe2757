import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import {
  approveVenue,
  cloneVenue,
  createVenue,
  declineVenue,
  deleteVenue,
  getVenue,
  listVenues,
  updateVenue,
} from ".";
import {
  activityOf,
  as,
  db,
  ids,
  listIds,
  now,
  rowOf,
  setUpVenuesDatabase,
  venue,
} from "./venues.test-support";

setUpVenuesDatabase();

describe("createVenue", () => {
  const payload = (over: Record<string, unknown> = {}) => ({
    name: "  Royal Arena ",
    country_id: ids.country,
    city: "Copenhagen",
    address: "Hannemanns Allé 18",
    zip: "2300",
    province: "",
    entrance: "Gate 4",
    notes: "Load-in at the back",
    ...over,
  });

  it("a client contact's venue is its own company's and awaits approval, whatever it sends", async () => {
    const v = await createVenue(
      await as(ids.colA),
      payload({ company_id: ids.companyB, public: true }),
    );
    expect(v).toMatchObject({
      message: "Venue Royal Arena created",
      name: "Royal Arena",
      company_id: ids.companyA,
      status: "private",
      public: false,
      province: null,
      type: 1,
      original_id: null,
      created_by: { id: ids.colA },
    });
    const row = await rowOf(v.id);
    expect(row).toMatchObject({
      companyId: ids.companyA,
      status: "private",
      createdById: ids.colA,
    });
    const log = await activityOf(v.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ logName: "venues", causerId: ids.colA });
    expect(log[0].description).toBe("Created venue Royal Arena");
  });

  it("a client contact without a company cannot create venues (403)", async () => {
    const err = await appErrorOf(createVenue(await as(ids.colNone), payload()));
    expect(err.status).toBe(403);
  });

  it("staff create agency venues, venues of any company, and may publish at once", async () => {
    const ctx = await as(ids.pm);
    const agency = await createVenue(ctx, payload({ name: "Agency hall" }));
    expect(agency).toMatchObject({ company_id: null, company: null, status: "private" });
    const forB = await createVenue(
      ctx,
      payload({ name: "B hall", company_id: String(ids.companyB), public: "1", type: 3 }),
    );
    expect(forB).toMatchObject({ company_id: ids.companyB, status: "public", type: 3 });
    const blank = await createVenue(ctx, payload({ name: "Blank company", company_id: "" }));
    expect(blank.company_id).toBeNull();
  });

  it("refuses bad input with 422 per field and writes nothing", async () => {
    const ctx = await as(ids.admin);
    const err = await appErrorOf(createVenue(ctx, { name: "  ", country_id: "" }));
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({
      name: ["The name field is required."],
      country_id: ["The country field is required."],
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ country_id: 999999 }, "country_id", "The selected country does not exist."],
      [{ country_id: ids.closedCountry }, "country_id", "The selected country is not operational."],
      [{ company_id: 999999 }, "company_id", "The selected company does not exist."],
      [{ zip: "x".repeat(21) }, "zip", "may be at most 20 characters"],
      [{ country_id: "DK" }, "country_id", "must be a number"],
    ];
    for (const [over, field, message] of cases) {
      const e = await appErrorOf(createVenue(ctx, payload({ name: "Never saved", ...over })));
      expect(e.status).toBe(422);
      expect(e.errors?.[field]).toEqual([message]);
    }
    expect(
      await db.select().from(schema.venues).where(eq(schema.venues.name, "Never saved")),
    ).toEqual([]);
  });
});

describe("updateVenue", () => {
  it("a client contact edits its own private venue; company_id stays its own", async () => {
    const v = await venue({ companyId: ids.companyA, entrance: "Old gate" });
    const out = await updateVenue(await as(ids.colA), String(v.id), {
      name: "Renamed hall",
      entrance: "",
      company_id: ids.companyB,
    });
    expect(out).toMatchObject({
      message: "Venue Renamed hall updated",
      name: "Renamed hall",
      entrance: null,
      city: "Aarhus",
      company_id: ids.companyA,
      status: "private",
    });
    const log = await activityOf(v.id);
    expect(log.map((l) => l.description)).toEqual(["Edited venue Renamed hall"]);
  });

  it("editing a declined venue as its client contact submits it again for approval", async () => {
    const v = await venue({ companyId: ids.companyA, status: "declined" });
    const out = await updateVenue(await as(ids.colA), v.id, { notes: "Now with parking" });
    expect(out.status).toBe("private");
    // Staff editing a declined venue leave its status alone.
    const w = await venue({ companyId: ids.companyA, status: "declined" });
    expect((await updateVenue(await as(ids.pm), w.id, { notes: "x" })).status).toBe("declined");
  });

  it("403 for a client contact on a public venue (even its own); 404 on another company's private one", async () => {
    const ctx = await as(ids.colA);
    const ownPublic = await venue({ companyId: ids.companyA, status: "public" });
    const otherPublic = await venue({ companyId: ids.companyB, status: "public" });
    const otherPrivate = await venue({ companyId: ids.companyB });
    expect((await appErrorOf(updateVenue(ctx, ownPublic.id, { name: "x" }))).status).toBe(403);
    expect((await appErrorOf(updateVenue(ctx, otherPublic.id, { name: "x" }))).status).toBe(403);
    expect((await appErrorOf(updateVenue(ctx, otherPrivate.id, { name: "x" }))).status).toBe(404);
    expect((await appErrorOf(updateVenue(ctx, "abc", { name: "x" }))).status).toBe(422);
    expect((await rowOf(ownPublic.id)).name).toBe(ownPublic.name);
  });

  it("staff edit any venue and may move it to another company or to the agency", async () => {
    const v = await venue({ companyId: ids.companyB, status: "public" });
    const ctx = await as(ids.crewHandler);
    expect((await updateVenue(ctx, v.id, { company_id: ids.companyA })).company_id).toBe(
      ids.companyA,
    );
    const out = await updateVenue(ctx, v.id, { company_id: null, city: "Odense" });
    expect(out).toMatchObject({ company_id: null, city: "Odense", status: "public" });
  });

  it("422 for a blank name or an unknown country; a non-operational country it already has is kept", async () => {
    const ctx = await as(ids.pm);
    const v = await venue({ countryId: ids.closedCountry });
    const blank = await appErrorOf(updateVenue(ctx, v.id, { name: "" }));
    expect(blank.errors).toEqual({ name: ["The name field is required."] });
    const unknown = await appErrorOf(updateVenue(ctx, v.id, { country_id: 999999 }));
    expect(unknown.errors).toEqual({ country_id: ["The selected country does not exist."] });
    const same = await updateVenue(ctx, v.id, { country_id: ids.closedCountry, zip: "8000" });
    expect(same).toMatchObject({ country_id: ids.closedCountry, zip: "8000" });
  });
});

describe("approveVenue and declineVenue", () => {
  it("staff approve a private venue: it becomes public, with the spec's message and a log row", async () => {
    const v = await venue({ companyId: ids.companyA });
    const out = await approveVenue(await as(ids.pm), String(v.id));
    expect(out).toMatchObject({
      message: "Venue Hall 9 approved",
      status: "public",
      public: true,
    });
    expect((await rowOf(v.id)).status).toBe("public");
    const log = await activityOf(v.id);
    expect(log.map((l) => [l.description, l.causerId])).toEqual([
      [`Approved venue ${v.name}`, ids.pm],
    ]);
  });

  it("staff decline a private venue", async () => {
    const v = await venue({ companyId: ids.companyA });
    const out = await declineVenue(await as(ids.crewHandler), v.id);
    expect(out).toMatchObject({ message: "Venue Hall 10 declined", status: "declined" });
    expect((await activityOf(v.id))[0].description).toBe(`Declined venue ${v.name}`);
  });

  it("409 unless the venue awaits approval, and nothing changes", async () => {
    const ctx = await as(ids.admin);
    const pub = await venue({ status: "public" });
    const decl = await venue({ status: "declined" });
    const e1 = await appErrorOf(approveVenue(ctx, pub.id));
    expect(e1.status).toBe(409);
    expect(e1.type).toBe("venue_not_pending");
    expect(e1.message).toBe(
      "Only a venue awaiting approval can be approved; this venue is public.",
    );
    const e2 = await appErrorOf(declineVenue(ctx, decl.id));
    expect(e2.status).toBe(409);
    expect(e2.message).toBe(
      "Only a venue awaiting approval can be declined; this venue is declined.",
    );
    expect((await appErrorOf(approveVenue(ctx, decl.id))).status).toBe(409);
    expect((await appErrorOf(declineVenue(ctx, pub.id))).status).toBe(409);
    expect((await rowOf(pub.id)).status).toBe("public");
    expect((await rowOf(decl.id)).status).toBe("declined");
    expect(await activityOf(pub.id)).toEqual([]);
  });

  it("a client contact may not approve or decline, not even its own venue (403)", async () => {
    const own = await venue({ companyId: ids.companyA });
    const ctx = await as(ids.colA);
    expect((await appErrorOf(approveVenue(ctx, own.id))).status).toBe(403);
    expect((await appErrorOf(declineVenue(ctx, own.id))).status).toBe(403);
    expect((await rowOf(own.id)).status).toBe("private");
  });

  it("404 for an unknown venue, 422 for a non-numeric id", async () => {
    const ctx = await as(ids.pm);
    expect((await appErrorOf(approveVenue(ctx, 987654))).status).toBe(404);
    expect((await appErrorOf(declineVenue(ctx, "x"))).status).toBe(422);
  });
});

describe("cloneVenue", () => {
  it("a client contact copies a public venue into My venues", async () => {
    const src = await venue({ status: "public", entrance: "North door", notes: "Lift", type: 2 });
    const ctx = await as(ids.colA);
    const copy = await cloneVenue(ctx, String(src.id));
    expect(copy).toMatchObject({
      message: "Venue Hall 14 added to My venues",
      name: src.name,
      entrance: "North door",
      notes: "Lift",
      type: 2,
      status: "private",
      company_id: ids.companyA,
      original_id: src.id,
      created_by: { id: ids.colA },
    });
    expect(copy.id).not.toBe(src.id);
    expect(await listIds(ctx, { tab: "mine", filter: { search: src.name } })).toEqual([copy.id]);
    const log = await activityOf(copy.id);
    expect(log[0]).toMatchObject({ logName: "venues", causerId: ids.colA });
    expect(log[0].properties).toMatchObject({ originalId: src.id });

    const again = await appErrorOf(cloneVenue(ctx, src.id));
    expect(again.status).toBe(409);
    expect(again.type).toBe("venue_already_cloned");
    // Another company has its own copy.
    expect((await cloneVenue(await as(ids.colB), src.id)).company_id).toBe(ids.companyB);
  });

  it("staff clone into the agency's venues, created by them", async () => {
    const src = await venue({ status: "public", companyId: ids.companyB });
    const copy = await cloneVenue(await as(ids.pm), src.id);
    expect(copy).toMatchObject({ company_id: null, status: "private", original_id: src.id });
    expect(await listIds(await as(ids.pm), { tab: "mine", filter: { search: src.name } })).toEqual([
      copy.id,
    ]);
  });

  it("409 for a venue that is not public; 404 for another company's private venue", async () => {
    const priv = await venue({ companyId: ids.companyA });
    const err = await appErrorOf(cloneVenue(await as(ids.pm), priv.id));
    expect(err.status).toBe(409);
    expect(err.type).toBe("venue_not_public");
    expect(err.message).toBe("Only a public venue can be cloned into My venues.");
    expect((await appErrorOf(cloneVenue(await as(ids.colA), priv.id))).status).toBe(409);
    expect((await appErrorOf(cloneVenue(await as(ids.colB), priv.id))).status).toBe(404);
    expect((await appErrorOf(cloneVenue(await as(ids.colNone), priv.id))).status).toBe(403);
  });
});

describe("deleteVenue", () => {
  it("removes a venue nothing refers to", async () => {
    const v = await venue({ companyId: ids.companyA });
    const out = await deleteVenue(await as(ids.colA), String(v.id));
    expect(out).toEqual({ id: v.id, archived: false, message: "Venue Hall 17 deleted" });
    expect(await rowOf(v.id)).toBeUndefined();
    const log = await activityOf(v.id);
    expect(log.map((l) => l.description)).toEqual([`Deleted venue ${v.name}`]);
  });

  it("archives a venue a job (even an archived job) or a clone refers to", async () => {
    const ctx = await as(ids.pm);
    const used = await venue({ status: "public" });
    await db.insert(schema.jobs).values({
      name: "Uses the venue",
      companyId: ids.companyA,
      countryId: ids.country,
      venueId: used.id,
      deletedAt: now,
    });
    const out = await deleteVenue(ctx, used.id);
    expect(out).toMatchObject({ archived: true, message: "Venue Hall 18 deleted" });
    expect((await rowOf(used.id)).deletedAt).toEqual(now);
    expect((await appErrorOf(getVenue(ctx, used.id))).status).toBe(404);
    expect(await listIds(ctx, { filter: { search: used.name } })).toEqual([]);
    expect((await activityOf(used.id))[0].description).toBe(`Archived venue ${used.name}`);

    const src = await venue({ status: "public" });
    await cloneVenue(await as(ids.colA), src.id);
    expect((await deleteVenue(ctx, src.id)).archived).toBe(true);
    expect(await rowOf(src.id)).toBeDefined();
  });

  it("a client contact deletes only its own non-public venues", async () => {
    const ctx = await as(ids.colA);
    const ownPublic = await venue({ companyId: ids.companyA, status: "public" });
    const otherPrivate = await venue({ companyId: ids.companyB });
    expect((await appErrorOf(deleteVenue(ctx, ownPublic.id))).status).toBe(403);
    expect((await appErrorOf(deleteVenue(ctx, otherPrivate.id))).status).toBe(404);
    expect(await rowOf(ownPublic.id)).toBeDefined();
    expect(await rowOf(otherPrivate.id)).toBeDefined();
  });
});

describe("permission: venue_access for every verb", () => {
  it("a Freelancer gets 403 on every verb and nothing is written", async () => {
    const ctx = await as(ids.worker);
    const priv = await venue();
    const pub = await venue({ status: "public" });
    const calls = [
      listVenues(ctx, {}),
      getVenue(ctx, pub.id),
      createVenue(ctx, { name: "Freelancer venue", country_id: ids.country }),
      updateVenue(ctx, priv.id, { name: "Freelancer edit" }),
      deleteVenue(ctx, priv.id),
      approveVenue(ctx, priv.id),
      declineVenue(ctx, priv.id),
      cloneVenue(ctx, pub.id),
    ];
    for (const call of calls) expect((await appErrorOf(call)).status).toBe(403);
    expect(await rowOf(priv.id)).toMatchObject({ name: priv.name, status: "private" });
    expect(
      await db.select().from(schema.venues).where(eq(schema.venues.name, "Freelancer venue")),
    ).toEqual([]);
    // Even with a bad id the answer is 403, not a hint about the id.
    expect((await appErrorOf(getVenue(ctx, "abc"))).status).toBe(403);
  });
});
