// The account's persons (primary holder and add-on owners): GET /api/persons/by_account/{accountId},
// POST /api/persons/, PATCH and DELETE /api/persons/{personId}.
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { Person, personCreate, personPatch } from "@contract/entities";
import { api } from "@/lib/api-client";
import { useAccountId } from "./account";
import { required } from "./required";

export const personsKey = (accountId: number) => ["persons", accountId] as const;

export async function fetchPersons(accountId: number): Promise<Person[]> {
  const { data } = await api.GET("/api/persons/by_account/{accountId}", { params: { path: { accountId } } });
  return (data ?? []);
}

/** Every person of the account. */
export function usePersons() {
  const { data: accountId } = useAccountId();
  return useQuery({
    queryKey: personsKey(accountId ?? 0),
    queryFn: () => fetchPersons(accountId!),
    enabled: accountId !== undefined,
  });
}

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
