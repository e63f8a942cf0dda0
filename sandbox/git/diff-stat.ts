/** One file's changed line counts, for `--stat`. */
export type TFileChangeCount = { filepath: string; added: number; removed: number }

// Git sizes the summary for an 80-column terminal when it writes to a pipe, as here.
const statWidth = 80

/**
 * `git diff --stat` as git prints it: one ` name | count +++--` line per file, the bar scaled
 * down when it would not fit 80 columns, then the `N files changed` summary. `''` for no files.
 */
export function formatDiffStat(files: readonly TFileChangeCount[]): string {
  if (files.length === 0) return ''
  const maxChange = Math.max(...files.map((file) => file.added + file.removed))
  const numberWidth = String(maxChange).length
  let nameWidth = Math.max(...files.map((file) => file.filepath.length))
  let graphWidth = maxChange
  // The layout rule of git's show_stats(): the graph gets at most 3/8 of the width when the
  // line would overflow, and the name whatever is left.
  if (nameWidth + numberWidth + 6 + graphWidth > statWidth) {
    if (graphWidth > Math.floor((statWidth * 3) / 8) - numberWidth - 6) {
      graphWidth = Math.max(6, Math.floor((statWidth * 3) / 8) - numberWidth - 6)
    }
    if (nameWidth > statWidth - numberWidth - 6 - graphWidth) nameWidth = statWidth - numberWidth - 6 - graphWidth
    else graphWidth = statWidth - numberWidth - 6 - nameWidth
  }
  const lines = files.map(({ filepath, added, removed }) => {
    const name = (filepath.length > nameWidth ? `...${shortenedPath(filepath, nameWidth - 3)}` : filepath).padEnd(nameWidth)
    let [plus, minus] = [added, removed]
    if (graphWidth < maxChange) {
      let total = scaleLinear(added + removed, graphWidth, maxChange)
      if (total < 2 && added > 0 && removed > 0) total = 2
      if (added < removed) {
        plus = scaleLinear(added, graphWidth, maxChange)
        minus = total - plus
      } else {
        minus = scaleLinear(removed, graphWidth, maxChange)
        plus = total - minus
      }
    }
    const graph = `${'+'.repeat(plus)}${'-'.repeat(minus)}`
    return ` ${name} | ${String(added + removed).padStart(numberWidth)}${graph === '' ? '' : ` ${graph}`}\n`
  })
  return `${lines.join('')}${formatChangeSummary(files)}`
}

/** The ` N files changed, X insertions(+), Y deletions(-)` line that ends `--stat` and a commit's report. */
export function formatChangeSummary(files: readonly TFileChangeCount[]): string {
  const added = files.reduce((sum, file) => sum + file.added, 0)
  const removed = files.reduce((sum, file) => sum + file.removed, 0)
  let summary = ` ${files.length} file${files.length === 1 ? '' : 's'} changed`
  // As git words it: a count is left out when it is zero and the other is not.
  if (added > 0 || removed === 0) summary += `, ${added} insertion${added === 1 ? '' : 's'}(+)`
  if (removed > 0 || added === 0) summary += `, ${removed} deletion${removed === 1 ? '' : 's'}(-)`
  return `${summary}\n`
}

function scaleLinear(value: number, width: number, maxChange: number): number {
  if (value === 0) return 0
  return 1 + Math.floor((value * (width - 1)) / maxChange)
}

// Git keeps the end of a name too long for its column, from a directory boundary when it can.
function shortenedPath(filepath: string, width: number): string {
  const tail = filepath.slice(filepath.length - width)
  const slash = tail.indexOf('/')
  return slash === -1 ? tail : tail.slice(slash)
}
