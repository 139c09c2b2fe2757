import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".data/**",
    "node_modules/**",
    "db/migrations/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // db/ is the floor (schema, client, migrations): nothing in it builds on what builds on it.
    // The seed lives in seed/, and whoever starts the app hands the preparation to db/index.ts.
    files: ["db/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^@/(?!db(/|$)|lib/env$|lib/domain/)",
              message:
                "db/ imports only lib/env and lib/domain (pure rules); see README, Architecture.",
            },
          ],
        },
      ],
    },
  },
  {
    // Adapters reach data only through lib/services verbs (DESIGN.md §1, §9): a page or
    // component that queried the database would skip the verb's permission and scope checks.
    files: ["app/**", "components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@/db",
              message:
                "Call a lib/services verb instead of using the database in app/ or components/.",
            },
            {
              // One copy of next/link's client (~4 KB gzipped) joined every signed-in screen's
              // first load; NavLink does the same with the router the page already carries.
              name: "next/link",
              message: "Use NavLink from @/components/ui/nav-link (README, First-load JavaScript).",
            },
          ],
          patterns: [
            {
              group: ["@/db/*", "**/db", "**/db/*", "drizzle-orm", "drizzle-orm/*"],
              message:
                "Call a lib/services verb instead of using the database in app/ or components/.",
            },
          ],
        },
      ],
    },
  },
  {
    // A verb's reads may run in a transaction, whose one connection answers one statement at a
    // time: Promise.all over them only queues them in pg, which deprecates that (pg@9 refuses).
    // sideBySide (db/side-by-side.ts) runs them together on the pool, in turn in a transaction.
    files: ["lib/services/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.object.name='Promise'][callee.property.name='all'] > ArrayExpression",
          message:
            "Reads side by side: use sideBySide(db, () => …, …) from @/db (one connection in a transaction).",
        },
      ],
    },
  },
]);
