import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));
// `server-only` throws outside a React server bundle; tests run the server code directly.
const alias = { "@": root, "server-only": path.join(root, "node_modules/server-only/empty.js") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude: ["node_modules/**", ".next/**"],
          environment: "node",
          globalSetup: ["lib/testing/global-setup.ts"],
          setupFiles: ["lib/testing/one-statement-at-a-time.ts"],
          // With DATABASE_URL the mode is production, where a secret must be given.
          env: { AUTH_SECRET: "integration-tests-secret-0123456789abcdef" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; two at a time keeps PGlite's memory modest.
          maxWorkers: 2,
        },
      },
    ],
  },
});
