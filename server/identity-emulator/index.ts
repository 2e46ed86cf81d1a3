// Offline stand-in for Sumsub, on its own listener (IDENTITY_PORT). It speaks the parts of Sumsub's
// protocols the product uses, so the product's code is the same against it and against Sumsub:
// - the signed REST API (SDK access tokens in both forms, applicants, review status, sandbox
//   testCompleted, external WebSDK links), refusing bad signatures with Sumsub's 401 error shape;
// - /websdk/websdk.html, the page the unmodified @sumsub/websdk(-react) loads in its iframe, which
//   runs the real postMessage handshake and lets the person simulate capture and pick the outcome;
// - /websdk/p/<link>, the hosted page an additional owner opens from their email;
// - signed webhooks (applicantCreated, applicantPending, applicantReviewed) to the app.
// node:http rather than Fastify: signatures cover the raw path and body, which this keeps in hand.
import http from "node:http";
import fs from "node:fs";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { EmulatorStore, REQUIRED_STEPS, sumsubDate, type ApplicantRecord, type GrantRecord } from "./store";
import { createWebhookSender, type WebhookDigestAlg } from "./webhooks";
import { renderWidgetPage } from "./page";

export interface IdentityEmulatorOptions {
  host: string;
  port: number;
  /** The origin browsers use to reach this listener; it goes into access tokens and links. */
  publicUrl: string;
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string;
  quiet?: boolean;
  /** When set, state is kept in `<dataDir>/identity-emulator.json` across restarts. */
  dataDir?: string;
  /** Digest algorithm of outgoing webhooks (Sumsub's dashboard default: SHA-256). */
  webhookDigestAlg?: WebhookDigestAlg;
}

export interface IdentityEmulator {
  url: string;
  close(): Promise<void>;
}

/** Sumsub accepts X-App-Access-Ts within about a minute of its own clock. */
const MAX_CLOCK_SKEW_SECONDS = 60;
const MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_TTL_SECONDS = 600;

const WIDGET_SCRIPT = fs.readFileSync(new URL("./public/widget.js", import.meta.url), "utf8");

