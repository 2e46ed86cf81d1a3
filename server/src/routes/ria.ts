// GET /api/ria/tax-form.pdf: the caller's tax information form (requirements §2, RIA).
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { timestampNow } from "../contract/rules";
import { requireOwnAccountId, requireRoles } from "../authz";
import { ACCOUNT_HOLDER_ROLE } from "../contract/roles";
import { notFound } from "../errors";
import { getAccount } from "../repositories/accounts";
import { getPerson } from "../repositories/persons";
import { listOrganizationsOfAccount } from "../repositories/organizations";
import { enumLabels } from "../repositories/enums";
import { renderTaxForm } from "../pdf/tax-form";
import { limitedErrors, perCallerRateLimit } from "./shared";

export const TAX_FORMS_PER_MINUTE = 30;

export const riaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/ria/tax-form.pdf",
    {
      // Rendering a PDF costs far more than a JSON read; keep one client from hogging the process.
      config: perCallerRateLimit(TAX_FORMS_PER_MINUTE),
      schema: {
        tags: ["ria"],
        summary: "The caller's tax information form (application/pdf, as an attachment)",
        response: { 200: z.string().describe("PDF document (application/pdf)"), ...limitedErrors },
      },
    },
    async (request, reply) => {
      const accountId = requireOwnAccountId(request);
      requireRoles(request, ACCOUNT_HOLDER_ROLE);
      const acct = await getAccount(app.db, accountId);
      if (!acct) throw notFound("Account");
      const holder = acct.primaryAccountHolder ? await getPerson(app.db, acct.primaryAccountHolder) : undefined;
      const enumIds = [
        acct.riaPrimaryGoal,
        acct.riaTimeHorizonYears,
        acct.riaLiquidityNeeds,
        acct.riaFederalEffectiveTaxRate,
        acct.riaState,
        holder?.state,
      ].filter((v): v is string => Boolean(v));
      const labels = await enumLabels(app.db, enumIds);
      const foundationName = (await listOrganizationsOfAccount(app.db, accountId))[0]?.name1 ?? null;
      const label = (id: string | null | undefined) => (id ? (labels.get(id) ?? id) : null);
      const pdf = await renderTaxForm({
        accountId,
        holderName: holder ? [holder.firstName, holder.lastName].filter(Boolean).join(" ") || null : null,
        holderAddress: holder
          ? [
              holder.addressLine1,
              holder.addressLine2,
              [holder.city, label(holder.state), holder.zip].filter(Boolean).join(", "),
            ].filter((s): s is string => Boolean(s))
          : [],
        foundationName,
        rows: [
          ["Primary goal", label(acct.riaPrimaryGoal)],
          ["Risk score (1 to 5)", acct.riaRiskScore === null ? null : String(acct.riaRiskScore)],
          ["Loss capacity", acct.riaLossCapacityPercent === null ? null : `${acct.riaLossCapacityPercent}%`],
          ["Time horizon", label(acct.riaTimeHorizonYears)],
          ["Liquidity needs", label(acct.riaLiquidityNeeds)],
          ["Federal tax bracket", label(acct.riaFederalEffectiveTaxRate)],
          ["State", label(acct.riaState)],
        ],
        generatedAt: timestampNow(),
      });
      return (
        reply
          .header("content-type", "application/pdf")
          .header("content-disposition", `attachment; filename="tax-form-${accountId}.pdf"`)
          .header("cache-control", "no-store")
          // A Buffer goes out as-is; the string schema only documents the 200.
          .send(Buffer.from(pdf) as unknown as string)
      );
    },
  );
};
