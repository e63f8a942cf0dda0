let formatter: Intl.NumberFormat | undefined

// A comma before every group of three digits that ends the number.
const THOUSANDS = /\B(?=(\d{3})+$)/g

/**
 * A count with thousands separators, as the playground writes every count: `12,345`, as
 * `Intl.NumberFormat('en')` writes it. A whole count is grouped by hand: a page's first `Intl`
 * formatter loads locale data (30-50 ms of the main thread), which would land in the page's start
 * or in the render of a turn's end. A count with a fraction, which the playground does not show,
 * goes through one kept formatter (`toLocaleString` would build a new one on each call).
 */
export function formatCount(value: number): string {
  if (Number.isSafeInteger(value)) return value < 0 ? `-${String(-value).replace(THOUSANDS, ',')}` : String(value).replace(THOUSANDS, ',')
  formatter ??= new Intl.NumberFormat('en')
  return formatter.format(value)
}
