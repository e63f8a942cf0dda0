/** `0.4` → `0 ms`, `120` → `120 ms`, `1234` → `1.23 s`, `12345` → `12.3 s`, `125000` → `2 min 5 s`. */
export function formatDuration(milliseconds: number): string {
  const ms = Math.max(0, milliseconds)
  if (ms < 1_000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${Number((ms / 1_000).toPrecision(3))} s`
  const minutes = Math.floor(ms / 60_000)
  const seconds = Math.round((ms % 60_000) / 1_000)
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`
}
