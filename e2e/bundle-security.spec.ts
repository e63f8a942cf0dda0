import { expect, test } from '@playwright/test'
import { recordSuiteTotal } from '../lib/testing/suite-totals.ts'
import { countCodeGeneration, findCodeGeneration, readCodeGeneration, scanBuiltJavaScript, type TCodeGenerationFinding } from './bundle-code-generation.ts'
import { openPlayground, runDemoTurn } from './playground-fixtures.ts'

// The playground and the embed must run under a CSP without 'unsafe-eval': no built file, page or
// worker chunk, may make code from a string. Runs on the build this suite serves (dist/playground,
// with the embed build in dist/playground/embed).

const SUITE = 'bundle-security'

/**
 * Dependency code the scan finds and that is known not to run. Each entry must still be found (a
 * stale entry fails), so the list shrinks when a dependency drops the code.
 */
const KNOWN_UNREACHABLE: Array<{ kind: string; excerpt: string; why: string }> = [
  {
    kind: 'Function(…)',
    excerpt: 'userAgent?.includes(`Cloudflare`))return!1;try{return Function(``)',
    why: 'zod 4 probes whether it may compile object parsers; the worker sets jitless first, so the probe never runs (the last test proves it)'
  },
  {
    kind: 'alias of Function',
    excerpt: 'compile(){let e=Function',
    why: 'zod 4 compiles object parsers only when not jitless and the probe succeeded: never in the worker'
  },
  {
    kind: 'Function(…)',
    excerpt: '`){ return binder.apply(this,arguments); }`',
    why: 'the function-bind polyfill (under isomorphic-git) is used only where Function.prototype.bind is missing, which no supported browser lacks'
  },
  {
    kind: 'Function(…)',
    excerpt: 'opts.code.process',
    why: "Ajv, the MCP SDK client's default output-schema validator: Robota gives the client its own zod validator, so Ajv is never built (e2e/playground-mcp.spec.ts watches a turn that calls MCP tools)"
  }
]

const isKnown = (finding: TCodeGenerationFinding) =>
  KNOWN_UNREACHABLE.some((known) => known.kind === finding.kind && finding.excerpt.includes(known.excerpt))

const describeFindings = (findings: TCodeGenerationFinding[]) =>
  findings.map((finding) => `${finding.file} at ${finding.offset}: ${finding.kind}\n    …${finding.excerpt}…`).join('\n')

test('the detector finds code made from strings, and not strings or comments that mention it', () => {
  const sample = [
    'eval("1 + 1")',
    'new Function("a", "return a")',
    'globalThis.Function("return this")()',
    '(0, eval)("x")',
    'const F = Function; new F("")',
    'setTimeout("tick()", 10)',
    'window.setInterval(`tick()`, 10)',
    'const text = "eval(1) and new Function()" // new Function("x") and eval(y)',
    '/* eval("z") */ obj.eval(1); Function.prototype.bind.call(f); setTimeout(() => eval, 0)'
  ].join(';\n')
  expect(findCodeGeneration('sample.js', sample).map((finding) => finding.kind)).toEqual([
    'eval(…)',
    'new Function(…)',
    'Function(…)',
    'eval(…)',
    'alias of Function',
    'setTimeout with a string',
    'setInterval with a string'
  ])
  expect(() => findCodeGeneration('broken.js', 'function (')).toThrow(/broken\.js does not parse/)
})

test('no built playground or embed file, worker chunks included, makes code from a string', () => {
  const { files, findings } = scanBuiltJavaScript('dist/playground')
  const names = files.join('\n')
  // What must have been scanned: both builds, their entry modules and their worker chunks.
  expect(names).toMatch(/^dist\/playground\/assets\/index-[^/]+\.js$/m)
  expect(names).toMatch(/^dist\/playground\/assets\/agent-worker-[^/]+\.js$/m)
  expect(names).toMatch(/^dist\/playground\/embed\/robota-playground\.js$/m)
  expect(names).toMatch(/^dist\/playground\/embed\/assets\/agent-worker-[^/]+\.js$/m)

  const unexpected = findings.filter((finding) => !isKnown(finding))
  expect(unexpected, `code made from strings:\n${describeFindings(unexpected)}`).toEqual([])
  const stale = KNOWN_UNREACHABLE.filter((known) => !findings.some((finding) => finding.kind === known.kind && finding.excerpt.includes(known.excerpt)))
  expect(stale, 'known entries no longer found: remove them from KNOWN_UNREACHABLE').toEqual([])
  // The page scripts themselves carry none, known or not: only lazily loaded worker-side chunks do.
  const inPages = findings.filter((finding) => /\/(index-[^/]+|robota-playground)\.js$/.test(finding.file))
  expect(inPages, describeFindings(inPages)).toEqual([])
  recordSuiteTotal(SUITE, 'securityChecks', files.length)
})

test('the worker makes no code from strings while it runs a turn: the dependency code above stays unreachable', async ({ page }) => {
  const watching: Array<Promise<void>> = []
  page.on('worker', (worker) => void watching.push(countCodeGeneration(worker)))
  await openPlayground(page)
  await expect.poll(() => watching.length).toBeGreaterThan(0)
  await Promise.all(watching)
  await runDemoTurn(page)
  expect(await readCodeGeneration(page)).toEqual([])
  recordSuiteTotal(SUITE, 'securityChecks')
})
