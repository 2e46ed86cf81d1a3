// The emulator's state: applicants, SDK access tokens and hosted-page links. Kept in memory and,
// when a data directory is given, mirrored to one JSON file so a restarted local stack still knows
// the applicants the app's database refers to.
import fs from "node:fs";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";

export type DocSetType = "IDENTITY" | "SELFIE";
export const REQUIRED_STEPS: readonly DocSetType[] = ["IDENTITY", "SELFIE"];

export interface ReviewResult {
  reviewAnswer: "GREEN" | "RED";
  rejectLabels: string[];
  reviewRejectType?: "FINAL" | "RETRY";
  moderationComment?: string;
  clientComment?: string;
}

export interface ApplicantRecord {
  id: string;
  inspectionId: string;
  externalUserId: string;
  levelName: string;
  createdAt: string;
  email?: string;
  phone?: string;
  stepsCompleted: DocSetType[];
  review: {
    reviewId: string;
    attemptId: string;
    attemptCnt: number;
    reviewStatus: "init" | "pending" | "completed";
    createDate: string;
    reviewDate?: string;
    reviewResult?: ReviewResult;
  };
}

export interface GrantRecord {
  userId: string;
  levelName: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  email?: string;
  phone?: string;
}

interface Snapshot {
  applicants: ApplicantRecord[];
  tokens: Record<string, GrantRecord>;
  links: Record<string, GrantRecord>;
}

/** Sumsub ids are 24 lower-case hex characters. */
const hexId = () => randomBytes(12).toString("hex");

/** Sumsub's date format in applicant objects: "yyyy-MM-dd HH:mm:ss" (UTC). */
export function sumsubDate(d = new Date()): string {
  return d.toISOString().replace("T", " ").slice(0, 19);
}

export class EmulatorStore {
  private applicants = new Map<string, ApplicantRecord>();
  private tokens = new Map<string, GrantRecord>();
  private links = new Map<string, GrantRecord>();
  private readonly file: string | undefined;

  constructor(dataDir?: string) {
    this.file = dataDir ? path.join(dataDir, "identity-emulator.json") : undefined;
    if (this.file && fs.existsSync(this.file)) {
      const snap = JSON.parse(fs.readFileSync(this.file, "utf8")) as Snapshot;
      for (const a of snap.applicants) this.applicants.set(a.id, a);
      this.tokens = new Map(Object.entries(snap.tokens));
      this.links = new Map(Object.entries(snap.links));
    }
  }

  private save(): void {
    if (!this.file) return;
    const now = Date.now();
    // Expired grants are useless after a restart; dropping them keeps the file small.
    const live = (m: Map<string, GrantRecord>) => Object.fromEntries([...m].filter(([, g]) => g.expiresAt > now));
    const snap: Snapshot = {
      applicants: [...this.applicants.values()],
      tokens: live(this.tokens),
      links: live(this.links),
    };
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(this.file, JSON.stringify(snap));
  }

  byId(id: string): ApplicantRecord | undefined {
    return this.applicants.get(id);
  }

  byExternalUserId(externalUserId: string): ApplicantRecord | undefined {
    for (const a of this.applicants.values()) if (a.externalUserId === externalUserId) return a;
    return undefined;
  }

  createApplicant(input: {
    externalUserId: string;
    levelName: string;
    email?: string;
    phone?: string;
  }): ApplicantRecord {
    const now = sumsubDate();
    const applicant: ApplicantRecord = {
      id: hexId(),
      inspectionId: hexId(),
      externalUserId: input.externalUserId,
      levelName: input.levelName,
      createdAt: now,
      email: input.email,
      phone: input.phone,
      stepsCompleted: [],
      review: {
        reviewId: randomUUID().slice(0, 5),
        attemptId: randomUUID().slice(0, 5),
        attemptCnt: 0,
        reviewStatus: "init",
        createDate: now,
      },
    };
    this.applicants.set(applicant.id, applicant);
    this.save();
    return applicant;
  }

  /**
   * A new check of the applicant (a new review attempt, as Sumsub starts one when the applicant is
   * submitted or a check is requested): a new attemptId, createDate now, status pending. The time
   * a check started is what a product compares with the applicant's later changes.
   */
  startCheck(applicant: ApplicantRecord): ApplicantRecord {
    return this.update(applicant, (a) => {
      a.review = {
        reviewId: a.review.reviewId,
        attemptId: randomUUID().slice(0, 5),
        attemptCnt: a.review.attemptCnt + 1,
        reviewStatus: "pending",
        createDate: sumsubDate(),
      };
    });
  }

  /** Applies a change to an applicant and persists it. */
  update(applicant: ApplicantRecord, change: (a: ApplicantRecord) => void): ApplicantRecord {
    change(applicant);
    this.save();
    return applicant;
  }

  issueToken(grant: GrantRecord, origin: string): string {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64");
    // Shaped like Sumsub's sandbox tokens so the unmodified WebSDK reads its `url` claim and opens
    // its iframe on this emulator. Standard base64 (not base64url): the SDK decodes with atob.
    const token = `_act-sbx-jwt-${b64({ alg: "none" })}.${b64({ jti: `_act-sbx-${randomUUID()}`, url: origin })}.-v2`;
    this.tokens.set(token, grant);
    this.save();
    return token;
  }

  issueLink(grant: GrantRecord): string {
    const id = `sbx_${randomBytes(16).toString("hex")}`;
    this.links.set(id, grant);
    this.save();
    return id;
  }

  token(token: string): GrantRecord | undefined {
    return this.tokens.get(token);
  }

  link(id: string): GrantRecord | undefined {
    return this.links.get(id);
  }
}
