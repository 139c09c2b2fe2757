import * as schema from "@/db/schema";
import type { RoleTitle } from "@/lib/domain/permissions";
import { putSetting } from "@/lib/services/settings";
import {
  AGENCY_HOLIDAYS,
  BRANCHES,
  COUNTRIES,
  CURRENCIES,
  DOCUMENT_TYPES,
  DRESS_CODES,
  EQUIPMENT_CATEGORIES,
  LANGUAGES,
  LEVELS,
  SKILL_TREE,
  type CountryIso,
  type LevelName,
} from "../data/master";
import type { World } from "./world";

/** Roles come from ensureReferenceData; the seed only looks them up. */
export async function loadRoles(w: Pick<World, "tx">): Promise<Map<RoleTitle, number>> {
  const rows = await w.tx
    .select({ id: schema.roles.id, title: schema.roles.title })
    .from(schema.roles);
  return new Map(rows.map((r) => [r.title as RoleTitle, r.id]));
}

/** Currencies, countries, branches and the lists of the settings screens. */
export async function seedMaster(w: World): Promise<void> {
  const { tx } = w;
  // ensureReferenceData has added the ISO currencies already; this keeps the demo complete on a
  // runtime whose ICU data lacks one.
  await tx
    .insert(schema.currencies)
    .values(CURRENCIES.map((c) => ({ ...c })))
    .onConflictDoNothing();

  const countries = await tx
    .insert(schema.countries)
    .values(
      COUNTRIES.map((c) => ({
        name: c.name,
        isoCode: c.isoCode,
        currencyCode: c.currencyCode,
        timeZone: c.timeZone,
        operational: c.operational,
        phonePrefix: c.phonePrefix,
        restHours: c.restHours,
        vatBasisPoints: c.vatBasisPoints ?? null,
      })),
    )
    .returning({
      id: schema.countries.id,
      iso: schema.countries.isoCode,
      timeZone: schema.countries.timeZone,
      currencyCode: schema.countries.currencyCode,
      restHours: schema.countries.restHours,
    });
  for (const c of countries)
    w.countries.set(c.iso as CountryIso, { ...c, iso: c.iso as CountryIso });

  const branches = await tx
    .insert(schema.branches)
    .values(
      BRANCHES.map((b) => ({
        name: b.name,
        countryId: w.countries.get(b.country)!.id,
        city: b.city,
        address: b.address,
        holidayRegion: b.holidayRegion ?? null,
      })),
    )
    .returning({ id: schema.branches.id, name: schema.branches.name });
  const branchCountry = new Map(BRANCHES.map((b) => [b.name, b.country]));
  for (const b of branches)
    w.branches.set(b.name, { id: b.id, country: branchCountry.get(b.name)! });

  await tx.insert(schema.agencyHolidays).values(
    AGENCY_HOLIDAYS.map((h) => ({
      countryId: w.countries.get(h.country)!.id,
      rule: h.rule,
      name: h.name,
    })),
  );

  const languages = await tx
    .insert(schema.languages)
    .values(LANGUAGES.map((l) => ({ ...l })))
    .returning({ id: schema.languages.id, name: schema.languages.name });
  for (const l of languages) w.languages.set(l.name, l.id);

  const levels = await tx
    .insert(schema.levels)
    .values(LEVELS.map((l) => ({ ...l })))
    .returning({ id: schema.levels.id, name: schema.levels.name });
  for (const l of levels) w.levels.set(l.name as LevelName, l.id);

  const dress = await tx
    .insert(schema.dressCodes)
    .values(DRESS_CODES.map((d) => ({ ...d })))
    .returning({ id: schema.dressCodes.id, name: schema.dressCodes.name });
  for (const d of dress) w.dressCodes.set(d.name, d.id);

  await tx.insert(schema.documentTypes).values(DOCUMENT_TYPES.map((d) => ({ ...d })));
  await tx.insert(schema.equipmentCategories).values(EQUIPMENT_CATEGORIES.map((e) => ({ ...e })));

  const parents = await tx
    .insert(schema.skills)
    .values(SKILL_TREE.map((s, i) => ({ name: s.name, description: s.description, order: i + 1 })))
    .returning({ id: schema.skills.id, name: schema.skills.name });
  for (const p of parents) w.skills.set(p.name, p.id);
  const children = await tx
    .insert(schema.skills)
    .values(
      SKILL_TREE.flatMap((s) =>
        s.children.map((c, i) => ({
          name: c.name,
          description: c.description,
          parentId: w.skills.get(s.name)!,
          order: i + 1,
        })),
      ),
    )
    .returning({ id: schema.skills.id, name: schema.skills.name });
  for (const c of children) w.skills.set(c.name, c.id);

  await putSetting(tx, "two_factor_required_for_admins", false);
  // The agency the demo runs: e-mails close with these lines, crew lists print them.
  await putSetting(tx, "agency_name", "Crewdeck Staffing ApS");
  await putSetting(tx, "agency_email", "office@crewdeck.test");
  await putSetting(tx, "agency_phone", "+45 33 12 34 56");
  await putSetting(tx, "agency_address", "Vesterbrogade 24, 1620 København V, Denmark");
  await putSetting(tx, "agency_website", "https://crewdeck.test");
}
