// A labelled input whose helper/error text is tied to it with aria-describedby (requirements §8: each field
// has an error flag and helper text). A locked field (fixed after filing or after the identity
// check) is shown as a read-only value with its reason, not as a greyed-out empty-looking box.
import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { LockIcon } from "./icons";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
  id?: string;
  /** Why the value cannot change here: shows the field read-only with this reason under it. */
  lockedReason?: string;
  /** A control inside the field's right edge (e.g. the SSN's Show/Hide). */
  trailing?: ReactNode;
}

export function TextField({
  label,
  error = false,
  helperText,
  id,
  className = "",
  lockedReason,
  trailing,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper`;
  const helper = lockedReason ?? helperText;
  if (lockedReason) {
    return (
      <div className={`flex flex-col gap-1 ${className}`}>
        <label htmlFor={inputId} className="text-sm text-secondary">
          {label}
        </label>
        <div className="flex items-center gap-2 rounded border border-dashed border-divider bg-background px-3 py-2">
          <input
            id={inputId}
            {...rest}
            type={rest.type === "password" ? "text" : rest.type}
            readOnly
            disabled={undefined}
            aria-readonly="true"
            aria-describedby={helperId}
            className="min-w-0 flex-1 bg-transparent text-base text-primary-text outline-none"
          />
          <LockIcon width={16} height={16} className="shrink-0 text-icon" />
        </div>
        <div id={helperId} className="text-xs text-secondary">
          {lockedReason}
        </div>
      </div>
    );
  }
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className={`text-sm ${error ? "text-error" : "text-secondary"}`}>
        {label}
      </label>
      <div className="relative flex">
        <input
          id={inputId}
          aria-invalid={error || undefined}
          aria-describedby={helper ? helperId : undefined}
          className={`min-w-0 flex-1 rounded border bg-transparent px-3 py-2 text-base text-primary-text outline-none focus:border-primary focus:ring-1 focus:ring-primary disabled:text-disabled ${
            error ? "border-error" : "border-input"
          } ${trailing ? "pr-20" : ""}`}
          {...rest}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {helper ? (
        <div id={helperId} className={`text-xs ${error ? "text-error" : "text-secondary"}`}>
          {helper}
        </div>
      ) : null}
    </div>
  );
}