class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const identifiersSchema = z.object({ email: z.string().optional(), phone: z.string().optional() }).optional();
const sdkTokenBody = z.object({
  userId: z.string().min(1).max(256),
  levelName: z.string().min(1).max(256),
  ttlInSecs: z.coerce.number().int().min(0).max(30 * 86_400).default(DEFAULT_TTL_SECONDS),
  applicantIdentifiers: identifiersSchema,
});
const createApplicantBody = z.object({
  externalUserId: z.string().min(1).max(256),
  email: z.string().optional(),
  phone: z.string().optional(),
});
const testCompletedBody = z.object({
  reviewAnswer: z.enum(["GREEN", "RED"]),
  rejectLabels: z.array(z.string()).default([]),
  reviewRejectType: z.enum(["FINAL", "RETRY"]).optional(),
  moderationComment: z.string().optional(),
  clientComment: z.string().optional(),
});
const documentBody = z.object({ idDocSetType: z.enum(["IDENTITY", "SELFIE"]) });
const reviewBody = z.object({ reviewAnswer: z.enum(["GREEN", "RED"]) });

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new HttpError(400, `Invalid request: ${r.error.issues.map((i) => `${i.path.join(".") || "body"} ${i.message}`).join("; ")}`);
  return r.data;
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) reject(new HttpError(413, "Request body too large"));
      else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function jsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw new HttpError(400, "Request body is not valid JSON");
  }
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startIdentityEmulator(opts: IdentityEmulatorOptions): Promise<IdentityEmulator> {
  const store = new EmulatorStore(opts.dataDir);
  const log = (msg: string) => {
    if (!opts.quiet) console.log(`[identity-emulator] ${msg}`);
  };
  const webhooks = createWebhookSender({
    url: opts.webhookUrl,
    secret: opts.webhookSecret,
    alg: opts.webhookDigestAlg ?? "HMAC_SHA256_HEX",
    log,
  });
  // The SDK compares message origins by strict string equality, so only the bare origin will do.
  let origin = new URL(opts.publicUrl).origin;

  /** Sumsub's app-token authentication; throws a 401 in Sumsub's error shape. */
  function authenticate(req: http.IncomingMessage, rawPathWithQuery: string, body: Buffer): void {
    const token = header(req, "x-app-token");
    const ts = header(req, "x-app-access-ts");
    const sig = header(req, "x-app-access-sig");
    if (!token || !safeEqual(token, opts.appToken)) {
      throw new HttpError(401, "App token is not valid", { errorName: "app-token-invalid" });
    }
    const tsNum = Number(ts);
    if (!ts || !Number.isInteger(tsNum) || Math.abs(Date.now() / 1000 - tsNum) > MAX_CLOCK_SKEW_SECONDS) {
      throw new HttpError(401, "Request timestamp is missing or too far from the server's clock", { errorName: "app-token-invalid-ts" });
    }
    const expected = createHmac("sha256", opts.secretKey)
      .update(`${ts}${(req.method ?? "").toUpperCase()}${rawPathWithQuery}`)
      .update(body)
      .digest("hex");
    if (!sig || !safeEqual(sig.toLowerCase(), expected)) {
      throw new HttpError(401, "Request signature mismatch", { errorCode: 4003, errorName: "app-token-signature mismatch" });
    }
  }

  function reviewJson(a: ApplicantRecord) {
    const r = a.review;
    return {
      reviewId: r.reviewId,
      attemptId: r.attemptId,
      attemptCnt: r.attemptCnt,
      levelName: a.levelName,
      levelAutoCheckMode: null,
      createDate: r.createDate,
      ...(r.reviewDate ? { reviewDate: r.reviewDate } : {}),
      reviewStatus: r.reviewStatus,
      ...(r.reviewStatus === "completed" && r.reviewResult ? { reviewResult: r.reviewResult } : {}),
      reprocessing: false,
      priority: 0,
    };
  }

  function applicantJson(a: ApplicantRecord) {
    return {
      id: a.id,
      createdAt: a.createdAt,
      key: "LOCALEMULATOR",
      clientId: "local-identity-emulator",
      inspectionId: a.inspectionId,
      externalUserId: a.externalUserId,
      ...(a.email ? { email: a.email } : {}),
      ...(a.phone ? { phone: a.phone } : {}),
      applicantPlatform: "Web",
      requiredIdDocs: {
        docSets: [
          { idDocSetType: "IDENTITY", types: ["PASSPORT", "ID_CARD", "DRIVERS"] },
          { idDocSetType: "SELFIE", types: ["SELFIE"], videoRequired: "passiveLiveness" },
        ],
      },
      review: reviewJson(a),
      lang: "en",
      type: "individual",
    };
  }

  function findApplicant(idSegment: string): ApplicantRecord {
    const prefix = "-;externalUserId=";
    const a = idSegment.startsWith(prefix) ? store.byExternalUserId(idSegment.slice(prefix.length)) : store.byId(idSegment);
    if (!a) throw new HttpError(404, "Applicant not found");
    return a;
  }

  async function createApplicant(input: { externalUserId: string; levelName: string; email?: string; phone?: string }) {
    const a = store.createApplicant(input);
    log(`applicant ${a.id} created`);
    await webhooks.send("applicantCreated", a);
    return a;
  }

  async function complete(a: ApplicantRecord, result: z.infer<typeof testCompletedBody>): Promise<void> {
    store.update(a, (x) => {
      x.review.reviewStatus = "completed";
      x.review.reviewDate = sumsubDate();
      x.review.reviewResult = result;
    });
    log(`applicant ${a.id} reviewed ${result.reviewAnswer}`);
    await webhooks.send("applicantReviewed", a);
  }

  function grantFrom(body: z.infer<typeof sdkTokenBody>): GrantRecord {
    return {
      userId: body.userId,
      levelName: body.levelName,
      expiresAt: Date.now() + body.ttlInSecs * 1000,
      email: body.applicantIdentifiers?.email,
      phone: body.applicantIdentifiers?.phone,
    };
  }

  /** The signed Sumsub REST surface. */
  async function api(method: string, segments: string[], query: URLSearchParams, body: unknown): Promise<unknown> {
    const route = `${method} /${segments.join("/")}`;
    if (route === "POST /resources/accessTokens/sdk") {
      const b = parse(sdkTokenBody, body);
      return { token: store.issueToken(grantFrom(b), origin), userId: b.userId };
    }
    if (route === "POST /resources/accessTokens") {
      const b = parse(sdkTokenBody, {
        userId: query.get("userId") ?? undefined,
        levelName: query.get("levelName") ?? undefined,
        ttlInSecs: query.get("ttlInSecs") ?? undefined,
      });
      return { token: store.issueToken(grantFrom(b), origin), userId: b.userId };
    }
    if (route === "POST /resources/applicants") {
      const levelName = query.get("levelName");
      if (!levelName) throw new HttpError(400, "levelName query parameter is required");
      const b = parse(createApplicantBody, body);
      const existing = store.byExternalUserId(b.externalUserId);
      if (existing) throw new HttpError(409, `Applicant with external user id '${b.externalUserId}' already exists: ${existing.id}`);
      return applicantJson(await createApplicant({ ...b, levelName }));
    }
    if (route === "POST /resources/sdkIntegrations/levels/-/websdkLink") {
      const b = parse(sdkTokenBody, body);
      const id = store.issueLink(grantFrom({ ...b, ttlInSecs: b.ttlInSecs || DEFAULT_TTL_SECONDS }));
      return { url: `${origin}/websdk/p/${id}` };
    }
    const [r, applicants, idSegment, ...rest] = segments;
    if (r === "resources" && applicants === "applicants" && idSegment) {
      const tail = `${method} ${rest.join("/")}`;
      if (tail === "GET one") return applicantJson(findApplicant(idSegment));
      if (tail === "GET status") return reviewJson(findApplicant(idSegment));
      if (tail === "POST status/testCompleted") {
        const a = findApplicant(idSegment);
        await complete(a, parse(testCompletedBody, body));
        return { ok: 1 };
      }
    }
    throw new HttpError(404, "Not found");
  }

  /** Resolves the widget's credential (an SDK access token, or a hosted link id) to its applicant. */
  async function applicantFor(req: http.IncomingMessage): Promise<ApplicantRecord> {
    const token = header(req, "x-access-token");
    const linkId = header(req, "x-link-id");
    let grant: GrantRecord | undefined;
    if (token) {
      grant = store.token(token);
      // The widget turns this code into idCheck.onError {code:"invalid-token"}, which makes the
      // SDK call the host's expiration handler for a fresh token.
      if (!grant || grant.expiresAt <= Date.now()) throw new HttpError(401, "Access token is invalid or expired", { code: "invalid-token" });
    } else if (linkId) {
      grant = store.link(linkId);
      if (!grant || grant.expiresAt <= Date.now()) throw new HttpError(410, "This verification link is invalid or has expired", { code: "link-expired" });
    } else {
      throw new HttpError(401, "No access token", { code: "invalid-token" });
    }
    return (
      store.byExternalUserId(grant.userId) ??
      (await createApplicant({ externalUserId: grant.userId, levelName: grant.levelName, email: grant.email, phone: grant.phone }))
    );
  }

  function widgetView(a: ApplicantRecord) {
    return { applicantId: a.id, levelName: a.levelName, stepsCompleted: a.stepsCompleted, requiredSteps: REQUIRED_STEPS, review: reviewJson(a) };
  }

  /** The unsigned calls the emulator's own widget page makes (Sumsub's widget has its own too). */
  async function widgetApi(action: string, req: http.IncomingMessage, body: unknown): Promise<unknown> {
    const a = await applicantFor(req);
    const r = a.review;
    const rejectedForRetry = r.reviewStatus === "completed" && r.reviewResult?.reviewAnswer === "RED" && r.reviewResult.reviewRejectType === "RETRY";
    switch (action) {
      case "session":
        return widgetView(a);
      case "documents": {
        const { idDocSetType } = parse(documentBody, body);
        if (!(r.reviewStatus === "init" || rejectedForRetry)) throw new HttpError(409, "Documents cannot be changed in this review state");
        store.update(a, (x) => {
          if (rejectedForRetry) {
            // A RETRY rejection lets the person start over, as in Sumsub.
            x.review.reviewStatus = "init";
            delete x.review.reviewResult;
            delete x.review.reviewDate;
            x.stepsCompleted = [];
          }
          if (!x.stepsCompleted.includes(idDocSetType)) x.stepsCompleted.push(idDocSetType);
        });
        return widgetView(a);
      }
      case "submit": {
        if (r.reviewStatus !== "init") throw new HttpError(409, "The applicant is not awaiting submission");
        const missing = REQUIRED_STEPS.filter((s) => !a.stepsCompleted.includes(s));
        if (missing.length) throw new HttpError(409, `Steps not completed: ${missing.join(", ")}`);
        store.update(a, (x) => {
          x.review.reviewStatus = "pending";
          x.review.attemptCnt += 1;
        });
        await webhooks.send("applicantPending", a);
        return widgetView(a);
      }
      case "review": {
        const { reviewAnswer } = parse(reviewBody, body);
        if (r.reviewStatus !== "pending") throw new HttpError(409, "The applicant is not pending review");
        await complete(
          a,
          reviewAnswer === "GREEN"
            ? { reviewAnswer, rejectLabels: [] }
            : {
                reviewAnswer,
                rejectLabels: ["UNSATISFACTORY_PHOTOS"],
                reviewRejectType: "RETRY",
                moderationComment: "Rejected by the emulated reviewer.",
                clientComment: "Rejected in the local identity emulator.",
              },
        );
        return widgetView(a);
      }
      default:
        throw new HttpError(404, "Not found");
    }
  }

  function send(res: http.ServerResponse, status: number, type: string, body: string, extraHeaders: Record<string, string> = {}) {
    res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store", ...extraHeaders });
    res.end(body);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const rawUrl = req.url ?? "/";
    const method = (req.method ?? "GET").toUpperCase();
    const qIndex = rawUrl.indexOf("?");
    const rawPath = qIndex === -1 ? rawUrl : rawUrl.slice(0, qIndex);
    const query = new URLSearchParams(qIndex === -1 ? "" : rawUrl.slice(qIndex + 1));
    let segments: string[];
    try {
      segments = rawPath.split("/").slice(1).map(decodeURIComponent);
    } catch {
      throw new HttpError(400, "Malformed path");
    }
    const raw = await readBody(req);

    if (segments[0] === "resources") {
      authenticate(req, rawUrl, raw);
      const result = await api(method, segments, query, jsonBody(raw));
      return send(res, 200, "application/json", JSON.stringify(result));
    }
    const path = `/${segments.join("/")}`;
    if (method === "GET" && path === "/websdk/websdk.html") {
      return send(res, 200, "text/html; charset=utf-8", renderWidgetPage({ mode: "embedded" }));
    }
    if (method === "GET" && segments[0] === "websdk" && segments[1] === "p" && segments.length === 3) {
      const linkId = segments[2] ?? "";
      const grant = /^sbx_[0-9a-f]{32}$/.test(linkId) ? store.link(linkId) : undefined;
      if (!grant || grant.expiresAt <= Date.now()) {
        return send(res, 410, "text/html; charset=utf-8", renderWidgetPage({ mode: "expired" }));
      }
      return send(res, 200, "text/html; charset=utf-8", renderWidgetPage({ mode: "hosted", linkId }));
    }
    if (method === "GET" && path === "/websdk/emulator.js") {
      return send(res, 200, "text/javascript; charset=utf-8", WIDGET_SCRIPT);
    }
    if (method === "POST" && segments[0] === "websdk" && segments[1] === "api" && segments.length === 3) {
      const result = await widgetApi(segments[2] ?? "", req, jsonBody(raw));
      return send(res, 200, "application/json", JSON.stringify(result));
    }
    if (method === "GET" && path === "/health") return send(res, 200, "application/json", JSON.stringify({ ok: true }));
    throw new HttpError(404, "Not found");
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500;
      const description = err instanceof HttpError ? err.message : "Internal emulator error";
      if (!(err instanceof HttpError)) log(`error: ${err instanceof Error ? err.message : String(err)}`);
      // Sumsub's error shape: {description, code, correlationId, errorCode?, errorName?}.
      const body = { description, code: status, correlationId: `req-${randomUUID()}`, ...(err instanceof HttpError ? err.extra : {}) };
      if (!res.headersSent) send(res, status, "application/json", JSON.stringify(body));
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as import("node:net").AddressInfo;
  if (opts.port === 0) origin = `http://${opts.host}:${port}`;
  log(`listening on ${origin}`);

  return {
    url: origin,
    close: async () => {
      webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
