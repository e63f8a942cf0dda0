import type { TExternalFigure, TTargetKind, TUnit } from './bench-results.ts'

function parseNumber(text: string): number | undefined {
  const cleaned = text.replaceAll(',', '').trim()
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : undefined
}

function unitOf(measure: string): TUnit {
  if (measure.includes('deltas/s')) return 'deltas-per-second'
  if (/\bms$/.test(measure)) return 'milliseconds'
  return 'count'
}

// `>= 200,000` is a least, `<= 20` a most, a bare `0` a most (none at all) and any other bare
// number an exact count.
function parseTarget(target: string): { kind?: TTargetKind; limit?: number } {
  const match = /^(>=|<=|≥|≤)?\s*([\d,.]+)$/.exec(target.trim())
  const limit = match?.[2] === undefined ? undefined : parseNumber(match[2])
  if (limit === undefined) return {}
  const operator = match?.[1]
  const kind: TTargetKind = operator === '>=' || operator === '≥' ? 'higher' : operator || limit === 0 ? 'lower' : 'equal'
  return { kind, limit }
}

/**
 * Reads a companion's Markdown table of `| measure | value | target | met |` rows (as
 * bench/worker-throughput.mjs prints) into figures: one per row whose value is a single number.
 * Such a companion reports medians only, so each figure is one sample.
 */
export function toMarkdownTableFigures(stdout: string, runtime: string): TExternalFigure[] {
  const figures: TExternalFigure[] = []
  for (const line of stdout.split('\n')) {
    const cells = line.trim().startsWith('|') ? line.trim().slice(1, -1).split('|') : []
    const [measure, value, target = ''] = cells
    if (measure === undefined || value === undefined) continue
    const number = parseNumber(value)
    const name = measure.trim()
    if (number === undefined || name === 'measure') continue
    const unit = unitOf(name)
    const { kind, limit } = parseTarget(target)
    figures.push({
      figure: name,
      runtime,
      unit,
      better: kind === 'higher' || (kind === undefined && unit === 'deltas-per-second') ? 'higher' : 'lower',
      samples: [number],
      ...(limit === undefined ? {} : { target: limit }),
      ...(kind === undefined ? {} : { targetKind: kind })
    })
  }
  return figures
}
