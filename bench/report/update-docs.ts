import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../size/project-paths.ts'

const START = '<!-- bench-table:start -->'
const END = '<!-- bench-table:end -->'

/** Replaces the table between the markers of docs/performance.md with `table`. */
export function updatePerformanceDoc(table: string): string {
  const path = join(PROJECT_ROOT, 'docs/performance.md')
  const page = readFileSync(path, 'utf8')
  const start = page.indexOf(START)
  const end = page.indexOf(END)
  if (start < 0 || end < start) throw new Error(`docs/performance.md has no ${START} … ${END} block to update.`)
  writeFileSync(path, `${page.slice(0, start + START.length)}\n${table}\n${page.slice(end)}`)
  return path
}
