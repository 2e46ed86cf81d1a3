// The route table of spec §2. Screens are lazy so each feature (and the identity widget and the
// admin area) loads only where it is used. A feature replaces its placeholder module; this table
// and the guards stay.
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { paths } from "@/config/paths";
import { ACCOUNT_HOLDER_ROLE, type RoleRequirement } from "@/lib/roles";

export interface AppRoute {
  path: string;
  screen: LazyExoticComponent<ComponentType>;
  /** Missing role → redirected to / (spec §6). */
  role?: RoleRequirement;
}

export const APP_ROUTES: AppRoute[] = [
  { path: paths.dashboard.path, screen: lazy(() => import("@/features/dashboard/dashboard-screen")) },
  { path: paths.chooseStrategy.path, screen: lazy(() => import("@/features/create-foundation/choose-strategy-screen")) },
  { path: paths.createFoundationStep.path, screen: lazy(() => import("@/features/create-foundation/create-foundation-step-screen")) },
  { path: paths.editProfile.path, screen: lazy(() => import("@/features/edit/edit-profile-screen")), role: ACCOUNT_HOLDER_ROLE },
  { path: paths.editDaf.path, screen: lazy(() => import("@/features/edit/edit-daf-screen")), role: ACCOUNT_HOLDER_ROLE },
  { path: paths.editFoundation.path, screen: lazy(() => import("@/features/edit/edit-foundation-screen")), role: ACCOUNT_HOLDER_ROLE },
  { path: paths.editOthers.path, screen: lazy(() => import("@/features/edit/edit-others-screen")), role: ACCOUNT_HOLDER_ROLE },
  { path: paths.ria.path, screen: lazy(() => import("@/features/ria/ria-screen")), role: ACCOUNT_HOLDER_ROLE },
  { path: paths.admin.path, screen: lazy(() => import("@/features/admin/admin-screen")) },
];
