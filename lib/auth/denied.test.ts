import { describe, expect, it } from "vitest";
import { ROUTES } from "./routes";
import { deniedCodeForPath } from "./denied";
import { PROFILE_TABS } from "@/lib/domain/profile-tabs";
import { deniedCodeOf, deniedMessage, isDeniedCode, withDenied } from "@/lib/domain/denied";

describe("deniedMessage", () => {
  it("says what was refused in plain words", () => {
    expect(deniedMessage("client-rates")).toBe(
      "You don't have access to the rates of this client.",
    );
    expect(deniedMessage("jobs-job-projection")).toBe(
      "You don't have access to the projection of this job.",
    );
    expect(deniedMessage("page")).toBe("You don't have access to that page.");
  });

  it("shows nothing for a code outside its table (never the query's own text)", () => {
    for (const code of ["", "<b>hi</b>", "You have been hacked", "toString", "__proto__", 3, null])
      expect(deniedMessage(code)).toBeNull();
  });
});

describe("deniedCodeOf / deniedCodeForPath", () => {
  it("names a page by the words of its address, without ids", () => {
    expect(deniedCodeForPath("/client/7/rates")).toBe("client-rates");
    expect(deniedCodeForPath("/jobs/12/worker-rates")).toBe("jobs-worker-rates");
    expect(deniedCodeForPath("/users/5/payment")).toBe("users-payment");
    expect(deniedCodeForPath("/activity-log")).toBe("activity-log");
    expect(deniedCodeForPath("/nope/nope")).toBe("page");
  });

  it("falls back from an unnamed tab to its screen, else to 'page'", () => {
    expect(deniedCodeOf(["salaryreports", "slips"])).toBe("salaryreports");
    expect(deniedCodeOf(["dev", "mail"])).toBe("page");
  });

  it("has words of its own for every route that can refuse, and every profile tab", () => {
    for (const route of ROUTES) {
      if (route.access.kind !== "permission") continue;
      const path = route.pattern.replace(/:tab/, "x").replace(/:\w+/g, "1");
      if (route.pattern.includes(":tab")) continue;
      expect(deniedCodeForPath(path), route.pattern).not.toBe("page");
    }
    for (const tab of PROFILE_TABS) expect(isDeniedCode(`users-${tab}`), tab).toBe(true);
  });

  it("adds the code to a start page", () => {
    expect(withDenied("/dashboard", "client-rates")).toBe("/dashboard?denied=client-rates");
  });
});
