// The admin area's calls: GET /api/admin/users and PUT /api/admin/users/{userId}/roles. The
// server asks the auth service's admin API with the service key and allows admin/super only.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminUser } from "@contract/entities";
import type { Role } from "@contract/roles";
import { api } from "@/lib/api-client";

export type { AdminUser };

/** One page covers a development stack; the server caps per_page at 1000. */
const LIST_QUERY = { page: 1, per_page: 200 } as const;
const adminUsersQueryKey = ["admin", "users", LIST_QUERY] as const;

export function useAdminUsers(enabled: boolean) {
  return useQuery({
    queryKey: adminUsersQueryKey,
    enabled,
    queryFn: async (): Promise<AdminUser[]> => {
      const { data } = await api.GET("/api/admin/users", { params: { query: LIST_QUERY } });
      return data?.users ?? [];
    },
  });
}

export function useSetUserRoles() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, roles }: { userId: string; roles: Role[] }): Promise<AdminUser> => {
      const { data } = await api.PUT("/api/admin/users/{userId}/roles", {
        params: { path: { userId } },
        body: { roles },
      });
      if (!data) throw new Error("Empty answer from the server");
      return data;
    },
    onSuccess: (updated) => {
      qc.setQueryData<AdminUser[]>(adminUsersQueryKey, (list) => list?.map((u) => (u.id === updated.id ? updated : u)));
    },
  });
}
