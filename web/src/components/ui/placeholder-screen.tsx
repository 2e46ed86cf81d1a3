// Marks a screen whose feature is still being built (its route, guard and shell are real).
import type { ReactNode } from "react";
export function PlaceholderScreen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-normal">{title}</h1>
      {children ?? <p className="text-secondary">This screen is coming soon.</p>}
    </section>
  );
}
