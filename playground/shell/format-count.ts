/**
 * A count with thousands separators, as the playground writes every count: `12,345`. One
 * formatter serves every call: `toLocaleString('en')` builds a new one each time, which a long
 * conversation pays for each number on every render of its list.
 */
export const formatCount: (value: number) => string = new Intl.NumberFormat('en').format
