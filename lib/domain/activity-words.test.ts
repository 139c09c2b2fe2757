import { describe, expect, it } from "vitest";
import {
  activitySentence,
  activityTypeLabel,
  sentenceLinksSubject,
  type ActivitySentenceInput,
} from "./activity-words";

const petra = { href: "/users/7/personal", label: "Petra Planner" };
const row = (over: Partial<ActivitySentenceInput>): ActivitySentenceInput => ({
  description: "",
  causerId: 1,
  causerName: "Hanna Lund",
  subjectType: "users",
  subjectId: 7,
  subjectName: "Petra Planner",
  link: petra,
  ...over,
});
const text = (parts: ReturnType<typeof activitySentence>) =>
  parts.map((p) => (typeof p === "string" ? p : `[${p.link.label}]`)).join("");

describe("activityTypeLabel", () => {
  it("shows log names and subject types as words, never raw keys", () => {
    expect(activityTypeLabel("on_call")).toBe("On-call");
    expect(activityTypeLabel("hours")).toBe("Reported hours");
    expect(activityTypeLabel("reported_hours")).toBe("Reported hours");
    expect(activityTypeLabel("job_templates")).toBe("Job templates");
    expect(activityTypeLabel("client_rates")).toBe("Client rate");
    expect(activityTypeLabel("something_new")).toBe("Something new");
  });
});

describe("activitySentence", () => {
  it("names the subject of a bare verb, linked", () => {
    const parts = activitySentence(row({ description: "deactivated" }));
    expect(parts).toEqual(["deactivated ", { link: petra }]);
    expect(sentenceLinksSubject(parts)).toBe(true);
    expect(text(activitySentence(row({ description: "created" })))).toBe("created [Petra Planner]");
  });

  it("names the person of a note instead of its number", () => {
    const william = { href: "/users/9/personal", label: "William Berg" };
    const note = row({ subjectId: 9, subjectName: "William Berg", link: william });
    expect(text(activitySentence({ ...note, description: "Added a note on user #9" }))).toBe(
      "added a note on [William Berg]",
    );
    expect(text(activitySentence({ ...note, description: "Pinned note #31" }))).toBe(
      "pinned a note on [William Berg]",
    );
    const job = { href: "/jobs/4", label: "Summer gala" };
    expect(
      text(
        activitySentence(
          row({
            description: "Added a note on job #4",
            subjectType: "jobs",
            subjectId: 4,
            subjectName: "Summer gala",
            link: job,
          }),
        ),
      ),
    ).toBe("added a note on [Summer gala]");
  });

  it("says 'their' when the causer changed their own account", () => {
    expect(
      activitySentence(row({ description: "Profile updated", causerId: 7, subjectId: 7 })),
    ).toEqual(["updated their profile"]);
    expect(text(activitySentence(row({ description: "Profile updated" })))).toBe(
      "updated the profile of [Petra Planner]",
    );
  });

  it("keeps a description that names its subject, with the name linked and the verb lower-case", () => {
    expect(
      text(activitySentence(row({ description: "Added Petra Planner to the on-call list" }))),
    ).toBe("added [Petra Planner] to the on-call list");
  });

  it("drops the causer's own name at the start (a worker's check-in)", () => {
    expect(
      text(
        activitySentence(
          row({
            description: "Hanna Lund checked in on Summer gala at 17:06",
            subjectType: "applications",
            subjectId: 3,
            subjectName: "Summer gala",
            link: { href: "/jobs/4/shifts", label: "Booking on Summer gala" },
          }),
        ),
      ),
    ).toBe("checked in on [Summer gala] at 17:06");
  });

  it("leaves a row whose subject is gone or has no name as it was written", () => {
    expect(
      activitySentence(row({ description: "Deleted note #3", subjectName: null, link: null })),
    ).toEqual(["deleted note #3"]);
    expect(
      activitySentence(
        row({ description: "The shift has ended: hours are due (Report!)", causerId: null }),
      ),
    ).toEqual(["The shift has ended: hours are due (Report!)"]);
  });

  it("starts a signed-out user's own account event with the person, not 'System'", () => {
    expect(
      activitySentence(row({ description: "Password reset", causerId: null, causerName: null })),
    ).toEqual([{ link: petra }, " set a new password with a reset link"]);
    expect(
      text(activitySentence(row({ description: "Registered", causerId: null, causerName: null }))),
    ).toBe("[Petra Planner] signed up");
  });
});
