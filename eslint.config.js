// Flat config: typescript-eslint's recommended rules for every TS file, React hooks rules for the web,
// and the walls of docs/architecture.md: each wall is an import rule on the folder it guards, whose message
// names the wall, so a crossing fails `npm run lint` saying which one. Every rule comes from ESLint,
// typescript-eslint or a maintained plugin (import-x, check-file): the project writes no rule of its own.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import checkFile from "eslint-plugin-check-file";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A wall: imports matching `group` are refused with a message naming it. */
const wall = (name, group, allowTypeImports = false) => ({
  group,
  allowTypeImports,
  message: `crosses the wall "${name}" (docs/architecture.md, Walls).`,
});

/** The walls that hold for `files`. One block per folder: a later block for the same files would replace, not add to, an earlier one's patterns. */
const guard = (files, ...patterns) => ({
  files,
  rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] },
});

const webToServer = wall("web imports server code only from server/src/contract", [
  "**/server/**",
  "!**/server/src/contract/**",
]);
const serverOutward = wall("server/src never imports supabase/, server/identity-emulator or web/", [
  "**/supabase/**",
  "**/identity-emulator",
  "**/identity-emulator/**",
  "**/web/src/**",
]);
const routesToDb = wall(
  "routes reach the database only through repositories",
  ["**/db/**", "drizzle-orm", "drizzle-orm/**", "better-sqlite3"],
  true,
);
const domainPure = wall(
  "server/src/domain imports no drizzle-orm and no fastify (SQL is the repositories', HTTP the routes')",
  ["drizzle-orm", "drizzle-orm/**", "fastify", "fastify/**", "fastify-*", "@fastify/*"],
);
const identityEmulatorInward = wall("the identity emulator never imports product code", [
  "**/server/src/**",
  "../src/**",
  "**/web/**",
  "**/db/**",
]);
/** The bench measures with the one test support folder (tests/support/README.md), never with test files or a suite's own helpers. */
const benchToTests = wall("scripts/bench imports tests/ only from tests/support", [
  "**/tests/**",
  "!**/tests/support",
  "!**/tests/support/**",
]);

const authEmulatorInward = wall("supabase/emulator (the auth-emulator package) never imports product code", [
  "**/server/**",
  "!@simplewebauthn/server/**", // a library's subpath, not this repository's server/
  "**/web/**",
  "**/db/**",
  "**/demo-seed",
  "**/demo-seed.ts",
]);

// The web's zones (bulletproof-react's, docs/architecture.md "Inside web/src"): shared folders →
// features → app. A feature imports its own folder and the shared folders; the app (web/src/app and
// the start-up files beside it) composes features; shared folders import neither, except that test
// support (web/src/testing) may render the app's providers. eslint-plugin-import-x's
// no-restricted-paths checks them on resolved paths (web/tsconfig.json's "@/" included), so
// "../other-feature/x" is caught as surely as "@/features/other-feature/x".
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const featureWall = "a web feature never imports another feature (nor web/src/app, which composes them)";
const sharedWall = "web's shared folders (api, components, hooks, lib, stores, config, testing) never import a feature";
const crossing = (name) => `crosses the wall "${name}" (docs/architecture.md, Walls).`;

const foldersIn = (dir) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`);
const FEATURES = foldersIn("web/src/features");
const APP = ["web/src/app", "web/src/main.tsx", "web/src/test-setup.ts"];
const SHARED = foldersIn("web/src").filter((dir) => !["web/src/app", "web/src/features"].includes(dir));

const webZones = [
  ...FEATURES.map((feature) => ({
    target: feature,
    from: "web/src/features",
    except: [`./${path.basename(feature)}`],
    message: crossing(featureWall),
  })),
  { target: "web/src/features", from: APP, message: crossing(featureWall) },
  { target: SHARED, from: "web/src/features", message: crossing(sharedWall) },
  { target: SHARED.filter((dir) => dir !== "web/src/testing"), from: APP, message: crossing(sharedWall) },
];

/**
 * One per-caller limiter and one 429 for the routes (docs/operations.md, Limits every instance
 * shares): a route opts into `perCallerRateLimit` of routes/shared.ts rather than writing its own
 * rate-limit config, and throws http-errors.ts's `tooManyRequests` rather than answering a 429 itself.
 */
const oneLimiter = {
  files: ["server/src/routes/**/*.ts"],
  ignores: ["server/src/routes/shared.ts"],
  rules: {
    "no-restricted-syntax": [
      "error",
      {
        selector: "Property[key.name='rateLimit']",
        message:
          "a route's rate limit is routes/shared.ts's perCallerRateLimit (one limiter, counted across instances).",
      },
      {
        selector: "CallExpression[callee.property.name=/^(status|code)$/][arguments.0.value=429]",
        message:
          "a 429 is thrown as http-errors.ts's tooManyRequests (one body, Retry-After, one wording), not answered by hand.",
      },
    ],
  },
};

const walls = [
  guard(["web/**/*.{ts,tsx}"], webToServer),
  {
    files: ["web/src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX, "check-file": checkFile },
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js"],
          tsconfig: { configFile: path.join(ROOT, "web/tsconfig.json") },
        }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: ROOT, zones: webZones }],
      // bulletproof-react's convention: "sign-in-screen.test.tsx", not "SignInScreen.tsx".
      "check-file/filename-naming-convention": [
        "error",
        { "web/src/**/*.{ts,tsx}": "KEBAB_CASE" },
        {
          ignoreMiddleExtensions: true,
          errorMessage: '{{ target }}: web/src file names are kebab-case (e.g. "identity-check.tsx").',
        },
      ],
    },
  },
  guard(["server/src/**/*.ts"], serverOutward),
  guard(["server/src/routes/**/*.ts"], serverOutward, routesToDb),
  guard(["server/src/domain/**/*.ts"], serverOutward, domainPure),
  guard(["server/identity-emulator/**/*.ts"], identityEmulatorInward),
  guard(["supabase/emulator/**/*.ts"], authEmulatorInward),
  guard(["scripts/bench/**/*.ts"], benchToTests),
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      ".data/**",
      "coverage/**",
      "bench-results/**",
      "test-artifacts/**",
      "web/src/api/schema.d.ts",
      "db/migrations/**",
    ],
  },
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
  oneLimiter,
);
