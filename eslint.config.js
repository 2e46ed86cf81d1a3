// Flat config: typescript-eslint's recommended rules for every TS file, React hooks rules for the web,
// and the walls of docs/architecture.md: each wall is an import rule on the folder it guards, whose message
// names the wall, so a crossing fails `npm run lint` saying which one.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
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
// features → app.
// A feature imports its own folder and the shared folders; the app (web/src/app and the start-up
// files beside it) composes features; shared folders import neither. Test support (web/src/testing)
// may render the app's providers but no feature. Relative and "@/" imports are both resolved, so
// "../other-feature/x" is caught as surely as "@/features/other-feature/x".
const WEB_SRC = fileURLToPath(new URL("./web/src/", import.meta.url));
const featureWall = "a web feature never imports another feature (nor web/src/app, which composes them)";
const sharedWall = "web's shared folders (api, components, hooks, lib, stores, config, testing) never import a feature";

/** "app", "features/<name>", "testing" or "shared" for a path under web/src; null elsewhere. */
function webZone(file) {
  const rel = path.relative(WEB_SRC, file);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const [top, sub] = rel.split(path.sep);
  // Files beside the folders (main.tsx, test-setup.ts) start the app; "@/api" names a folder.
  if (top === "app" || (sub === undefined && /^(main|test-setup)(\.tsx?)?$/.test(top))) return "app";
  if (top === "features") return `features/${sub}`;
  return top === "testing" ? "testing" : "shared";
}

/** The file an import names, for "@/…" and relative specifiers; null for packages and "@contract/…". */
function resolveWebImport(specifier, importer) {
  if (specifier.startsWith("@/")) return path.join(WEB_SRC, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(importer), specifier);
  return null;
}

const webZones = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const from = webZone(context.filename);
    if (!from || from === "app") return {};
    function check(node, source) {
      if (typeof source?.value !== "string") return;
      const target = resolveWebImport(source.value, context.filename);
      const to = target && webZone(target);
      if (!to) return;
      const crossing = from.startsWith("features/")
        ? to === "app" || (to.startsWith("features/") && to !== from)
        : to.startsWith("features/") || (to === "app" && from !== "testing");
      if (!crossing) return;
      const name = from.startsWith("features/") ? featureWall : sharedWall;
      context.report({ node, message: `${source.value}: crosses the wall "${name}" (docs/architecture.md, Walls).` });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

/** web/src file names are kebab-case (bulletproof-react's convention): "sign-in-screen.test.tsx", not "SignInScreen.tsx". */
const KEBAB_FILE = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;
const kebabCaseFiles = {
  meta: { type: "suggestion", schema: [] },
  create(context) {
    const name = path.basename(context.filename);
    return {
      Program: (node) => {
        if (!KEBAB_FILE.test(name))
          context.report({ node, message: `${name}: web/src file names are kebab-case (e.g. "identity-check.tsx").` });
      },
    };
  },
};

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
    plugins: { walls: { rules: { "web-zones": webZones, "kebab-case-files": kebabCaseFiles } } },
    rules: { "walls/web-zones": "error", "walls/kebab-case-files": "error" },
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
