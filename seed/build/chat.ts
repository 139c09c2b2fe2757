import { and, eq, inArray } from "drizzle-orm";
import * as schema from "@/db/schema";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { syncJobChatCrew } from "@/lib/services/chat/job-chat";
import { workerEmail } from "../data/people";
import { hours, jobByKey, type World } from "./world";

type Line = [senderId: number, body: string, at: Date];

interface Conversation {
  type: "private" | "job";
  jobId?: number;
  members: number[];
  /** A message a line, oldest first: "<hours ago> <speaker>: <text>". */
  script: string;
}

/** A chat's script as its messages; a line of a speaker who is not there (no crew) is left out. */
function scriptLines(
  script: string,
  speakers: Record<string, number | undefined>,
  ago: (h: number) => Date,
): Line[] {
  return script
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .flatMap((l) => {
      const m = /^([\d.]+) (\w+): (.+)$/.exec(l);
      if (!m || !(m[2] in speakers)) throw new Error(`Bad chat script line: ${l}`);
      const sender = speakers[m[2]];
      return sender === undefined ? [] : [[sender, m[3], ago(Number(m[1]))] as Line];
    });
}

/**
 * The demo's chats, in one place: William (worker@) with his crew handler Hanna (handler@), Hanna
 * with Mads, the arena load-in's job chat; Peter (pm@) with William and with Camilla (col@),
 * Astrid (admin@) with Camilla, and the job chat of William's next job (the Nordlys client
 * conference) with its booked crew. Each member has read up to its own last message, so worker@
 * and pm@ sign in to unread messages. Six statements: the crew, then chats, messages and
 * participants in one insert each, and the arena chat's crew.
 */
export async function seedChats(w: World): Promise<void> {
  const { tx, now, staff } = w;
  const ago = (h: number) => new Date(now.getTime() - hours(h));
  const conference = jobByKey(w, "dk-conference");
  const arena = jobByKey(w, "dk-arena-load-in");
  const mads = w.workers.find((x) => x.email === workerEmail("Mads", "Nielsen"))!;
  const crew = await tx
    .selectDistinct({ id: schema.applications.assigneeId })
    .from(schema.applications)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .where(
      and(
        eq(schema.shifts.jobId, conference.id),
        inArray(schema.applications.status, [...FILLED_STATUSES]),
      ),
    );
  const crewIds = crew.map((c) => c.id).filter((id) => id !== staff.worker);
  const speakers = {
    handler: staff.handler,
    worker: staff.worker,
    pm: staff.pm,
    col: staff.col,
    admin: staff.admin,
    mads: mads.id,
    crew: crewIds[0],
  };

  const conversations: Conversation[] = [
    {
      type: "private",
      members: [staff.handler, staff.worker],
      script: `
        74 handler: Hi William! Could you drive forklift at the Nordlys client conference? Day one, 07:00–15:00.
        73.6 worker: Yes, that works for me. Is it the east hall again?
        73.2 handler: East hall, Gate 4. I have booked you – remember to bring your forklift licence.
        26 worker: Great, thanks. Where do I report the hours for the rig-down at Refshaleøen?
        25.5 handler: Under My dashboard → Past: open the shift and press Report hours. The PM approves them after.
      `,
    },
    {
      type: "private",
      members: [staff.handler, mads.id],
      script: `
        50 mads: Hi Hanna, I can do extra shifts next week if you need people.
        49 handler: Perfect, I will put you on the on-call list.
      `,
    },
    {
      type: "job",
      jobId: arena.id,
      members: [staff.pm, staff.handler, staff.col],
      script: `
        4 col: The first trucks are 20 minutes late; load-in starts 30 minutes later than planned.
        3.8 pm: Noted – I have told the crew boss. Crew will start with the floor protection.
      `,
    },
    {
      type: "private",
      members: [staff.pm, staff.worker],
      script: `
        70 pm: Hi William, thanks for stepping in at the gala. Great work!
        69.5 worker: Thank you! It was a good crew.
        30 pm: Are you free for the Nordlys conference? Forklift on day one.
        29 worker: Yes, I can do day one. Not day two, I'm afraid.
        5 pm: Perfect, you're booked. Parking is behind the east hall.
        4.9 pm: And please bring your forklift licence, the venue checks it at the gate.
      `,
    },
    {
      type: "private",
      members: [staff.pm, staff.col],
      script: `
        26 col: Hi Peter, can we add two runners to the conference on day two?
        25 pm: I'll check who is free and come back to you today.
        2 col: Thanks. The speakers arrive at 08:00, so runners from 07:30 would be ideal.
      `,
    },
    {
      type: "private",
      members: [staff.admin, staff.col],
      script: `
        48 col: Hello Astrid, the invoice for the tech summit has the wrong PO number.
        47 admin: Sorry about that – I'll send a corrected one with PO 4471 tomorrow.
        20 col: Received, thank you!
      `,
    },
    {
      type: "job",
      jobId: conference.id,
      members: [staff.pm, staff.handler, staff.col, staff.worker, ...crewIds],
      script: `
        22 pm: Welcome to the Nordlys conference crew chat. Call time 06:45 at Gate 4.
        21 col: Catering for the crew is in the green room from 11:30.
        9 crew: Is there parking for crew at the arena?
        8.5 handler: Yes – the P2 lot behind the east hall. Show your crew badge.
        3 handler: Reminder: black trousers and the crew T-shirt. See you at the arena!
      `,
    },
  ];

  const scripted = conversations.map((c) => ({
    ...c,
    messages: scriptLines(c.script, speakers, ago),
  }));
  const chats = await tx
    .insert(schema.chats)
    .values(
      scripted.map((c) => ({
        type: c.type,
        jobId: c.jobId ?? null,
        pairKey: c.type === "private" ? [...c.members].sort((a, b) => a - b).join(":") : null,
        lastMessageAt: c.messages[c.messages.length - 1][2],
        createdAt: c.messages[0][2],
      })),
    )
    .returning({ id: schema.chats.id });
  const messages = await tx
    .insert(schema.chatMessages)
    .values(
      scripted.flatMap((c, i) =>
        c.messages.map(([senderId, body, createdAt]) => ({
          chatId: chats[i].id,
          senderId,
          body,
          createdAt,
        })),
      ),
    )
    .returning({
      id: schema.chatMessages.id,
      chatId: schema.chatMessages.chatId,
      senderId: schema.chatMessages.senderId,
      createdAt: schema.chatMessages.createdAt,
    });
  await tx.insert(schema.chatParticipants).values(
    scripted.flatMap((c, i) =>
      [...new Set(c.members)].map((userId) => {
        const own = messages.filter((m) => m.chatId === chats[i].id && m.senderId === userId);
        const last = own.length ? own[own.length - 1] : null;
        return {
          chatId: chats[i].id,
          userId,
          lastReadMessageId: last ? last.id : null,
          lastReadAt: last ? last.createdAt : null,
          joinedAt: c.messages[0][2],
        };
      }),
    ),
  );
  // The arena load-in's chat seats its booked crew, William among them, as booking would.
  await syncJobChatCrew(tx, arena.id, now);
}
