// GET /api/enums/: every enum item (labels of stored ids, the options of every select).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EnumItem } from "@contract/entities";
import { api } from "@/lib/api-client";
import { useAllData } from "./all-data";

const enumsKey = () => ["enums"] as const;

async function fetchEnums(): Promise<EnumItem[]> {
  const { data } = await api.GET("/api/enums/");
  return data ?? [];
}

const enumsQueryOptions = queryOptions({ queryKey: enumsKey(), queryFn: fetchEnums, staleTime: 5 * 60_000 });

/** Every enum item; after all_data per §7 (enabled once it has loaded). */
export function useEnums() {
  const allData = useAllData();
  return useQuery({ ...enumsQueryOptions, enabled: allData.isSuccess });
}

/** The items of one category, in the server's order. */
export function enumOptions(enums: readonly EnumItem[] | undefined, category: EnumItem["enum_category"]): EnumItem[] {
  return (enums ?? []).filter((e) => e.enum_category === category);
}

/** An enum id's label ('' for null; the id itself when unknown, so nothing shows blank by mistake). */
export function enumLabel(enums: readonly EnumItem[] | undefined, id: string | null | undefined): string {
  if (!id) return "";
  return enums?.find((e) => e.enum_id === id)?.enum_label ?? id;
}
