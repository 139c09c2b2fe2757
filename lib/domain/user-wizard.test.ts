import { describe, expect, it } from "vitest";
import { ROLE } from "./permissions";
import { stepFields, stepsFor, wizardKind } from "./user-wizard";

const names = (fields: { name: string }[]) => fields.map((f) => f.name);

describe("the create-user wizard", () => {
  it("picks the kind of user from the role title", () => {
    expect(wizardKind(ROLE.worker)).toBe("worker");
    expect(wizardKind(ROLE.client)).toBe("client");
    expect(wizardKind(ROLE.admin)).toBe("staff");
    expect(wizardKind(ROLE.crewHandler)).toBe("staff");
    expect(wizardKind("Custom office role")).toBe("staff");
  });

  it("gives each kind its steps, the role always first", () => {
    expect(stepsFor("worker")).toEqual([
      "role",
      "account",
      "personal",
      "skills",
      "branches",
      "payment",
    ]);
    expect(stepsFor("client")).toEqual(["role", "account", "personal", "company"]);
    expect(stepsFor("staff")).toEqual(["role", "account", "personal", "branches"]);
  });

  it("asks a worker for more personal details than staff, and requires its phone", () => {
    const worker = stepFields("worker", "personal");
    expect(names(worker)).toEqual([
      "first_name",
      "last_name",
      "phone",
      "birth_date",
      "country_id",
      "languages",
    ]);
    expect(worker.find((f) => f.name === "phone")?.required).toBe(true);
    const staff = stepFields("staff", "personal");
    expect(names(staff)).toEqual(["first_name", "last_name", "phone", "country_id"]);
    expect(staff.find((f) => f.name === "phone")?.required).toBe(false);
  });

  it("switches the payment step between IBAN/SWIFT and Danish reg/konto", () => {
    const intl = names(stepFields("worker", "payment"));
    expect(intl).toContain("iban");
    expect(intl).toContain("swift");
    expect(intl).not.toContain("konto");
    const dk = names(stepFields("worker", "payment", { danishBank: true }));
    expect(dk).toContain("reg");
    expect(dk).toContain("konto");
    expect(dk).not.toContain("iban");
  });

  it("has no fields for a step the kind does not have", () => {
    expect(stepFields("client", "payment")).toEqual([]);
    expect(stepFields("staff", "company")).toEqual([]);
    expect(stepFields("worker", "company")).toEqual([]);
    expect(names(stepFields("client", "company"))).toEqual(["company_id"]);
    expect(stepFields("staff", "branches")[0].required).toBe(false);
    expect(stepFields("worker", "branches")[0].required).toBe(true);
  });
});
