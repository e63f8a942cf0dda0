let formatter: Intl.NumberFormat | undefined

/**
 * A count with thousands separators, as the playground writes every count: `12,345`. One
 * formatter serves every call: `toLocaleString('en')` builds a new one each time, which a long
 * conversation pays for each number on every render of its list. The formatter is built for the
 * first count of a thousand or more: a page's first number formatter loads its locale's data
 * (about 15 ms), which a starting page that shows only small counts need not wait for.
 */
export function formatCount(value: number): string {
  // A whole count below a thousand has no separator: the formatter would write its digits alone.
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value)
  formatter ??= new Intl.NumberFormat('en')
  return formatter.format(value)
}
