import { LIBRARY_IDS, LIBRARY_LABELS } from '../scenarios/scenario.ts'
import type { TTableRow } from './build-rows.ts'

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|')
}

/** The rows as one Markdown table, readable as plain text too. */
export function formatTable(rows: readonly TTableRow[]): string {
  const header = ['Figure', 'Runtime', ...LIBRARY_IDS.map((library) => LIBRARY_LABELS[library]), 'Target']
  const lines = [header, header.map(() => '---'), ...rows.map((row) => [row.figure, row.runtime, ...row.cells, row.target])]
  return lines.map((cells) => `| ${cells.map(escapeCell).join(' | ')} |`).join('\n')
}

/** What every cell means, printed above the table. */
export const TABLE_LEGEND = [
  'Each cell: median (min–max) of repeated runs in this one run of the bench; sizes are exact.',
  'Peer cells end with robota\'s advantage over that peer measured in the same run: ×k means robota is k times faster, smaller or',
  'higher-throughput; below ×1 the peer wins. Loop figures: zero-latency scripted model, one trivial zod tool call per round.'
].join('\n')
