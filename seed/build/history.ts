import { env } from "@/lib/env";
import * as schema from "@/db/schema";
import { PENDING_INVITE_EMAIL, REFERRED_DK_INDEX, WORKER_NAMES, workerEmail } from "../data/people";
import type { SeededApplication } from "./bookings";
import { dayText } from "@/lib/domain/calendar";
import { addDays, toLocal } from "@/lib/domain/time";
import { clampPast, days, hours, jobByKey, type World } from "./world";

/**
 * On-call list, William's favourite jobs and his two invitations (one accepted), and days
 * marked unavailable (William's family visit, an on-call worker's exams that the book dialog
 * shows beside her name).
 */
export async function seedWorkerExtras(w: World): Promise<void> {
  const { tx, now, staff } = w;
  const onCall = w.workers.filter((x) => x.approved && x.active && x.id !== staff.worker);
  const picks = ["DK", "DK", "SE", "GB"].map(
    (c, i) => onCall.filter((x) => x.country === c)[i % 2],
  );
  await tx.insert(schema.onCall).values(
    picks.map((x, i) => ({
      userId: x.id,
      addedById: staff.handler,
      createdAt: new Date(now.getTime() - days(3 + i)),
    })),
  );

  const today = toLocal(now, "Europe/Copenhagen");
  const day = (offset: number) => dayText(addDays(today, offset));
  await tx.insert(schema.unavailableDays).values([
    { userId: staff.worker, day: day(12), note: "Family visit", createdAt: now },
    { userId: staff.worker, day: day(13), note: "Family visit", createdAt: now },
    ...[1, 2, 3].map((d) => ({
      userId: picks[0].id,
      day: day(d),
      note: "Exams",
      createdAt: now,
    })),
  ]);

  await tx.insert(schema.favoriteJobs).values(
    ["dk-street-food", "dk-anniversary"].map((k, i) => ({
      userId: staff.worker,
      jobId: jobByKey(w, k).id,
      createdAt: new Date(now.getTime() - days(2 + i)),
    })),
  );

  const [first, last] = WORKER_NAMES.DK[REFERRED_DK_INDEX];
  const friend = w.workers.find((x) => x.email === workerEmail(first, last))!;
  const pendingAt = new Date(now.getTime() - days(3) - hours(4));
  await tx.insert(schema.invitations).values([
    {
      email: friend.email,
      invitedById: staff.worker,
      acceptedUserId: friend.id,
      acceptedAt: friend.createdAt,
      createdAt: new Date(friend.createdAt.getTime() - days(2)),
    },
    { email: PENDING_INVITE_EMAIL, invitedById: staff.worker, createdAt: pendingAt },
  ]);
  await tx.insert(schema.mailOutbox).values({
    to: PENDING_INVITE_EMAIL,
    template: "invite_friend",
    subject: "William Berg invites you to work shifts through Crewdeck",
    text: [
      "Hi,",
      "",
      "William Berg works shifts through Crewdeck and thinks you would be good at it too.",
      "Crewdeck is where our agency posts jobs at events, venues and festivals: you pick the",
      "shifts that suit you, check in on site from your phone, report your hours and get paid.",
      "",
      `Create your account here: ${env.APP_URL}/sign-up?invitedBy=${staff.worker}&email=${encodeURIComponent(PENDING_INVITE_EMAIL)}`,
      "",
      "If you were not expecting this e-mail you can ignore it.",
    ].join("\n"),
    createdAt: pendingAt,
  });
}

