import { describe, expect, it } from "vitest";
import { inAppHref } from "./nav-link-target";

const here = "https://crewdeck.test/my-dashboard/new?page=2";

describe("which link clicks the client router opens", () => {
  it("opens the app's own addresses, relative or absolute, keeping query and fragment", () => {
    expect(inAppHref("/users/7/personal", here)).toBe("/users/7/personal");
    expect(inAppHref("/jobs?tab=past#list", here)).toBe("/jobs?tab=past#list");
    expect(inAppHref("past", here)).toBe("/my-dashboard/past");
    expect(inAppHref("https://crewdeck.test/help", here)).toBe("/help");
    expect(inAppHref("/my-dashboard/new?page=3", here)).toBe("/my-dashboard/new?page=3");
  });

  it("leaves another site, another scheme and a jump within the page to the browser", () => {
    expect(inAppHref("https://example.com/terms", here)).toBeNull();
    expect(inAppHref("http://crewdeck.test/help", here)).toBeNull();
    expect(inAppHref("mailto:office@crewdeck.test", here)).toBeNull();
    expect(inAppHref("#main", here)).toBeNull();
    expect(inAppHref("/my-dashboard/new?page=2#main", here)).toBeNull();
    expect(inAppHref("http://[bad", here)).toBeNull();
  });
});
