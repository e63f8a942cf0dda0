import type { TUnit } from './bench-results.ts'

type TScale = { divisor: number; suffix: string; digits: number }

function digitsFor(scaled: number): number {
  const magnitude = Math.abs(scaled)
  return magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
}

// One scale per cell, picked from the median, so `1.02 M/s (0.98–1.10)` reads at a glance.
function scaleFor(value: number, unit: TUnit): TScale {
  const magnitude = Math.abs(value)
  switch (unit) {
    case 'microseconds':
      return { divisor: 1, suffix: ' µs', digits: digitsFor(value) }
    case 'milliseconds':
      return { divisor: 1, suffix: ' ms', digits: digitsFor(value) }
    case 'deltas-per-second':
    case 'operations-per-second': {
      const per = unit === 'deltas-per-second' ? '/s' : ' op/s'
      if (magnitude >= 1e6) return { divisor: 1e6, suffix: ` M${per}`, digits: 2 }
      if (magnitude >= 1e3) return { divisor: 1e3, suffix: ` k${per}`, digits: digitsFor(value / 1e3) }
      return { divisor: 1, suffix: per, digits: digitsFor(value) }
    }
    case 'bytes':
      return magnitude >= 1e6 ? { divisor: 1e6, suffix: ' MB', digits: 2 } : { divisor: 1e3, suffix: ' KB', digits: 1 }
    case 'count':
      return { divisor: 1, suffix: '', digits: Number.isInteger(value) ? 0 : digitsFor(value) }
  }
}

function scaled(value: number, scale: TScale): string {
  return (value / scale.divisor).toLocaleString('en-US', { minimumFractionDigits: scale.digits, maximumFractionDigits: scale.digits })
}

/** One number in its unit, short enough for a table cell: `27.4 µs`, `1.23 M/s`, `31.0 KB`. */
export function formatValue(value: number, unit: TUnit): string {
  const scale = scaleFor(value, unit)
  return `${scaled(value, scale)}${scale.suffix}`
}

/** The median with its spread on the median's scale: `27.4 µs (25.1–30.2)`. */
export function formatSpread(median: number, min: number, max: number, unit: TUnit): string {
  const scale = scaleFor(median, unit)
  return `${scaled(median, scale)}${scale.suffix} (${scaled(min, scale)}–${scaled(max, scale)})`
}

/** A ratio as `×12`, `×3.4` or `×0.62`. */
export function formatRatio(ratio: number): string {
  return `×${ratio.toLocaleString('en-US', { maximumFractionDigits: digitsFor(ratio) })}`
}