/** Chats: William with his crew handler, the handler with another worker, and a job chat. */
export async function seedChats(w: World): Promise<void> {
  const { tx, now, staff } = w;
  const mads = w.workers.find((x) => x.email === workerEmail("Mads", "Nielsen"))!;
  const arena = jobByKey(w, "dk-arena-load-in");
  const ago = (h: number) => new Date(now.getTime() - hours(h));
  const conversations: {
    type: "private" | "job";
    jobId?: number;
    members: number[];
    messages: [number, string, Date][];
  }[] = [
    {
      type: "private",
      members: [staff.handler, staff.worker],
      messages: [
        [
          staff.handler,
          "Hi William! Could you drive forklift at the Nordlys client conference? Day one, 07:00–15:00.",
          ago(74),
        ],
        [staff.worker, "Yes, that works for me. Is it the east hall again?", ago(73.6)],
        [
          staff.handler,
          "East hall, Gate 4. I have booked you – remember to bring your forklift licence.",
          ago(73.2),
        ],
        [
          staff.worker,
          "Great, thanks. Where do I report the hours for the rig-down at Refshaleøen?",
          ago(26),
        ],
        [
          staff.handler,
          "Under My dashboard → Past: open the shift and press Report hours. The PM approves them after.",
          ago(25.5),
        ],
      ],
    },
    {
      type: "private",
      members: [staff.handler, mads.id],
      messages: [
        [mads.id, "Hi Hanna, I can do extra shifts next week if you need people.", ago(50)],
        [staff.handler, "Perfect, I will put you on the on-call list.", ago(49)],
      ],
    },
    {
      type: "job",
      jobId: arena.id,
      members: [staff.pm, staff.handler, staff.col],
      messages: [
        [
          staff.col,
          "The first trucks are 20 minutes late; load-in starts 30 minutes later than planned.",
          ago(4),
        ],
        [
          staff.pm,
          "Noted – I have told the crew boss. Crew will start with the floor protection.",
          ago(3.8),
        ],
      ],
    },
  ];
  const chats = await tx
    .insert(schema.chats)
    .values(
      conversations.map((c) => ({
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
      conversations.flatMap((c, i) =>
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
    });
  // Each member has read up to their own last message: the other side's later replies are unread.
  await tx.insert(schema.chatParticipants).values(
    conversations.flatMap((c, i) =>
      c.members.map((userId) => {
        const own = messages.filter((m) => m.chatId === chats[i].id && m.senderId === userId);
        const last = own.length ? own[own.length - 1].id : null;
        return {
          chatId: chats[i].id,
          userId,
          lastReadMessageId: last,
          lastReadAt: last ? c.messages[c.messages.length - 1][2] : null,
          joinedAt: c.messages[0][2],
        };
      }),
    ),
  );
}

/** A handful of activity-log rows for the history the seed created. */
export async function seedActivity(w: World, apps: SeededApplication[]): Promise<void> {
  const { staff, now } = w;
  const conference = jobByKey(w, "dk-conference");
  const cinema = jobByKey(w, "dk-cinema");
  const gala = jobByKey(w, "dk-gala");
  const williamBooked = apps.find(
    (a) => a.assigneeId === staff.worker && a.shiftId === conference.shifts[0].id,
  )!;
  const williamGala = apps.find(
    (a) => a.assigneeId === staff.worker && a.shiftId === gala.shifts[0].id,
  )!;
  const [first, last] = WORKER_NAMES.DK[REFERRED_DK_INDEX];
  const friend = w.workers.find((x) => x.email === workerEmail(first, last))!;
  await w.tx.insert(schema.activityLog).values([
    {
      logName: "jobs",
      description: `Created job ${conference.plan.name}`,
      subjectType: "jobs",
      subjectId: conference.id,
      causerId: staff.pm,
      createdAt: conference.createdAt,
    },
    {
      logName: "applications",
      description: `Booked William Berg on ${conference.plan.name}`,
      subjectType: "applications",
      subjectId: williamBooked.id,
      causerId: williamBooked.bookedById,
      properties: { status: "Booked", shift_id: williamBooked.shiftId },
      createdAt: williamBooked.bookedAt ?? williamBooked.createdAt,
    },
    {
      logName: "reported_hours",
      description: `Approved hours of William Berg on ${gala.plan.name}`,
      subjectType: "applications",
      subjectId: williamGala.id,
      causerId: staff.pm,
      createdAt: clampPast(w, gala.endsAt.getTime() + days(3)),
    },
    {
      logName: "users",
      description: `Approved applicant ${friend.name}`,
      subjectType: "users",
      subjectId: friend.id,
      causerId: staff.handler,
      createdAt: new Date(friend.createdAt.getTime() + days(1)),
    },
    {
      logName: "invitations",
      description: `Invited ${PENDING_INVITE_EMAIL}`,
      subjectType: "users",
      subjectId: staff.worker,
      causerId: staff.worker,
      properties: { email: PENDING_INVITE_EMAIL },
      createdAt: new Date(now.getTime() - days(3) - hours(4)),
    },
    {
      logName: "jobs",
      description: `Cancelled job ${cinema.plan.name}`,
      subjectType: "jobs",
      subjectId: cinema.id,
      causerId: staff.pm,
      properties: { status: "Cancelled", reason: cinema.plan.reason },
      createdAt: new Date(now.getTime() - days(2)),
    },
    {
      logName: "auth",
      description: "Signed in",
      subjectType: "users",
      subjectId: staff.admin,
      causerId: staff.admin,
      createdAt: new Date(now.getTime() - hours(2)),
    },
  ]);
}
