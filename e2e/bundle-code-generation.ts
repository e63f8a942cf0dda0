import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page, Worker } from '@playwright/test'
import { parseSync, Visitor } from 'vite'

/** One place in a built file where code could be made from a string at run time. */
export type TCodeGenerationFinding = {
  file: string
  /** Character offset of the expression in the file. */
  offset: number
  /** What was found: `eval(…)`, `Function(…)`, `new Function(…)`, an alias of either, or a string timer. */
  kind: string
  /** The source around it, so a failure explains itself. */
  excerpt: string
}

type TNode = { type: string; start: number; end: number; [key: string]: unknown }

const GLOBAL_OBJECTS = new Set(['globalThis', 'window', 'self'])
const EVALUATORS = new Set(['eval', 'Function'])

/** `eval`, `Function`, `globalThis.eval`, `window.Function`, `(0, eval)`: the evaluator named, if any. */
function evaluatorName(node: TNode | null | undefined): string | undefined {
  if (node === null || node === undefined) return undefined
  if (node.type === 'ParenthesizedExpression') return evaluatorName(node.expression as TNode)
  if (node.type === 'SequenceExpression') return evaluatorName((node.expressions as TNode[]).at(-1))
  if (node.type === 'Identifier') return EVALUATORS.has(node.name as string) ? (node.name as string) : undefined
  if (node.type === 'MemberExpression' && !node.computed) {
    const object = node.object as TNode
    const property = node.property as TNode
    if (object.type === 'Identifier' && GLOBAL_OBJECTS.has(object.name as string) && EVALUATORS.has(property.name as string)) return property.name as string
  }
  return undefined
}

const isStringArgument = (node: TNode | undefined) =>
  node !== undefined && ((node.type === 'Literal' && typeof node.value === 'string') || node.type === 'TemplateLiteral')

/**
 * Parses `code` and lists every call of `eval` or `Function` (with or without `new`, direct or
 * through the global object), every alias taken of them (`const F = Function`), and every
 * `setTimeout`/`setInterval` given a string: what a CSP without `unsafe-eval` blocks. Strings
 * and comments that merely mention them are not code and are not reported.
 */
export function findCodeGeneration(file: string, code: string): TCodeGenerationFinding[] {
  const parsed = parseSync(file, code)
  if (parsed.errors.length > 0) throw new Error(`${file} does not parse: ${parsed.errors[0]?.message}`)
  const findings: TCodeGenerationFinding[] = []
  const report = (node: TNode, kind: string) =>
    findings.push({ file, offset: node.start, kind, excerpt: code.slice(Math.max(0, node.start - 60), Math.min(code.length, node.end, node.start + 120)) })
  const visitor = new Visitor({
    CallExpression(node) {
      const call = node as unknown as TNode
      const name = evaluatorName(call.callee as TNode)
      if (name !== undefined) report(call, `${name}(…)`)
      const callee = call.callee as TNode
      const timer = callee.type === 'Identifier' ? (callee.name as string) : evaluatorTimerName(callee)
      if ((timer === 'setTimeout' || timer === 'setInterval') && isStringArgument((call.arguments as TNode[])[0])) report(call, `${timer} with a string`)
    },
    NewExpression(node) {
      const name = evaluatorName((node as unknown as TNode).callee as TNode)
      if (name !== undefined) report(node as unknown as TNode, `new ${name}(…)`)
    },
    VariableDeclarator(node) {
      const name = evaluatorName((node as unknown as TNode).init as TNode | undefined)
      if (name !== undefined) report(node as unknown as TNode, `alias of ${name}`)
    },
    AssignmentExpression(node) {
      const name = evaluatorName((node as unknown as TNode).right as TNode)
      if (name !== undefined) report(node as unknown as TNode, `alias of ${name}`)
    }
  })
  visitor.visit(parsed.program)
  return findings
}

function evaluatorTimerName(node: TNode): string | undefined {
  if (node.type !== 'MemberExpression' || node.computed) return undefined
  const object = node.object as TNode
  return object.type === 'Identifier' && GLOBAL_OBJECTS.has(object.name as string) ? ((node.property as TNode).name as string) : undefined
}

/** Every `.js` file under `directory`, recursively, sorted. */
export function listJavaScriptFiles(directory: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) files.push(...listJavaScriptFiles(path))
    else if (entry.name.endsWith('.js') || entry.name.endsWith('.mjs')) files.push(path)
  }
  return files.sort()
}

/** Scans every JavaScript file under `directory`. */
export function scanBuiltJavaScript(directory: string): { files: string[]; findings: TCodeGenerationFinding[] } {
  const files = listJavaScriptFiles(directory)
  return { files, findings: files.flatMap((file) => findCodeGeneration(file, readFileSync(file, 'utf8'))) }
}

/** Counts, inside the worker, every call of `eval` and of the `Function` constructor from now on. */
export function countCodeGeneration(worker: Worker): Promise<void> {
  return worker.evaluate(() => {
    const counter = { calls: [] as string[] }
    Object.assign(self, { codeGenerationCalls: counter })
    const watch = <TTarget extends (...args: never[]) => unknown>(target: TTarget, name: string): TTarget =>
      new Proxy(target, {
        construct: (original, args) => (counter.calls.push(`new ${name}(${String(args.at(-1)).slice(0, 80)})`), Reflect.construct(original, args)),
        apply: (original, thisArg, args) => (counter.calls.push(`${name}(${String(args.at(-1)).slice(0, 80)})`), Reflect.apply(original, thisArg, args))
      })
    self.Function = watch(self.Function, 'Function')
    self.eval = watch(self.eval, 'eval')
  })
}

/** The calls `countCodeGeneration` saw in the page's agent worker, leaving out this test's own evaluations. */
export async function readCodeGeneration(page: Page): Promise<string[] | undefined> {
  const worker = page.workers().find((candidate) => candidate.url().includes('agent-worker'))
  const calls = await worker?.evaluate(() => (self as unknown as { codeGenerationCalls: { calls: string[] } }).codeGenerationCalls.calls)
  // DevTools runs this test's own evaluations through `eval`: those are the only calls allowed.
  return calls?.filter((call) => !call.includes('codeGenerationCalls'))
}
