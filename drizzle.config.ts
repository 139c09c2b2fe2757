import { defineConfig } from "drizzle-kit";

// Only generates SQL from the schema; the app applies migrations itself (db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
