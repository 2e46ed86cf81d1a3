// POST /api/ria/tax-form.pdf: the caller's tax information form (requirements §2, RIA), printing the
// answers on screen, which the founder then acknowledges (docs/decisions/0191). Nothing is saved.
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { timestampNow } from "../contract/rules";
import { taxFormAnswers } from "../contract/entities";
import { requireOwnAccountId, requireRoles } from "../authz";
import { ACCOUNT_HOLDER_ROLE } from "../contract/roles";
import { notFound } from "../errors";
import { getAccount } from "../repositories/accounts";
import { getPerson } from "../repositories/persons";
import { listOrganizationsOfAccount } from "../repositories/organizations";
import { assertEnumValues, enumLabels } from "../repositories/enums";
import { renderTaxForm } from "../pdf/tax-form";
import { limitedErrors, perCallerRateLimit } from "./shared";

/** @internal */ export const TAX_FORMS_PER_MINUTE = 30;

export const riaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/ria/tax-form.pdf",
    {
      // Rendering a PDF costs far more than a JSON read; keep one client from hogging the process.
      config: perCallerRateLimit(TAX_FORMS_PER_MINUTE),
      schema: {
        tags: ["ria"],
        summary: "The caller's tax information form with the given answers (application/pdf, as an attachment)",
        body: taxFormAnswers,
        response: { 200: z.string().describe("PDF document (application/pdf)"), ...limitedErrors },
      },
    },
    async (request, reply) => {
      const accountId = requireOwnAccountId(request);
      requireRoles(request, ACCOUNT_HOLDER_ROLE);
      const answers = request.body;
      const acct = await getAccount(app.db, accountId);
      if (!acct) throw notFound("Account");
      await assertEnumValues(app.db, {
        ria_primary_goal: answers.ria_primary_goal,
        ria_time_horizon_years: answers.ria_time_horizon_years,
        ria_liquidity_needs: answers.ria_liquidity_needs,
        ria_federal_effective_tax_rate: answers.ria_federal_effective_tax_rate,
        ria_state: answers.ria_state,
      });
      const holder = acct.primaryAccountHolder ? await getPerson(app.db, acct.primaryAccountHolder) : undefined;
      const enumIds = [
        answers.ria_primary_goal,
        answers.ria_time_horizon_years,
        answers.ria_liquidity_needs,
        answers.ria_federal_effective_tax_rate,
        answers.ria_state,
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
          ["Primary goal", label(answers.ria_primary_goal)],
          ["Risk score (1 to 5)", String(answers.ria_risk_score)],
          ["Loss capacity", `${answers.ria_loss_capacity_percent}%`],
          ["Time horizon", label(answers.ria_time_horizon_years)],
          ["Liquidity needs", label(answers.ria_liquidity_needs)],
          ["Federal tax bracket", label(answers.ria_federal_effective_tax_rate)],
          ["State", label(answers.ria_state)],
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
