// Placeholder until the dashboard feature lands (owned by the dashboard helper; replace this file).
import { PlaceholderScreen } from "@/components/ui/placeholder-screen";

export default function DashboardScreen() {
  return (
    <PlaceholderScreen title="Welcome!">
      <section aria-labelledby="account-strategies" className="rounded-lg bg-paper p-6 shadow-sm">
        <h2 id="account-strategies" className="text-lg font-medium">
          Account Strategies
        </h2>
      </section>
    </PlaceholderScreen>
  );
}
