// Links between persons and organizations: POST /api/organization_users/ and
// DELETE /api/organization_users/{personId}/{organizationId}.
import type { z } from "zod";
import type { organizationUser } from "@contract/entities";
import { api } from "@/lib/api-client";

/** POST /api/organization_users/ */
export async function linkOrganizationUser(link: z.input<typeof organizationUser>): Promise<void> {
  await api.POST("/api/organization_users/", { body: link });
}
