// Go's time.ParseDuration, which GoTrue uses for ban_duration: a signed sequence of decimal
// numbers with units (ns, us, µs, ms, s, m, h), "0" alone allowed. Errors carry Go's wording,
// since GoTrue puts it into its message.

const UNIT_SECONDS: Record<string, number> = { ns: 1e-9, us: 1e-6, µs: 1e-6, μs: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

export type GoDuration = { seconds: number } | { error: string };

export function parseGoDuration(input: string): GoDuration {
  const quoted = JSON.stringify(input);
  const invalid = { error: `time: invalid duration ${quoted}` };
  let rest = input;
  let sign = 1;
  if (rest.startsWith("-") || rest.startsWith("+")) {
    sign = rest.startsWith("-") ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === "0") return { seconds: 0 };
  if (rest === "") return invalid;
  let total = 0;
  while (rest !== "") {
    const number = /^(\d*)(\.\d*)?/.exec(rest)?.[0] ?? "";
    if (number === "" || number === ".") return invalid;
    rest = rest.slice(number.length);
    const unit = /^[^\d.]*/.exec(rest)?.[0] ?? "";
    if (unit === "") return { error: `time: missing unit in duration ${quoted}` };
    const factor = UNIT_SECONDS[unit];
    if (factor === undefined) return { error: `time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}` };
    rest = rest.slice(unit.length);
    total += Number(number) * factor;
  }
  return { seconds: sign * total };
}
