// The named references that show up in ordinary pages; a rarer one is left as written.
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ',
  copy: '©', reg: '®', trade: '™', hellip: '…', mdash: '—', ndash: '–', minus: '−',
  lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„', laquo: '«', raquo: '»',
  bull: '•', middot: '·', deg: '°', plusmn: '±', times: '×', divide: '÷', micro: 'µ',
  frac12: '½', frac14: '¼', frac34: '¾', sup2: '²', sup3: '³', euro: '€', pound: '£', yen: '¥',
  cent: '¢', sect: '§', para: '¶', larr: '←', rarr: '→', uarr: '↑', darr: '↓', harr: '↔',
  shy: '', zwj: '', zwnj: '', lrm: '', rlm: ''
}

/** Replaces HTML character references (`&amp;`, `&#8212;`, `&#x1F600;`) with the characters they stand for. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]{1,31});?/g, (whole, reference: string) => {
    if (reference.startsWith('#')) {
      const isHex = reference[1] === 'x' || reference[1] === 'X'
      const codePoint = Number.parseInt(reference.slice(isHex ? 2 : 1), isHex ? 16 : 10)
      // NUL, surrogates and out-of-range values are what the HTML spec maps to U+FFFD.
      const valid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff)
      return valid ? String.fromCodePoint(codePoint) : '\uFFFD'
    }
    return NAMED_ENTITIES[reference] ?? NAMED_ENTITIES[reference.toLowerCase()] ?? whole
  })
}
