// /admin (requirements §2, §6): 'User Management (Dev)' lists the auth service's users with their
// roles and changes them. Only on a localhost host and for admin/super; anyone else sees
// 'Restricted'. Lazy-loaded by the route table, so this module is its own chunk.
import { useAtomValue } from "jotai";
import { ROLES, parseTimestamp, type Role } from "@contract/rules";
import { useToast } from "@/components/ui/toast";
import { isLocalhost } from "@/lib/env";
import { rolesAtom } from "@/stores/session";
import { canUseAdminArea } from "@/lib/roles";
import { useAdminUsers, useSetUserRoles, type AdminUser } from "@/api/admin-users";

const ADMIN_TITLE = "User Management (Dev)";

function formatDate(value: string | null): string {
  if (!value) return "never";
  const d = parseTimestamp(value);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString("en-US");
}

function toggled(roles: readonly Role[], role: Role, on: boolean): Role[] {
  // Keep the contract's order so the saved list reads the same every time.
  return ROLES.filter((r) => (r === role ? on : roles.includes(r)));
}

function UserRow({ user, busy, onChange }: { user: AdminUser; busy: boolean; onChange: (roles: Role[]) => void }) {
  const label = user.email ?? user.id;
  return (
    <li
      className="flex flex-col gap-2 border-b border-divider px-4 py-3 last:border-0 sm:flex-row sm:items-center sm:justify-between"
      data-testid="admin-user"
    >
      <div className="min-w-0">
        <p className="truncate font-medium">{label}</p>
        <p className="text-xs text-secondary">
          Created {formatDate(user.created_at)} · last sign-in {formatDate(user.last_sign_in_at)}
          {user.email_confirmed_at ? "" : " · email not confirmed"}
        </p>
      </div>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1" disabled={busy}>
        <legend className="sr-only">Roles of {label}</legend>
        {ROLES.map((role) => (
          <label key={role} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={user.roles.includes(role)}
              onChange={(e) => onChange(toggled(user.roles, role, e.currentTarget.checked))}
            />
            {role}
          </label>
        ))}
      </fieldset>
    </li>
  );
}

function UserManagement() {
  const users = useAdminUsers(true);
  const setRoles = useSetUserRoles();
  const toast = useToast();
  if (users.isLoading) return <p className="text-secondary">Loading...</p>;
  if (users.error) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p className="text-error">Error: {users.error.message}</p>
        <button
          type="button"
          className="text-sm font-medium text-primary-strong underline"
          onClick={() => void users.refetch()}
        >
          Retry
        </button>
      </div>
    );
  }
  const list = users.data ?? [];
  return (
    <div className="rounded-lg border border-divider bg-paper">
      <p className="border-b border-divider px-4 py-2 text-sm text-secondary">{list.length} users</p>
      <ul aria-label="Users">
        {list.map((u) => (
          <UserRow
            key={u.id}
            user={u}
            busy={setRoles.isPending && setRoles.variables?.userId === u.id}
            onChange={(roles) =>
              setRoles.mutate(
                { userId: u.id, roles },
                {
                  onSuccess: () => toast.success(`Roles of ${u.email ?? u.id} updated`),
                  onError: (err) => toast.error(`Failed to update roles: ${err.message}`),
                },
              )
            }
          />
        ))}
      </ul>
    </div>
  );
}

export default function AdminScreen() {
  const roles = useAtomValue(rolesAtom);
  const allowed = canUseAdminArea(roles, isLocalhost());
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-normal">{allowed ? ADMIN_TITLE : "Admin"}</h1>
      {allowed ? (
        <>
          <p className="text-sm text-secondary">
            Development tool: roles are read from the token, so a changed user sees them after their next sign-in or
            token refresh.
          </p>
          <UserManagement />
        </>
      ) : (
        <p className="text-secondary">Restricted</p>
      )}
    </section>
  );
}
