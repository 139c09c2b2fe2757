import { describe, expect, it } from "vitest";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { listCountries } from "../reference";
import { createCountry } from ".";
import {
  db,
  admin,
  denmarkId,
  sweden,
  activityFor,
  setupCountriesWorld,
} from "./countries.test-support";

setupCountriesWorld();

describe("createCountry", () => {
  it("creates a country with every field, answers the message and logs it", async () => {
    const created = await createCountry(admin, { ...sweden, name: "  Sweden " });
    expect(created).toEqual({
      id: expect.any(Number),
      name: "Sweden",
      iso_code: "SE",
      currency: "SEK",
      time_zone: "Europe/Stockholm",
      operational: true,
      phone_prefix: "+46",
      rest_hours: 9,
      vat_basis_points: 2500,
      used_by: { count: 0, label: "" },
      message: "Country Sweden created",
    });
    const log = await activityFor(created.id);
    expect(log).toHaveLength(1);
    expect(log[0].description).toBe('Created country "Sweden"');
  });

  it("shows an operational country in the pickers' list and hides a non-operational one", async () => {
    const se = await createCountry(admin, sweden);
    const fi = await createCountry(admin, {
      ...sweden,
      name: "Finland",
      iso_code: "FI",
      currency: "EUR",
      time_zone: "Europe/Helsinki",
      operational: "0",
    });
    expect(fi.operational).toBe(false);
    const picker = await listCountries(admin, {});
    expect(picker.map((c) => c.id)).toEqual([denmarkId, se.id]);
    expect(picker[1]).toMatchObject({ iso_code: "SE", currency: "SEK", operational: true });
    const all = await listCountries(admin, { all: "1" });
    expect(all.map((c) => c.id)).toEqual([denmarkId, se.id, fi.id]);
  });

  it("normalises the time zone's spelling and defaults rest hours to 11", async () => {
    const c = await createCountry(admin, {
      name: "Norway",
      iso_code: "NO",
      currency: "eur",
      time_zone: "europe/oslo",
    });
    expect(c).toMatchObject({
      time_zone: "Europe/Oslo",
      currency: "EUR",
      rest_hours: 11,
      vat_basis_points: null,
      operational: true,
      phone_prefix: null,
    });
  });

  it.each([
    [
      "a bad ISO code",
      { iso_code: "SWE" },
      "iso_code",
      "The ISO code must be two letters (ISO 3166-1), e.g. DK.",
    ],
    [
      "digits as ISO code",
      { iso_code: "S1" },
      "iso_code",
      "The ISO code must be two letters (ISO 3166-1), e.g. DK.",
    ],
    ["no ISO code", { iso_code: undefined }, "iso_code", "The ISO code field is required."],
    [
      "an unknown currency",
      { currency: "XYZ" },
      "currency",
      "The selected currency does not exist.",
    ],
    [
      "a malformed currency",
      { currency: "kronor" },
      "currency",
      "The selected currency does not exist.",
    ],
    [
      "an unknown time zone",
      { time_zone: "Mars/Olympus" },
      "time_zone",
      "The time zone must be an IANA time zone, e.g. Europe/Copenhagen.",
    ],
    [
      "a fixed offset",
      { time_zone: "+01:00" },
      "time_zone",
      "The time zone must be an IANA time zone, e.g. Europe/Copenhagen.",
    ],
    [
      "rest hours 25",
      { rest_hours: 25 },
      "rest_hours",
      "The rest hours must be a whole number of hours from 0 to 24.",
    ],
    [
      "rest hours -1",
      { rest_hours: -1 },
      "rest_hours",
      "The rest hours must be a whole number of hours from 0 to 24.",
    ],
    [
      "rest hours 8.5",
      { rest_hours: 8.5 },
      "rest_hours",
      "The rest hours must be a whole number of hours from 0 to 24.",
    ],
    [
      "rest hours text",
      { rest_hours: "nine" },
      "rest_hours",
      "The rest hours must be a whole number of hours from 0 to 24.",
    ],
    [
      "VAT above 100 %",
      { vat_basis_points: 10001 },
      "vat_basis_points",
      "The VAT must be a whole number of basis points from 0 to 10000 (2500 = 25 %).",
    ],
    [
      "VAT as a fraction",
      { vat_basis_points: 12.5 },
      "vat_basis_points",
      "The VAT must be a whole number of basis points from 0 to 10000 (2500 = 25 %).",
    ],
    [
      "a bad phone prefix",
      { phone_prefix: "0046" },
      "phone_prefix",
      "The phone prefix must be + and 1 to 4 digits, e.g. +45.",
    ],
    ["operational as words", { operational: "maybe" }, "operational", "must be 1 or 0"],
    ["no name", { name: " " }, "name", "The name field is required."],
  ])("refuses %s with 422 on that field, writing nothing", async (_, change, field, message) => {
    const err = await appErrorOf(createCountry(admin, { ...sweden, ...change }));
    expect(err.status).toBe(422);
    expect(err.errors?.[field]).toEqual([message]);
    expect(await db.select().from(schema.countries)).toHaveLength(1);
  });

  it("accepts rest hours 0 and 24, written as digits too", async () => {
    const a = await createCountry(admin, { ...sweden, rest_hours: "0" });
    const b = await createCountry(admin, {
      ...sweden,
      name: "Norway",
      iso_code: "NO",
      rest_hours: 24,
    });
    expect([a.rest_hours, b.rest_hours]).toEqual([0, 24]);
  });

  it("refuses a taken ISO code and a name taken in another case, both at once", async () => {
    const err = await appErrorOf(
      createCountry(admin, { ...sweden, name: "DENMARK", iso_code: "dk" }),
    );
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({
      name: ["A country with this name already exists."],
      iso_code: ["A country with this ISO code already exists."],
    });
  });

  it("lets only one of two concurrent creates of the same ISO code through", async () => {
    const results = await Promise.allSettled([
      createCountry(admin, sweden),
      createCountry(admin, { ...sweden, name: "Sverige" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      (results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason,
    ).toMatchObject({
      status: 422,
      errors: { iso_code: ["A country with this ISO code already exists."] },
    });
  });
});
