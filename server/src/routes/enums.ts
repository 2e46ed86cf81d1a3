// The seeded enum items (marital statuses, states, custodians…) the forms choose from.
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { enumItem } from "../contract/entities";
import { listEnums } from "../repositories/enums";
import { authErrors } from "./shared";

export const enumRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/enums/",
    {
      schema: {
        tags: ["enums"],
        summary: "Every enum item, by category and display order",
        response: { 200: z.array(enumItem), ...authErrors },
      },
    },
    async () => listEnums(app.db),
  );
};
