// A comma before every group of three digits that ends the number.
const THOUSANDS = /\B(?=(\d{3})+$)/g

/**
 * A count with thousands separators, as the playground writes every count: `12,345`, as
 * `Intl.NumberFormat('en')` writes a whole number. Grouped by hand: a page's first `Intl`
 * formatter loads locale data (30-50 ms of the main thread), which would land in the page's start
 * or in the render of a turn's end. A count with a fraction is rounded first.
 */
export function formatCount(value: number): string {
  const digits = String(Math.abs(Math.round(value))).replace(THOUSANDS, ',')
  return value < 0 ? `-${digits}` : digits
}
