import { APPS_PER_SHIFT, SHIFTS_PER_JOB, type Add, type BulkEnv } from "./bulk";
import { textArray } from "./random-sql";

const MESSAGES_PER_CHAT = 6;
const MESSAGES = [
  "Hi! Are you free for a shift next week?",
  "Yes, I can do it. What time do we start?",
  "Call time is 07:00 at the loading dock.",
  "Great, see you there.",
  "Please bring safety shoes and gloves.",
  "No problem, thanks for the heads-up!",
  "Can you also do the load-out on Sunday?",
  "Sure, put me down for it.",
];

/** History: chats and the activity log. */
export function historyStatements(e: BulkEnv, add: Add): void {
  const { b, R, NOW, W, J, pm, handler } = e;
  // ---- Chat: one worker in ten has talked with the crew handler ------------------------------
  const CH = Math.floor(W / 10);
  add(
    "chats",
    `insert into chats (id, type, pair_key, last_message_at, created_at)
     overriding system value
     select ${b.chats} + i, 'private',
       least(${handler}, ${b.users} + i * 10) || ':' || greatest(${handler}, ${b.users} + i * 10),
       x.started + make_interval(mins => ${MESSAGES_PER_CHAT - 1} * 37), x.started
     from generate_series(1, ${CH}) i
     cross join lateral (select ${NOW} - make_interval(mins => 60 * 24 * 3 + ${R.pick(95, "i", 60 * 24 * 700)}) as started) x`,
  );
  add(
    "chat messages",
    `insert into chat_messages (id, chat_id, sender_id, body, created_at)
     overriding system value
     select ${b.messages} + (c.id - ${b.chats} - 1) * ${MESSAGES_PER_CHAT} + m, c.id,
       case when m % 2 = 1 then ${handler} else ${b.users} + (c.id - ${b.chats}) * 10 end,
       (${textArray(MESSAGES)})[((m - 1 + ${R.pick(96, "c.id", 2)} * 4) % ${MESSAGES.length}) + 1],
       c.created_at + make_interval(mins => (m - 1) * 37)
     from chats c cross join generate_series(1, ${MESSAGES_PER_CHAT}) m where c.id > ${b.chats}`,
  );
  add(
    "chat participants",
    `insert into chat_participants (chat_id, user_id, last_read_message_id, last_read_at, joined_at)
     select c.id, p.user_id,
       ${b.messages} + (c.id - ${b.chats}) * ${MESSAGES_PER_CHAT} - p.unread,
       c.last_message_at, c.created_at
     from chats c
     cross join lateral (values (${handler}, 0),
       (${b.users} + (c.id - ${b.chats}) * 10, ${R.pick(97, "c.id", 2)})) p(user_id, unread)
     where c.id > ${b.chats}`,
  );

  // ---- Activity log: each job's creation, each booking, each approval of hours --------------
  const A = J * SHIFTS_PER_JOB * APPS_PER_SHIFT;
  add(
    "activity: jobs",
    `insert into activity_log (id, log_name, description, subject_type, subject_id, causer_id, properties, created_at)
     overriding system value
     select ${b.activity} + (j.id - ${b.jobs}), 'jobs', 'Created job ' || j.name, 'jobs', j.id, ${pm},
       jsonb_build_object('status', 'Published', 'shifts', ${SHIFTS_PER_JOB}), j.created_at
     from jobs j where j.id > ${b.jobs}`,
  );
  add(
    "activity: bookings",
    `insert into activity_log (id, log_name, description, subject_type, subject_id, causer_id, properties, created_at)
     overriding system value
     select ${b.activity} + ${J} + (a.id - ${b.applications}), 'applications',
       'Booked ' || u.name || ' on ' || j.name, 'applications', a.id, a.booked_by_id,
       jsonb_build_object('from', 'Applied', 'to', 'Booked'), a.booked_at
     from applications a
     join users u on u.id = a.assignee_id
     join shifts s on s.id = a.shift_id
     join jobs j on j.id = s.job_id
     where a.id > ${b.applications} and a.booked_at is not null`,
  );
  add(
    "activity: hours",
    `insert into activity_log (id, log_name, description, subject_type, subject_id, causer_id, properties, created_at)
     overriding system value
     select ${b.activity} + ${J + A} + (h.id - ${b.hours}), 'hours',
       'Approved the hours of ' || u.name || ' on ' || j.name, 'applications', a.id, h.approved_by_id,
       jsonb_build_object('from', 'Reported', 'to', 'Approved'), h.approved_at
     from reported_hours h
     join applications a on a.id = h.application_id
     join users u on u.id = a.assignee_id
     join shifts s on s.id = a.shift_id
     join jobs j on j.id = s.job_id
     where h.id > ${b.hours} and h.approved_at is not null`,
  );
}
