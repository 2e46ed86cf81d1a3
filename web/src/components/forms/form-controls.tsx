// Bound form controls: a text input, an enum select (optionally with 'None') and a checkbox,
// each labelled and with its §5 message tied to it for screen readers.
import { useId, type ReactNode } from "react";
import type { EnumItem } from "@contract/entities";
import { TextField } from "@/components/ui/text-field";
import type { CheckBinding, FieldBinding } from "./use-zod-form";

export interface BoundTextFieldProps {
  label: string;
  field: FieldBinding;
  type?: "text" | "date" | "email" | "tel" | "password";
  disabled?: boolean;
  /** Why the value is fixed: shown read-only with this reason (see TextField). */
  lockedReason?: string;
  trailing?: ReactNode;
  /** Applied to every change (e.g. formatSsn), so the field shows the formatted value while typing. */
  format?: (value: string, previous: string) => string;
  inputMode?: "text" | "numeric" | "tel" | "email";
  autoComplete?: string;
  placeholder?: string;
  className?: string;
  min?: string;
  max?: string;
  autoFocus?: boolean;
  /** A one-line explanation under the field (its error takes the place while there is one). */
  hint?: string;
}

export function BoundTextField({
  label,
  field,
  type = "text",
  disabled,
  lockedReason,
  trailing,
  format,
  inputMode,
  autoComplete,
  placeholder,
  className,
  min,
  max,
  autoFocus,
  hint,
}: BoundTextFieldProps) {
  return (
    <TextField
      label={label}
      name={field.name}
      type={type}
      value={field.value}
      disabled={disabled}
      lockedReason={lockedReason}
      trailing={trailing}
      inputMode={inputMode}
      autoComplete={autoComplete}
      placeholder={placeholder}
      className={className}
      min={min}
      max={max}
      autoFocus={autoFocus}
      onChange={(e) => field.onChange(format ? format(e.target.value, field.value) : e.target.value)}
      onBlur={field.onBlur}
      error={Boolean(field.error)}
      helperText={field.error ?? hint}
    />
  );
}

export interface EnumSelectProps {
  label: string;
  field: FieldBinding;
  options: readonly EnumItem[];
  /** Adds a 'None' choice (value ''), which a required field then reports as 'Required'. */
  noneOption?: boolean;
  disabled?: boolean;
  className?: string;
  /** A one-line explanation under the field (its error takes the place while there is one). */
  hint?: string;
}

export function EnumSelect({
  label,
  field,
  options,
  noneOption = true,
  disabled,
  className = "",
  hint,
}: EnumSelectProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const helper = field.error ?? hint;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={`text-sm ${field.error ? "text-error" : "text-secondary"}`}>
        {label}
      </label>
      <select
        id={id}
        name={field.name}
        value={field.value}
        disabled={disabled}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={helper ? helperId : undefined}
        onChange={(e) => {
          // A choice is made at once (unlike typing): its message, e.g. 'Required' for None, shows now.
          field.onChange(e.target.value);
          field.onBlur();
        }}
        onBlur={field.onBlur}
        className={`h-[42px] rounded border bg-paper px-3 py-2 text-base text-primary-text outline-none focus:border-primary focus:ring-1 focus:ring-primary disabled:text-disabled ${
          field.error ? "border-error" : "border-input"
        }`}
      >
        {noneOption || !field.value ? <option value="">None</option> : null}
        {options.map((o) => (
          <option key={o.enum_id} value={o.enum_id}>
            {o.enum_label}
          </option>
        ))}
      </select>
      {helper ? (
        <div id={helperId} className={`text-xs ${field.error ? "text-error" : "text-secondary"}`}>
          {helper}
        </div>
      ) : null}
    </div>
  );
}

export interface ScaleFieldProps {
  label: string;
  field: FieldBinding;
  min: number;
  max: number;
  lowLabel: string;
  highLabel: string;
  hint?: string;
  disabled?: boolean;
}

/**
 * A whole number on a short scale as a row of radios (docs/decisions/0095): the scale and what its
 * ends mean are on screen, and a value off the scale cannot be entered. Arrow keys move within it.
 */
export function ScaleField({ label, field, min, max, lowLabel, highLabel, hint, disabled }: ScaleFieldProps) {
  const id = useId();
  const helper = field.error ?? hint;
  const steps = Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
  return (
    <fieldset
      className="flex flex-col gap-1"
      aria-describedby={helper ? `${id}-helper` : undefined}
      aria-invalid={field.error ? true : undefined}
    >
      <legend className={`mb-1 text-sm ${field.error ? "text-error" : "text-secondary"}`}>{label}</legend>
      <div
        className="flex gap-1"
        onBlur={(e) => (e.currentTarget.contains(e.relatedTarget) ? undefined : field.onBlur())}
      >
        {steps.map((n) => (
          <label
            key={n}
            className="flex flex-1 cursor-pointer flex-col items-center gap-1 rounded border border-input px-1 py-2 text-base text-primary-text has-checked:border-primary has-checked:bg-primary-tint"
          >
            <input
              type="radio"
              name={`${id}-scale`}
              value={n}
              checked={field.value === n}
              disabled={disabled}
              onChange={() => field.onChange(n)}
              className="h-4 w-4 accent-primary"
            />
            {n}
          </label>
        ))}
      </div>
      <div className="flex justify-between gap-4 text-xs text-secondary">
        <span>
          {min}: {lowLabel}
        </span>
        <span className="text-right">
          {max}: {highLabel}
        </span>
      </div>
      {helper ? (
        <div id={`${id}-helper`} className={`text-xs ${field.error ? "text-error" : "text-secondary"}`}>
          {helper}
        </div>
      ) : null}
    </fieldset>
  );
}

export function CheckboxField({
  label,
  check,
  disabled,
  lockedReason,
  hint,
}: {
  label: string;
  check: CheckBinding;
  disabled?: boolean;
  lockedReason?: string;
  /** A one-line explanation under the box, tied to it for screen readers. */
  hint?: string;
}) {
  const id = useId();
  if (lockedReason) {
    // A fixed choice reads as a statement with its reason, not as a greyed-out control.
    return (
      <div className="flex flex-col gap-0.5">
        <div className="flex items-center gap-2">
          <input
            id={id}
            type="checkbox"
            name={check.name}
            checked={check.checked}
            disabled
            aria-describedby={`${id}-reason`}
            className="h-4 w-4 accent-primary"
            readOnly
          />
          <label htmlFor={id} className="text-base text-primary-text">
            {label}
            <span className="text-secondary">{check.checked ? " — yes" : " — no"}</span>
          </label>
        </div>
        <div id={`${id}-reason`} className="pl-6 text-xs text-secondary">
          {lockedReason}
        </div>
      </div>
    );
  }
  const box = (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        name={check.name}
        checked={check.checked}
        disabled={disabled}
        onChange={(e) => check.onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="h-4 w-4 accent-primary"
      />
      <label htmlFor={id} className={`text-base ${disabled ? "text-disabled" : "text-primary-text"}`}>
        {label}
      </label>
    </div>
  );
  if (!hint) return box;
  return (
    <div className="flex flex-col gap-0.5">
      {box}
      <div id={`${id}-hint`} className="pl-6 text-xs text-secondary">
        {hint}
      </div>
    </div>
  );
}
