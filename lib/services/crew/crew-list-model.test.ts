import { describe, expect, it } from "vitest";
import { fromLocal } from "@/lib/domain/time";
import { buildCrewListModel, type CrewListSource } from "./crew-list-model";
import { pdfText } from "./pdf-text";

const TZ = "Europe/Copenhagen";
const at = (day: number, hour: number, minute = 0) =>
  fromLocal({ year: 2026, month: 12, day, hour, minute }, TZ);

const member = (
  over: Partial<CrewListSource["crew"][number]> & { name: string; shiftId: number },
): CrewListSource["crew"][number] => ({
  phone: null,
  email: `${over.name.toLowerCase().replace(/\W+/g, ".")}@example.test`,
  skill: "Stagehand",
  skillOrder: 1,
  status: "Booked",
  checkInAt: null,
  checkOutAt: null,
  hours: null,
  ...over,
});

const source: CrewListSource = {
  job: {
    name: "Night build",
    company: "Company A",
    venue: "Arena",
    address: "Main St 1, 2100 Copenhagen",
    timeZone: TZ,
  },
  shifts: [
    { id: 1, startsAt: at(10, 22), endsAt: at(11, 4) },
    { id: 2, startsAt: at(11, 8), endsAt: at(11, 12) },
  ],
  crew: [
    member({ name: "Zoe", shiftId: 1, skill: "Rigger", skillOrder: 2 }),
    member({ name: "anna", shiftId: 1, checkInAt: at(11, 0, 10) }),
    member({
      name: "Bo",
      shiftId: 2,
      status: "Reported",
      checkInAt: at(11, 7, 58),
      checkOutAt: at(11, 12, 5),
      hours: { startsAt: at(11, 8), endsAt: at(11, 12, 15) },
    }),
    // A shift that was not chosen: left out even if the caller passes its crew.
    member({ name: "Out", shiftId: 9 }),
  ],
  printedAt: at(1, 12),
};

describe("buildCrewListModel", () => {
  it("makes one section per shift, crew by skill order then name, in the chosen columns", () => {
    const m = buildCrewListModel(source, {
      fields: ["name", "skill", "check_in"],
      groupBy: "shift",
    });
    expect(m.columns.map((c) => c.label)).toEqual(["Name", "Skill", "Checked in–out"]);
    expect(m.sections.map((s) => s.heading)).toEqual([
      "10/12/2026 22:00 – 04:00",
      "11/12/2026 08:00 – 12:00",
    ]);
    // Anna checked in after midnight, on another day than the shift's start: the date shows.
    expect(m.sections[0].rows).toEqual([
      ["anna", "Stagehand", "11/12/2026 00:10"],
      ["Zoe", "Rigger", ""],
    ]);
    // Bo checked out too: the check-out follows the check-in, as on the book tab.
    expect(m.sections[1].rows).toEqual([["Bo", "Stagehand", "07:58–12:05"]]);
    expect(m.crewCount).toBe(3);
    expect(m.printed).toBe("01/12/2026 12:00");
  });

  it("groups by skill with the shift in each row instead of a skill column", () => {
    const m = buildCrewListModel(source, { fields: ["name", "skill", "hours"], groupBy: "skill" });
    expect(m.columns.map((c) => c.key)).toEqual(["shift", "name", "hours"]);
    expect(m.sections.map((s) => [s.heading, s.rows.length])).toEqual([
      ["Stagehand", 2],
      ["Rigger", 1],
    ]);
    expect(m.sections[0].rows).toEqual([
      ["10/12/2026 22:00 – 04:00", "anna", ""],
      ["11/12/2026 08:00 – 12:00", "Bo", "08:00–12:15 (4 h 15 min)"],
    ]);
  });

  it("keeps a chosen shift without crew as an empty section", () => {
    const m = buildCrewListModel({ ...source, crew: [] }, { fields: ["name"], groupBy: "shift" });
    expect(m.sections.map((s) => s.rows)).toEqual([[], []]);
  });
});

describe("pdfText", () => {
  it("keeps what Helvetica can draw and stands in for what it cannot", () => {
    expect(pdfText("Søren Æbelø – “Åse” Müller € Š")).toBe("Søren Æbelø – “Åse” Müller € Š");
    expect(pdfText("Łukasz Świątek-Dvořák")).toBe("Lukasz Swiatek-Dvorák");
    expect(pdfText("山田 Иван")).toBe("?? ????");
    expect(pdfText("a\u00a0b\tc")).toBe("a\u00a0b c");
  });
});
