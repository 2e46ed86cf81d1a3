// TEMPORARY until features/account lands: the signed-in user's account id.
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useCurrentUser } from "@/stores/auth";

export function useAccountId(): number | undefined {
  const user = useCurrentUser();
  const { data } = useQuery({
    queryKey: ["account", "user", user?.id],
    enabled: Boolean(user),
    queryFn: async () => (await api.GET("/api/accounts/user/{userId}", { params: { path: { userId: user!.id } } })).data?.account_id,
  });
  return data;
}
