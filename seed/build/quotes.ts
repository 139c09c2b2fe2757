import type { Db } from "@/db/client";
import { loadActor, makeCtx, type Ctx } from "@/lib/services/context";
import { convertQuote } from "@/lib/services/quotes/convert";
import { acceptQuote, declineQuote, sendQuote } from "@/lib/services/quotes/state";
import { deleteQuote, editQuote, saveQuote } from "@/lib/services/quotes/write";
import type { CompanyKey } from "../data/clients";
import type { SkillName } from "../data/master";
import { days, must, type World } from "./world";

/**
 * Demo quotes (issue 24), made through the quote verbs themselves so they are priced, numbered
 * and logged exactly as the screens would: Nordlys Events (DKK) in every state — Draft (with a
 * skill its card leaves out), Sent with an overnight line, Accepted, Accepted and converted to
 * a Draft job, Declined, Expired, a Sent quote with a second revision, an archived one —, and Thames
 * Productions (GBP) a Sent quote with an overnight line.
 */
export async function seedQuotes(w: World): Promise<void> {
  const db = w.tx as unknown as Db;
  const actorOf = async (userId: number) => {
    const actor = await loadActor(db, userId);
    if (!actor) throw new Error(`Demo seed: user ${userId} cannot act`);
    return actor;
  };
  const pmActor = await actorOf(w.staff.pm);
  const colActor = await actorOf(w.staff.col);
  const pm = (daysAgo = 0): Ctx =>
    makeCtx(db, pmActor, { now: new Date(w.now.getTime() - days(daysAgo)) });
  const col = (daysAgo = 0): Ctx =>
    makeCtx(db, colActor, { now: new Date(w.now.getTime() - days(daysAgo)) });
  /** A local date n days from now (UTC calendar; every demo zone is within a few hours). */
  const day = (n: number) => new Date(w.now.getTime() + days(n)).toISOString().slice(0, 10);
  const skill = (name: SkillName) => must(w.skills, name, "skill");
  const client = (key: CompanyKey) => must(w.companies, key, "company");
  const line = (
    date: number,
    start: string,
    end: string,
    name: SkillName,
    positions: number,
    breakMinutes = 0,
  ) => ({
    date: day(date),
    start,
    end,
    skill_id: skill(name),
    positions,
    break_minutes: breakMinutes,
  });
  const quote = (key: CompanyKey, name: string, validIn: number, lines: unknown[], extra = {}) => ({
    name,
    company_id: client(key).id,
    branch_id: client(key).defaultBranchId,
    valid_until: day(validIn),
    lines,
    ...extra,
  });

  // Nordlys Events, Copenhagen (DKK).
  await saveQuote(
    pm(1),
    quote(
      "nordlys",
      "Tech Summit 2028: stage crew",
      30,
      [
        line(40, "07:00", "15:00", "Stagehand", 6, 30),
        line(40, "07:00", "15:00", "Rigger", 2, 30),
        line(40, "18:00", "23:00", "Security", 2),
      ],
      {
        address: "Ørestads Boulevard 61, 2300 København S",
        costs: [
          { category: "travel", description: "Crew van hire", quantity: 1, unit_amount: 150000 },
        ],
        notes: "Prices per person per hour; breaks are unpaid.",
      },
    ),
  );
  const gala = await saveQuote(
    pm(3),
    quote(
      "nordlys",
      "Harbour gala: night changeover",
      21,
      [
        line(25, "18:00", "01:00", "Bartender", 3, 30),
        line(25, "22:00", "06:00", "Stagehand", 4, 30),
      ],
      {
        discount_kind: "percent",
        discount_value: 500,
        costs: [{ category: "food", description: "Crew dinner", quantity: 7, unit_amount: 12500 }],
      },
    ),
  );
  await sendQuote(pm(2), { quoteId: gala.id });

  const conference = await saveQuote(
    pm(8),
    quote("nordlys", "Spring conference: light and sound", 20, [
      line(30, "08:00", "17:00", "Light technician", 2, 45),
      line(30, "08:00", "17:00", "Sound technician", 2, 45),
    ]),
  );
  await sendQuote(pm(7), { quoteId: conference.id });
  await acceptQuote(col(5), { quoteId: conference.id, comment: "Approved by our producer." });

  const launch = await saveQuote(
    pm(12),
    quote(
      "nordlys",
      "Product launch at Royal Arena",
      20,
      [
        line(14, "08:00", "16:00", "Stagehand", 8, 30),
        line(14, "08:00", "16:00", "Forklift driver", 1, 30),
        line(15, "20:00", "02:00", "Stagehand", 6, 30),
      ],
      { discount_kind: "amount", discount_value: 100000 },
    ),
  );
  await sendQuote(pm(11), { quoteId: launch.id });
  await acceptQuote(col(10), { quoteId: launch.id, comment: "Go ahead." });
  await convertQuote(pm(9), { quoteId: launch.id });

  const party = await saveQuote(
    pm(15),
    quote("nordlys", "Summer party: bar crew", 30, [
      line(35, "16:00", "23:30", "Bartender", 5, 30),
    ]),
  );
  await sendQuote(pm(14), { quoteId: party.id });
  await declineQuote(col(13), {
    quoteId: party.id,
    comment: "We chose to run the bars ourselves.",
  });

  // Sent 40 days ago, valid for 30: it reads as Expired today.
  const expired = await saveQuote(
    pm(40),
    quote("nordlys", "Autumn fair: truck loading", -10, [
      line(-5, "06:00", "14:00", "Truck loader", 4, 30),
    ]),
  );
  await sendQuote(pm(39), { quoteId: expired.id });

  const festival = quote("nordlys", "Christmas show: riggers", 25, [
    line(45, "08:00", "18:00", "Rigger", 4, 60),
  ]);
  const first = await saveQuote(pm(6), festival);
  await sendQuote(pm(6), { quoteId: first.id });
  await editQuote(pm(4), {
    ...quote("nordlys", "Christmas show: riggers (extra day)", 25, [
      line(45, "08:00", "18:00", "Rigger", 4, 60),
      line(46, "08:00", "14:00", "Rigger", 2, 30),
    ]),
    quoteId: first.id,
  });

  const old = await saveQuote(
    pm(20),
    quote("nordlys", "Film night: stagehands", 10, [line(12, "17:00", "23:00", "Stagehand", 2)]),
  );
  await sendQuote(pm(20), { quoteId: old.id });
  await deleteQuote(pm(18), { quoteId: old.id });

  // Thames Productions, London (GBP).
  const expo = await saveQuote(
    pm(2),
    quote("thames", "Awards night: overnight get-out", 14, [
      line(18, "23:00", "07:00", "Stagehand", 6, 30),
    ]),
  );
  await sendQuote(pm(2), { quoteId: expo.id });
}
