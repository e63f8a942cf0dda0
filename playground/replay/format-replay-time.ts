/** Time since the turn began, as a row shows it: `+0.4 s`, `+12.0 s`, `+2 min 05 s`. */
export function formatSinceTurnStart(milliseconds: number): string {
  const clamped = Math.max(0, milliseconds)
  if (clamped < 60_000) return `+${(clamped / 1000).toFixed(1)} s`
  const totalSeconds = Math.floor(clamped / 1000)
  return `+${Math.floor(totalSeconds / 60)} min ${String(totalSeconds % 60).padStart(2, '0')} s`
}

/** A call's duration: whole milliseconds under a second (`340 ms`), else seconds (`1.2 s`). */
export function formatCallDuration(milliseconds: number): string {
  const clamped = Math.max(0, milliseconds)
  if (clamped < 1000) return `${Math.round(clamped)} ms`
  if (clamped < 60_000) return `${(clamped / 1000).toFixed(1)} s`
  return formatSinceTurnStart(clamped).slice(1)
}
