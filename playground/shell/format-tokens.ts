/** `1234` → `1.2k`, `200000` → `200k`, `1047576` → `1.05M`. */
export function formatTokens(tokens: number): string {
  if (tokens >= 1_000_000) return `${Number((tokens / 1_000_000).toPrecision(3))}M`
  if (tokens >= 1_000) return `${Number((tokens / 1_000).toPrecision(tokens >= 100_000 ? 3 : 2))}k`
  return String(tokens)
}
