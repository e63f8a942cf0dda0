const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/

/**
 * The body of the "Compact Instructions" section of a Markdown document (any heading level, any
 * letter case), up to the next heading of the same or a higher level; `undefined` when there is
 * no such section or it is empty. When several files hold one, their sections are joined.
 */
export function extractCompactInstructions(markdown: string): string | undefined {
  const sections: string[] = []
  let level = 0
  let collected: string[] | undefined
  let fence = false
  const close = () => {
    const text = collected?.join('\n').trim()
    if (text) sections.push(text)
    collected = undefined
  }
  for (const line of markdown.split(/\r?\n/)) {
    // A `#` inside a fenced code block is a comment, not a heading.
    if (/^\s*(```|~~~)/.test(line)) fence = !fence
    const heading = fence ? null : HEADING.exec(line)
    if (heading) {
      const headingLevel = (heading[1] ?? '').length
      if (collected && headingLevel <= level) close()
      if (!collected && (heading[2] ?? '').trim().toLowerCase() === 'compact instructions') {
        level = headingLevel
        collected = []
        continue
      }
    }
    collected?.push(line)
  }
  close()
  return sections.length > 0 ? sections.join('\n\n') : undefined
}
