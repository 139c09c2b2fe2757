import { describe, expect, it } from "vitest";
import { chatTextParts } from "./chat-links";
import {
  chatDayLabel,
  chatListTime,
  chatTime,
  groupByDay,
  mergeMessages,
  unreadText,
} from "./chat-view";

describe("chatTextParts", () => {
  it("cuts a body into text and http(s) links", () => {
    expect(chatTextParts("See https://example.com/a?b=1 now")).toEqual([
      { text: "See " },
      { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { text: " now" },
    ]);
  });

  it("links a bare domain with http and keeps plain text as it is", () => {
    expect(chatTextParts("go to example.com")).toEqual([
      { text: "go to " },
      { text: "example.com", href: "http://example.com" },
    ]);
    expect(chatTextParts("no links here")).toEqual([{ text: "no links here" }]);
    expect(chatTextParts("")).toEqual([]);
  });

  it("never turns markup or script into anything but text", () => {
    const body = '<a href="javascript:alert(1)">x</a> javascript:alert(1)';
    const parts = chatTextParts(body);
    expect(parts.every((p) => !p.href || /^https?:|^mailto:/.test(p.href))).toBe(true);
    expect(parts.map((p) => p.text).join("")).toBe(body);
  });

  it("links e-mail addresses as mailto", () => {
    expect(chatTextParts("mail pm@example.com")).toEqual([
      { text: "mail " },
      { text: "pm@example.com", href: "mailto:pm@example.com" },
    ]);
  });
});

describe("days and times", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  it("says Today, Yesterday, else the date, in the given time zone", () => {
    expect(chatDayLabel("2026-11-27T08:00:00Z", now, "Europe/Amsterdam")).toBe("Today");
    expect(chatDayLabel("2026-11-26T08:00:00Z", now, "Europe/Amsterdam")).toBe("Yesterday");
    // 23:30 UTC on the 26th is already the 27th in Amsterdam.
    expect(chatDayLabel("2026-11-26T23:30:00Z", now, "Europe/Amsterdam")).toBe("Today");
    expect(chatDayLabel("2026-11-20T08:00:00Z", now, "Europe/Amsterdam")).toBe("Fri, 20 Nov 2026");
  });

  it("shows the time today and the date before", () => {
    expect(chatTime("2026-11-27T08:05:00Z", "UTC")).toBe("08:05");
    expect(chatListTime("2026-11-27T08:05:00Z", now, "UTC")).toBe("08:05");
    expect(chatListTime("2026-11-20T08:05:00Z", now, "UTC")).toBe("20 Nov");
  });

  it("groups messages by day in order", () => {
    const g = groupByDay(
      [
        { id: 1, created_at: "2026-11-26T10:00:00Z" },
        { id: 2, created_at: "2026-11-26T11:00:00Z" },
        { id: 3, created_at: "2026-11-27T09:00:00Z" },
      ],
      "UTC",
    );
    expect(g.map((d) => [d.day, d.items.map((m) => m.id)])).toEqual([
      ["2026-11-26", [1, 2]],
      ["2026-11-27", [3]],
    ]);
  });
});

describe("mergeMessages", () => {
  it("keeps each message once, oldest first", () => {
    const a = [
      { id: 3, body: "c" },
      { id: 5, body: "e" },
    ];
    expect(
      mergeMessages(a, [
        { id: 5, body: "e" },
        { id: 4, body: "d" },
        { id: 1, body: "a" },
      ]).map((m) => m.id),
    ).toEqual([1, 3, 4, 5]);
  });
});

it("caps the badge at 99+", () => {
  expect(unreadText(7)).toBe("7");
  expect(unreadText(100)).toBe("99+");
});
