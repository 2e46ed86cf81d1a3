// Every credential form of a connection string is masked in messages (npm run db:migrate's and
// db:copy's error lines, the app's "cannot reach the database" start error).
import { describe, expect, it } from "vitest";
import { maskDatabaseUrl, maskDatabaseUrlIn } from "./database-url";

const SECRET = "s3cret-Pa55";

describe("maskDatabaseUrl", () => {
  it.each([
    [`postgres://app:${SECRET}@db.example.com:5432/app`, "postgres://app:***@db.example.com:5432/app"],
    [`postgres://app@db.example.com/app?password=${SECRET}`, "postgres://app@db.example.com/app?password=***"],
    [
      `postgres://app@db.example.com/app?sslmode=require&sslpassword=${SECRET}`,
      "postgres://app@db.example.com/app?sslmode=require&sslpassword=***",
    ],
    [
      `postgresql://app:${SECRET}@db/app?PASSWORD=${SECRET}&application_name=ff`,
      "postgresql://app:***@db/app?PASSWORD=***&application_name=ff",
    ],
    [
      `postgres://db/app?user=app&passwd=${SECRET}&api_token=${SECRET}&sslkey=${SECRET}`,
      "postgres://db/app?user=app&passwd=***&api_token=***&sslkey=***",
    ],
  ])("masks %s", (url, masked) => {
    expect(maskDatabaseUrl(url)).toBe(masked);
    expect(maskDatabaseUrl(url)).not.toContain(SECRET);
  });

  it("shows nothing of a string that is not a URL (a libpq key=value string may hold a password)", () => {
    expect(maskDatabaseUrl(`host=db password=${SECRET}`)).toBe("(not a valid URL)");
    expect(maskDatabaseUrl(undefined)).toBe("(not set)");
  });

  it("masks the URL wherever a message quotes it", () => {
    const url = `postgres://app:${SECRET}@db/app?password=${SECRET}`;
    const message = maskDatabaseUrlIn(`invalid connection string ${url}: bad port`, url);
    expect(message).not.toContain(SECRET);
    expect(message).toContain("postgres://app:***@db/app?password=***");
  });
});
