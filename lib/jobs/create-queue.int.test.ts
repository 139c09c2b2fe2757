import type PgBoss from "pg-boss";
import { describe, expect, it } from "vitest";
import { createQueue } from "./queue";

/** A pg-boss whose createQueue fails with the given errors first, then succeeds. */
function bossFailing(...errors: unknown[]) {
  let calls = 0;
  const boss = {
    createQueue: async () => {
      calls++;
      const err = errors.shift();
      if (err) throw err;
    },
  } as unknown as PgBoss;
  return { boss, calls: () => calls };
}

const queue = { name: "salary-run", policy: "standard" } as const;
const deadlock = Object.assign(new Error("deadlock detected"), { code: "40P01" });

describe("createQueue (two instances starting at once)", () => {
  it("tries again when PostgreSQL cancels it as a deadlock victim, also wrapped by drizzle", async () => {
    const wrapped = Object.assign(new Error("Failed query"), { cause: deadlock });
    const b = bossFailing(deadlock, wrapped);
    await expect(createQueue(b.boss, "salary-run", queue)).resolves.toBeUndefined();
    expect(b.calls()).toBe(3);
  });

  it("gives up after five deadlocks, and never retries another error", async () => {
    const five = bossFailing(deadlock, deadlock, deadlock, deadlock, deadlock);
    await expect(createQueue(five.boss, "salary-run", queue)).rejects.toThrow("deadlock detected");
    expect(five.calls()).toBe(5);
    const denied = Object.assign(new Error("permission denied"), { code: "42501" });
    const other = bossFailing(denied);
    await expect(createQueue(other.boss, "salary-run", queue)).rejects.toThrow("permission denied");
    expect(other.calls()).toBe(1);
  });
});
