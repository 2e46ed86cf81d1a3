// Buttons of the theme (requirements §9: minimum width 120). Variants: contained (primary action),
// outlined, text (links styled as buttons). On the hover tint plain primary text is below 4.5:1
// contrast (4.14:1 in the light theme), so hovered outlined/text buttons use the strong primary.
import type { ButtonHTMLAttributes } from "react";

type Variant = "contained" | "outlined" | "text";

const VARIANTS: Record<Variant, string> = {
  contained: "bg-primary text-on-primary hover:bg-primary-hover disabled:bg-disabled-bg disabled:text-disabled",
  outlined:
    "border border-primary text-primary hover:bg-primary-tint hover:text-primary-strong disabled:border-divider disabled:text-disabled",
  text: "text-primary hover:bg-primary-tint hover:text-primary-strong disabled:text-disabled",
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
      className={`inline-flex min-w-[120px] items-center justify-center rounded px-4 py-2 text-sm font-medium uppercase tracking-wide transition-colors motion-reduce:transition-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      {...rest}
    />
  );
}
