// A tiny page mounting the web's IdentityCheck (the real @sumsub/websdk-react), built with Vite and
// served beside a relay of /api/* to the app; each test registers a case and opens /?case=<id>.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";
import { build } from "vite";
import react from "@vitejs/plugin-react";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const IDENTITY_CHECK = path.join(REPO, "web/src/features/identity/identity-check.tsx");

interface WidgetCase {
  /** Bearer for /api/sumsub/access_token; a wrong one makes the token fetch fail. */
  bearer: string;
  /** The body the page sends to /api/sumsub/access_token (requirements §7 variant with user_id…), or none. */
  tokenBody?: unknown;
  /** Passed as IdentityCheck's baseUrl; omitted means the SDK takes the origin from the token. */
  baseUrl?: string;
  /** Returned by the first getAccessToken() instead of asking the app (e.g. an expired token). */
  firstToken?: string;
}

export interface IdentityWidgetPage {
  url: string;
  addCase(c: WidgetCase): string;
  close(): Promise<void>;
}

// Plain JS (no JSX) so the entry needs nothing but React and the component under test.
const ENTRY = `
import { StrictMode, createElement as h } from "react";
import { createRoot } from "react-dom/client";
import IdentityCheck from ${JSON.stringify(IDENTITY_CHECK)};

const caseId = new URLSearchParams(location.search).get("case");
const state = (window.__identity = { events: [], tokenFetches: 0 });
const list = document.getElementById("events");
function record(text) {
  state.events.push(text);
  const li = document.createElement("li");
  li.textContent = text;
  list.appendChild(li);
}

fetch("/harness-config.json?case=" + encodeURIComponent(caseId)).then((r) => r.json()).then((cfg) => {
  let firstToken = cfg.firstToken;
  async function getAccessToken() {
    state.tokenFetches += 1;
    record("token fetch " + state.tokenFetches);
    if (firstToken) {
      const t = firstToken;
      firstToken = undefined;
      return t;
    }
    const res = await fetch("/api/sumsub/access_token", {
      method: "POST",
      headers: Object.assign({ Authorization: "Bearer " + cfg.bearer }, cfg.tokenBody === undefined ? {} : { "Content-Type": "application/json" }),
      body: cfg.tokenBody === undefined ? undefined : JSON.stringify(cfg.tokenBody),
    });
    if (!res.ok) throw new Error("access token request failed: HTTP " + res.status);
    return (await res.json()).token;
  }
  function onApplicantLoaded(applicantId) {
    record("applicant loaded: " + applicantId);
    // As the creation flow does: the server checks the claim with the provider before saving it.
    fetch("/api/sumsub/confirm", {
      method: "POST",
      headers: { Authorization: "Bearer " + cfg.bearer, "Content-Type": "application/json" },
      body: JSON.stringify({ applicant_id: applicantId }),
    }).then((r) => record("applicant saved: HTTP " + r.status));
  }
  function onCompleted(answer) {
    record("completed: " + answer);
  }
  createRoot(document.getElementById("root")).render(
    h(StrictMode, null, h(IdentityCheck, { getAccessToken, onApplicantLoaded, onCompleted, baseUrl: cfg.baseUrl })),
  );
});
`;

const INDEX_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Identity widget harness</title></head>
<body>
<main>
<h1>Identity widget harness</h1>
<div id="root"></div>
<h2>Events</h2>
<ul id="events" aria-label="Widget events"></ul>
</main>
<script type="module" src="./main.js"></script>
</body>
</html>`;

/** Builds the page (once per call) and serves it; /api/* is relayed to `appUrl`. */
export async function startIdentityWidgetPage(appUrl: string): Promise<IdentityWidgetPage> {
  // Inside node_modules so the entry resolves react and the SDK from the project's install.
  const dir = path.join(REPO, "node_modules/.cache/identity-harness", randomUUID());
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "index.html"), INDEX_HTML);
  fs.writeFileSync(path.join(dir, "main.js"), ENTRY);
  const outDir = path.join(dir, "dist");
  await build({
    configFile: false,
    root: dir,
    logLevel: "warn",
    plugins: [react()],
    build: { outDir, emptyOutDir: true, minify: false },
  });

  const cases = new Map<string, WidgetCase>();
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://harness");
      if (url.pathname === "/harness-config.json") {
        const c = cases.get(url.searchParams.get("case") ?? "");
        res.writeHead(c ? 200 : 404, { "Content-Type": "application/json" }).end(JSON.stringify(c ?? {}));
        return;
      }
      if (url.pathname.startsWith("/api/")) {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const headers: Record<string, string> = {};
        for (const name of ["authorization", "content-type"]) {
          const v = req.headers[name];
          if (typeof v === "string") headers[name] = v;
        }
        const upstream = await fetch(`${appUrl}${url.pathname}${url.search}`, {
          method: req.method,
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        });
        res.writeHead(upstream.status, { "Content-Type": upstream.headers.get("content-type") ?? "application/json" });
        res.end(Buffer.from(await upstream.arrayBuffer()));
        return;
      }
      const file = path.join(outDir, url.pathname === "/" ? "index.html" : path.normalize(url.pathname));
      if (!file.startsWith(outDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
        res.writeHead(404).end();
        return;
      }
      const type = file.endsWith(".html")
        ? "text/html; charset=utf-8"
        : file.endsWith(".js")
          ? "text/javascript"
          : file.endsWith(".css")
            ? "text/css"
            : "application/octet-stream";
      res.writeHead(200, { "Content-Type": type }).end(fs.readFileSync(file));
    })().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // The iframe's origin is the emulator's, so this page's origin only needs to reach the relay.
    url: `http://127.0.0.1:${port}`,
    addCase(c) {
      const id = randomUUID();
      cases.set(id, c);
      return id;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
