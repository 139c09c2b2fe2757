// npm run db:migrate — applies migrations and reference data (also done at every start).
import { openDatabase } from "@/db";
import { prepareDatabase } from "@/seed/prepare";

async function main() {
  const handle = await openDatabase();
  try {
    await prepareDatabase(handle, { seed: "never" });
    console.log(`Database is up to date (${handle.kind}).`);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error("Migration failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
