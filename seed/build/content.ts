import * as schema from "@/db/schema";
import { formatDate } from "@/lib/domain/format";
import { addDays, toLocal } from "@/lib/domain/time";
import { WORKER_NAMES, workerEmail } from "../data/people";
import { clampPast, days, hours, jobByKey, must, type World } from "./world";

/** Notes on jobs (some pinned) and on users. */
export async function seedNotes(w: World): Promise<void> {
  const { staff } = w;
  const jobNote = (key: string, comment: string, by: number, isPinned = false, afterHours = 6) => {
    const j = jobByKey(w, key);
    const at = clampPast(w, j.createdAt.getTime() + hours(afterHours));
    return {
      noteableType: "jobs" as const,
      noteableId: j.id,
      comment,
      isPinned,
      createdById: by,
      createdAt: at,
      updatedAt: at,
    };
  };
  const byEmail = new Map(w.workers.map((x) => [x.email, x]));
  const userNote = (email: string, comment: string, daysAgo: number) => {
    const at = new Date(w.now.getTime() - days(daysAgo));
    return {
      noteableType: "users" as const,
      noteableId: must(byEmail, email, "worker").id,
      comment,
      isPinned: false,
      createdById: staff.handler,
      createdAt: at,
      updatedAt: at,
    };
  };
  await w.tx
    .insert(schema.notes)
    .values([
      jobNote(
        "dk-arena-load-in",
        "Crew parking is at P-Syd. Badges are at the security lodge by Gate 4; bring photo ID.",
        staff.pm,
        true,
        2,
      ),
      jobNote(
        "dk-arena-load-in",
        "Rigging call moved 30 minutes earlier by the production; riggers informed by SMS.",
        staff.handler,
        false,
        30,
      ),
      jobNote(
        "dk-conference",
        "Client asks for the same forklift drivers as at the Tech Summit.",
        staff.pm,
        true,
      ),
      jobNote(
        "dk-conference",
        "Pallets arrive from 06:30; first forklift on site at 07:00 sharp.",
        staff.col,
        false,
        20,
      ),
      jobNote("dk-rig-down", "Two trucks confirmed; the driver arrives 07:45.", staff.handler),
      jobNote(
        "dk-gala",
        "Client very happy with the bar team – ask for the same crew next year.",
        staff.pm,
        false,
        24 * 30,
      ),
      jobNote(
        "dk-aarhus-jazz",
        "Train tickets Copenhagen–Aarhus are booked by the office; send names by Wednesday.",
        staff.handler,
        true,
      ),
      jobNote("se-esports", "Broadcast team wants two runners extra next year.", staff.pmNordics),
      jobNote(
        "gb-dj-night",
        "SIA licences checked at the door by the venue manager.",
        staff.handlerUk,
        true,
      ),
      jobNote(
        "de-food-festival",
        "All kitchen crew must bring their hygiene certificate (Gesundheitszeugnis).",
        staff.handlerUk,
        true,
      ),
      userNote(
        "worker@crewdeck.test",
        "Reliable; holds a forklift licence (A+B). Prefers early shifts.",
        120,
      ),
      userNote("worker@crewdeck.test", "Good feedback from Nordlys after the gala build.", 20),
      userNote(
        workerEmail("Piotr", "Nowak"),
        "Speaks Polish: useful as a go-between on mixed crews.",
        90,
      ),
      userNote(
        workerEmail(WORKER_NAMES.DK[18][0], WORKER_NAMES.DK[18][1]),
        "Called on the phone; waiting for a copy of the ID card before approval.",
        1,
      ),
      userNote(
        workerEmail("Anders", "Friis"),
        "Deactivated at his own request (moved abroad).",
        30,
      ),
    ]);
}

/** Two job templates in the shape the template screen saves (spec §3). */
export async function seedTemplates(w: World): Promise<void> {
  const template = (
    key: string,
    name: string,
    startInDays: number,
    shifts: { day: number; start: string; end: string; skills: [string, number][] }[],
  ) => {
    const j = jobByKey(w, key);
    const tz = j.country.timeZone;
    const first = addDays(toLocal(w.now, tz), startInDays);
    const job = {
      name,
      company_id: j.companyId,
      country_id: j.country.id,
      venue_id: must(w.venues, j.plan.venue, "venue").id,
      dresscode_id: must(w.dressCodes, j.plan.dressCode, "dress code"),
      project_manager_id: w.staff.pm,
      contact_on_location_id: must(w.companies, j.plan.company, "company").contactIds[0],
      book_from_branches: j.branchIds,
      details: j.plan.details,
      invoice_reference: "",
    };
    return {
      name,
      companyId: j.companyId,
      createdById: w.staff.pm,
      jsonData: {
        job,
        shifts: shifts.map((s, i) => {
          const d = addDays(first, s.day);
          return {
            id: i + 1,
            startDate: formatDate(new Date(Date.UTC(d.year, d.month - 1, d.day, 12)), "UTC"),
            startHour: s.start,
            endHour: s.end,
            skills: s.skills.map(([skill, qty]) => ({
              skill_id: must(w.skills, skill, "skill"),
              qty,
            })),
            status: "new",
          };
        }),
      },
      createdAt: new Date(w.now.getTime() - days(40)),
    };
  };
  await w.tx.insert(schema.jobTemplates).values([
    template("dk-conference", "Nordlys – two-day conference", 35, [
      {
        day: 0,
        start: "07:00",
        end: "15:00",
        skills: [
          ["Forklift driver", 2],
          ["Stagehand", 4],
        ],
      },
      {
        day: 1,
        start: "08:00",
        end: "16:00",
        skills: [
          ["Stagehand", 3],
          ["Sound technician", 1],
        ],
      },
    ]),
    template("gb-tech-expo", "Thames Live – overnight expo build", 42, [
      {
        day: 0,
        start: "22:00",
        end: "06:00",
        skills: [
          ["Stagehand", 4],
          ["Forklift driver", 2],
          ["Rigger", 1],
        ],
      },
      {
        day: 1,
        start: "22:00",
        end: "06:00",
        skills: [
          ["Stagehand", 4],
          ["Rigger", 1],
        ],
      },
    ]),
  ]);
}
