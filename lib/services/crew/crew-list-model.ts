import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatRange,
  formatTime,
} from "@/lib/domain/format";
import type { ApplicationStatus } from "@/lib/domain/statuses";

/** The columns a crew list may show, in the order the dialog offers them. */
export const CREW_LIST_FIELDS = [
  "name",
  "phone",
  "email",
  "skill",
  "status",
  "check_in",
  "hours",
] as const;
export type CrewListField = (typeof CREW_LIST_FIELDS)[number];
export const DEFAULT_CREW_LIST_FIELDS: CrewListField[] = ["name", "phone", "skill", "status"];

export const CREW_LIST_GROUPS = ["shift", "skill"] as const;
export type CrewListGroup = (typeof CREW_LIST_GROUPS)[number];

export const CREW_LIST_FIELD_LABELS: Record<CrewListField, string> = {
  name: "Name",
  phone: "Phone",
  email: "Email",
  skill: "Skill",
  status: "Status",
  check_in: "Checked in–out",
  hours: "Reported hours",
};

/** What the crew list is made from: read by the verb, shaped here. */
export interface CrewListSource {
  job: {
    name: string;
    company: string;
    venue: string | null;
    address: string | null;
    timeZone: string;
  };
  /** The chosen shifts, in time order. */
  shifts: { id: number; startsAt: Date; endsAt: Date }[];
  /** People holding a position on those shifts (filled statuses only). */
  crew: {
    shiftId: number;
    name: string;
    phone: string | null;
    email: string;
    skill: string;
    skillOrder: number;
    status: ApplicationStatus;
    checkInAt: Date | null;
    /** When the worker checked out; null before (or without) a check-out. */
    checkOutAt: Date | null;
    hours: { startsAt: Date; endsAt: Date } | null;
  }[];
  printedAt: Date;
}

export interface CrewListColumn {
  key: CrewListField | "shift";
  label: string;
}

export interface CrewListSection {
  heading: string;
  /** Shift ids this section covers (one for a shift, the shifts with crew for a skill). */
  shiftIds: number[];
  rows: string[][];
}

/** The document, as text: what the PDF draws, and what the tests read. */
export interface CrewListModel {
  title: string;
  company: string;
  venue: string | null;
  address: string | null;
  timeZone: string;
  printed: string;
  columns: CrewListColumn[];
  sections: CrewListSection[];
  crewCount: number;
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, "en", { sensitivity: "base", numeric: true });

function hoursText(h: { startsAt: Date; endsAt: Date }, tz: string): string {
  const minutes = (h.endsAt.getTime() - h.startsAt.getTime()) / 60_000;
  return `${formatTime(h.startsAt, tz)}–${formatTime(h.endsAt, tz)} (${formatDuration(minutes)})`;
}

/**
 * Shapes the crew list: one section per shift (date and time in the job's zone) or per
 * skill (then each row names its shift, and the skill column would only repeat the heading).
 * Pure: the same source and options always give the same text.
 */
export function buildCrewListModel(
  source: CrewListSource,
  options: { fields: CrewListField[]; groupBy: CrewListGroup },
): CrewListModel {
  const tz = source.job.timeZone;
  const shiftById = new Map(source.shifts.map((s) => [s.id, s]));
  const shiftLabel = (id: number) => {
    const s = shiftById.get(id)!;
    return formatRange(s.startsAt, s.endsAt, tz);
  };
  const fields =
    options.groupBy === "skill" ? options.fields.filter((f) => f !== "skill") : options.fields;
  const columns: CrewListColumn[] = [
    ...(options.groupBy === "skill" ? [{ key: "shift" as const, label: "Shift" }] : []),
    ...fields.map((f) => ({ key: f, label: CREW_LIST_FIELD_LABELS[f] })),
  ];
  type Member = CrewListSource["crew"][number];
  const cell = (m: Member, key: CrewListColumn["key"]): string => {
    const shift = shiftById.get(m.shiftId)!;
    switch (key) {
      case "shift":
        return shiftLabel(m.shiftId);
      case "name":
        return m.name;
      case "phone":
        return m.phone ?? "";
      case "email":
        return m.email;
      case "skill":
        return m.skill;
      case "status":
        return m.status;
      case "check_in": {
        // As the book tab shows them: the check-in, and the check-out where there is one
        // ("17:02–21:05"); a time on another day than the shift's start carries its date.
        const when = (at: Date | null) =>
          !at
            ? ""
            : formatDate(at, tz) === formatDate(shift.startsAt, tz)
              ? formatTime(at, tz)
              : formatDateTime(at, tz);
        return m.checkOutAt ? `${when(m.checkInAt)}–${when(m.checkOutAt)}` : when(m.checkInAt);
      }
      case "hours":
        return m.hours ? hoursText(m.hours, tz) : "";
    }
  };
  const row = (m: Member) => columns.map((c) => cell(m, c.key));
  const crew = source.crew.filter((m) => shiftById.has(m.shiftId));

  let sections: CrewListSection[];
  if (options.groupBy === "shift") {
    sections = source.shifts.map((s) => ({
      heading: shiftLabel(s.id),
      shiftIds: [s.id],
      rows: crew
        .filter((m) => m.shiftId === s.id)
        .sort(
          (a, b) => a.skillOrder - b.skillOrder || a.skill.localeCompare(b.skill) || byName(a, b),
        )
        .map(row),
    }));
  } else {
    const order = new Map(source.shifts.map((s, i) => [s.id, i]));
    const skills = [...new Set(crew.map((m) => m.skill))].sort((a, b) => {
      const oa = crew.find((m) => m.skill === a)!.skillOrder;
      const ob = crew.find((m) => m.skill === b)!.skillOrder;
      return oa - ob || a.localeCompare(b);
    });
    sections = skills.map((skill) => {
      const members = crew
        .filter((m) => m.skill === skill)
        .sort((a, b) => order.get(a.shiftId)! - order.get(b.shiftId)! || byName(a, b));
      return {
        heading: skill,
        shiftIds: [...new Set(members.map((m) => m.shiftId))],
        rows: members.map(row),
      };
    });
  }

  return {
    title: source.job.name,
    company: source.job.company,
    venue: source.job.venue,
    address: source.job.address,
    timeZone: tz,
    printed: formatDateTime(source.printedAt, tz),
    columns,
    sections,
    crewCount: crew.length,
  };
}
