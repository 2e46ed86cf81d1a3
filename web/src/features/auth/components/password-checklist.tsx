// Live password checklist (requirements §5): each rule of the contract, hidden once all pass.
import { PASSWORD_RULES } from "@contract/rules";

export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const results = PASSWORD_RULES.map((rule) => ({ ...rule, ok: rule.test(password) }));
  if (results.every((r) => r.ok)) return null;
  return (
    <div id={id} className="text-xs" aria-live="polite">
      <p className="mb-1 font-medium text-secondary">Password must contain...</p>
      <ul className="flex flex-col gap-0.5">
        {results.map((r) => (
          <li key={r.id} data-rule={r.id} data-ok={r.ok} className={r.ok ? "text-success-text" : "text-error"}>
            <span aria-hidden="true">{r.ok ? "✓ " : "✗ "}</span>
            {r.label}
            <span className="sr-only">{r.ok ? " (met)" : " (not met)"}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
