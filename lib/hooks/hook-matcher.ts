/**
 * The regular expression a hook group's `matcher` selects its targets with, anchored at both ends;
 * `undefined` when it selects every target (no matcher, `''` or `*`).
 *
 * @throws SyntaxError when `matcher` is not a regular expression.
 */
export function hookMatcherPattern(matcher: string | undefined): RegExp | undefined {
  if (matcher === undefined || matcher === '' || matcher === '*') return undefined
  return new RegExp(`^(?:${matcher})$`)
}
