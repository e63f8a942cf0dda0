/** A figure measured several times: its median and its spread. */
export type TSummary = { median: number; min: number; max: number; samples: number }

/** The median, minimum and maximum of `values`; throws on an empty list, which is a bench bug. */
export function summarize(values: readonly number[]): TSummary {
  if (values.length === 0) throw new Error('summarize(): no samples were taken.')
  const sorted = [...values].sort((left, right) => left - right)
  const middle = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
  return { median, min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0, samples: sorted.length }
}
