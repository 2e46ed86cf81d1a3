// Flat config: typescript-eslint's recommended rules for every TS file, React hooks rules for the web,
// and the walls of DESIGN.md: each wall is an import rule on the folder it guards, whose message
// names the wall, so a crossing fails `npm run lint` saying which one.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/** A wall: imports matching `group` are refused with a message naming it. */
const wall = (name, group, allowTypeImports = false) => ({ group, allowTypeImports, message: `crosses the wall "${name}" (DESIGN.md, Walls).` });

/** The walls that hold for `files`. One block per folder: a later block for the same files would replace, not add to, an earlier one's patterns. */
const guard = (files, ...patterns) => ({ files, rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] } });

const webToServer = wall("web imports server code only from server/src/contract", ["**/server/**", "!**/server/src/contract/**"]);
const serverOutward = wall("server/src never imports supabase/, server/identity-emulator or web/", [
  "**/supabase/**",
  "**/identity-emulator",
  "**/identity-emulator/**",
  "**/web/src/**",
]);
const routesToDb = wall("routes reach the database only through repositories", ["**/db/**", "drizzle-orm", "drizzle-orm/**", "better-sqlite3"], true);
const identityEmulatorInward = wall("the identity emulator never imports product code", ["**/server/src/**", "../src/**", "**/web/**", "**/db/**"]);
/** The bench measures with the one test support folder (issue 19), never with test files or a suite's own helpers. */
const benchToTests = wall("scripts/bench imports tests/ only from tests/support", ["**/tests/**", "!**/tests/support", "!**/tests/support/**"]);

const authEmulatorInward = wall("supabase/emulator (the auth-emulator package) never imports product code", [
  "**/server/**",
  "**/web/**",
  "**/db/**",
  "**/demo-seed",
  "**/demo-seed.ts",
]);

const walls = [
  guard(["web/**/*.{ts,tsx}"], webToServer),
  guard(["server/src/**/*.ts"], serverOutward),
  guard(["server/src/routes/**/*.ts"], serverOutward, routesToDb),
  guard(["server/identity-emulator/**/*.ts"], identityEmulatorInward),
  guard(["supabase/emulator/**/*.ts"], authEmulatorInward),
  guard(["scripts/bench/**/*.ts"], benchToTests),
];

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", ".data/**", "coverage/**", "bench-results/**", "test-artifacts/**", "web/src/api/schema.d.ts", "db/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": "off",
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  ...walls,
);
