// A labelled input whose helper/error text is tied to it with aria-describedby (spec: each field
// has an error flag and helper text).
import { useId, type InputHTMLAttributes, type ReactNode } from "react";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
  id?: string;
}

export function TextField({ label, error = false, helperText, id, className = "", ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper`;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className={`text-sm ${error ? "text-error" : "text-secondary"}`}>
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error || undefined}
        aria-describedby={helperText ? helperId : undefined}
        className={`rounded border bg-transparent px-3 py-2 text-base text-primary-text outline-none focus:border-primary focus:ring-1 focus:ring-primary disabled:text-disabled ${
          error ? "border-error" : "border-input"
        }`}
        {...rest}
      />
      {helperText ? (
        <div id={helperId} className={`text-xs ${error ? "text-error" : "text-secondary"}`}>
          {helperText}
        </div>
      ) : null}
    </div>
  );
}
