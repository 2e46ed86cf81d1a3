// Buttons of the theme (spec §9: minimum width 120). Variants: contained (primary action),
// outlined, text (links styled as buttons).
import type { ButtonHTMLAttributes } from "react";

type Variant = "contained" | "outlined" | "text";

const VARIANTS: Record<Variant, string> = {
  contained: "bg-primary text-on-primary hover:bg-primary-hover disabled:bg-disabled-bg disabled:text-disabled",
  outlined: "border border-primary text-primary hover:bg-primary-tint disabled:border-divider disabled:text-disabled",
  text: "text-primary hover:bg-primary-tint disabled:text-disabled",
};

export function Button({
  variant = "contained",
  className = "",
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex min-w-[120px] items-center justify-center rounded px-4 py-2 text-sm font-medium uppercase tracking-wide transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      {...rest}
    />
  );
}
