// The pages browsers load: /websdk/websdk.html (what the unmodified @sumsub/websdk(-react) opens in
// its iframe), /websdk/p/{linkId} (the hosted page an additional owner opens from their email; 410
// once the link is unknown or expired), and the script both run.
import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import type { IdentityContext } from "./applicants";
import { renderWidgetPage } from "./page";

const WIDGET_SCRIPT = fs.readFileSync(new URL("./public/widget.js", import.meta.url), "utf8");
const LINK_ID = /^sbx_[0-9a-f]{32}$/;
const HTML = "text/html; charset=utf-8";

export function registerHostedPages(app: FastifyInstance, ctx: IdentityContext): void {
  app.get("/websdk/websdk.html", async (_req, reply) => reply.type(HTML).send(renderWidgetPage({ mode: "embedded" })));

  app.get("/websdk/p/:linkId", async (req, reply) => {
    const linkId = (req.params as { linkId: string }).linkId;
    const grant = LINK_ID.test(linkId) ? ctx.store.link(linkId) : undefined;
    if (!grant || grant.expiresAt <= Date.now())
      return reply
        .status(410)
        .type(HTML)
        .send(renderWidgetPage({ mode: "expired" }));
    return reply.type(HTML).send(renderWidgetPage({ mode: "hosted", linkId }));
  });

  app.get("/websdk/emulator.js", async (_req, reply) =>
    reply.type("text/javascript; charset=utf-8").send(WIDGET_SCRIPT),
  );
}
