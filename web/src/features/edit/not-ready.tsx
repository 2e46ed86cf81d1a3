// Shown by an edit screen whose data does not exist yet (the creation flow has not reached it).
import { Link } from "wouter";
import { paths } from "@/config/paths";
import { cardClass } from "@/components/layout/edit-layout";

export function NotReady({ what }: { what: string }) {
  return (
    <div className={cardClass}>
      <p className="text-secondary">There is no {what} to edit yet. Finish creating your foundation first.</p>
      <Link href={paths.dashboard.getHref()} className="self-start text-sm font-medium text-primary-strong underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
