// Form state validated by one of the contract's zod schemas (server/src/contract/forms.ts), so the web
// shows the §5 messages the server enforces, once a field has been left (or changed and left).
import { useCallback, useMemo, useRef, useState } from "react";
import type { z } from "zod";

export type FormValues = Record<string, string | boolean>;

export interface FieldBinding {
  name: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  error?: string;
}

export interface CheckBinding {
  name: string;
  checked: boolean;
  onChange(checked: boolean): void;
}

export interface ZodForm<V extends FormValues> {
  values: V;
  /** The first message per field, whether or not it is shown yet. */
  errors: Partial<Record<keyof V & string, string>>;
  isValid: boolean;
  field(name: keyof V & string): FieldBinding;
  check(name: keyof V & string): CheckBinding;
  set<K extends keyof V & string>(name: K, value: V[K]): void;
  /** Replaces every value (e.g. when saved data arrives) and forgets which fields were visited. */
  reset(values: V): void;
  touchAll(): void;
  /** Some value differs from the initial (or last reset) values: there is something to lose. */
  dirty: boolean;
  changes: Partial<V>;
}

export interface ZodFormOptions {
  /** When a left field shows its message: once left ("left", the default), or once changed and left. */
  showErrors?: "left" | "changed";
  /** A saved record that misses what the form requires says so at once, field by field. */
  showInitialErrors?: boolean;
}

function issuesByField(error: z.ZodError | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const key = String(issue.path[0] ?? "");
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

export function useZodForm<V extends FormValues>(
  schema: z.ZodType,
  initial: V,
  { showErrors = "left", showInitialErrors = false }: ZodFormOptions = {},
): ZodForm<V> {
  const [values, setValues] = useState<V>(initial);
  const [baseline, setBaseline] = useState<V>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>(() =>
    showInitialErrors
      ? Object.fromEntries(Object.keys(issuesByField(schema.safeParse(initial).error)).map((k) => [k, true]))
      : {},
  );
  // Read only when a field is left: a ref, so a change and the blur right after it agree.
  const changed = useRef<Record<string, boolean>>({});
  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const errors = useMemo(
    () => issuesByField(result.success ? undefined : result.error) as ZodForm<V>["errors"],
    [result],
  );

  const set = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => setValues((v) => ({ ...v, [name]: value })),
    [],
  );
  const reset = useCallback((next: V) => {
    setValues(next);
    setBaseline(next);
    setTouched({});
    changed.current = {};
  }, []);
  const changes = useMemo(
    () => Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== baseline[k])) as Partial<V>,
    [values, baseline],
  );
  const dirty = Object.keys(changes).length > 0;
  const touchAll = useCallback(
    () => setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true]))),
    [values],
  );

  const field = (name: keyof V & string): FieldBinding => ({
    name,
    value: String(values[name] ?? ""),
    onChange: (value) => {
      set(name, value as V[typeof name]);
      changed.current[name] = true;
    },
    onBlur: () => {
      if (showErrors === "changed" && !changed.current[name]) return;
      setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
    },
    error: touched[name] ? errors[name] : undefined,
  });
  const check = (name: keyof V & string): CheckBinding => ({
    name,
    checked: Boolean(values[name]),
    onChange: (checked) => set(name, checked as V[typeof name]),
  });

  return { values, errors, isValid: result.success, field, check, set, reset, touchAll, dirty, changes };
}
