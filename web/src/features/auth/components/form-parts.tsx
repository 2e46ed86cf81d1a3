// Small pieces shared by the sign-in views: the error caption, the link rows and the 'or' divider.
import { useAtomValue } from "jotai";
import type { ReactNode } from "react";
import { authErrorAtom } from "../store";
import type { AuthField } from "../errors";

/** Error text for one field, or undefined; the field shows it as its helper text. */
export function useFieldError(field: AuthField): ReactNode | undefined {
  const error = useAtomValue(authErrorAtom);
  if (!error || error.field !== field) return undefined;
  if (!error.reasons?.length) return error.message;
  return (
    <>
      {error.message}
      <ul className="list-disc pl-4">
        {error.reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </>
  );
}

/** Errors without a field: red caption text under the form. */
export function FormErrorCaption() {
  const error = useAtomValue(authErrorAtom);
  if (!error || error.field) return null;
  return (
    <p role="alert" className="text-sm text-error">
      {error.message}
    </p>
  );
}

export function TextLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="self-center text-sm text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
    >
      {children}
    </button>
  );
}

export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm text-secondary" role="separator" aria-label="or">
      <span className="h-px flex-1 bg-divider" />
      <span aria-hidden="true">or</span>
      <span className="h-px flex-1 bg-divider" />
    </div>
  );
}
