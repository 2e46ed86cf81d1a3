// The account's persons (primary holder and add-on owners): POST /api/persons/, PATCH and DELETE
// /api/persons/{personId}. They are read with the rest of the account (all-data.ts).
import type { z } from "zod";
import type { Person, personCreate, personPatch } from "@contract/entities";
import { api } from "@/lib/api-client";
import { required } from "./required";

/** POST /api/persons/ → person_id. The primary holder sends the profile; an add-on owner only an email. */
export async function createPerson(body: z.input<typeof personCreate>): Promise<number> {
  const { data } = await api.POST("/api/persons/", { body });
  return required(data, "person id").person_id;
}

/** PATCH /api/persons/{personId}: only the given fields change (a masked SSN keeps the stored one). */
export async function patchPerson(personId: number, body: z.input<typeof personPatch>): Promise<Person> {
  const { data } = await api.PATCH("/api/persons/{personId}", { params: { path: { personId } }, body });
  return required(data, "person");
}

/** DELETE /api/persons/{personId} (the server removes its organization links too). */
export async function deletePerson(personId: number): Promise<void> {
  await api.DELETE("/api/persons/{personId}", { params: { path: { personId } } });
}

/** The additional owners: every person who is not the primary holder. */
export function additionalOwners(persons: readonly Person[] | undefined): Person[] {
  return (persons ?? []).filter((p) => !p.account_primary_holder);
}
