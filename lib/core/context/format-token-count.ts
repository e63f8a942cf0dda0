function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10
}

/** Formats a token count for display: 950 → "950", 1,500 → "1.5K", 200,000 → "200K", 1,000,000 → "1M". */
export function formatTokenCount(tokens: number): string {
  const thousands = roundToTenth(tokens / 1_000)
  // Decided on the rounded value, so 999,960 reads "1M" rather than "1000K".
  if (Math.abs(thousands) >= 1_000) return `${roundToTenth(tokens / 1_000_000)}M`
  if (Math.abs(tokens) >= 1_000) return `${thousands}K`
  return String(Math.round(tokens))
}
