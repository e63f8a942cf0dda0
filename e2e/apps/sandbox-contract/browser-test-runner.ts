// The part of vitest's API the sandbox contract suites use (describe, it, it.each, the hooks and
// expect), for running those suites unchanged in a browser worker: the app's build resolves
// `vitest` to this file. Assertions are vitest's own, from @vitest/expect.
import { chai, JestAsymmetricMatchers, JestChaiExpect, JestExtend, type ExpectStatic } from '@vitest/expect'

chai.use(JestExtend)
chai.use(JestChaiExpect)
chai.use(JestAsymmetricMatchers)

type TBody = () => unknown
type TTest = { kind: 'test'; name: string; body: TBody; timeoutMs: number }
type TSuite = {
  kind: 'suite'
  name: string
  children: Array<TSuite | TTest>
  beforeAll: TBody[]
  afterAll: TBody[]
  beforeEach: TBody[]
  afterEach: TBody[]
}

/** The outcome of one test: its full name (suites joined by ` > `) and its error, if any. */
export type TBrowserTestResult = { name: string; passed: boolean; error?: string }

// vitest's default per-test limit.
const DEFAULT_TIMEOUT_MS = 5_000

const root: TSuite = newSuite('')
let current = root

function newSuite(name: string): TSuite {
  return { kind: 'suite', name, children: [], beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] }
}

/** vitest's `expect`. */
export const expect = ((value: unknown, message?: string) => chai.expect(value, message)) as unknown as ExpectStatic

/** Groups tests; the body runs at once, registering them. */
export function describe(name: string, body: () => void): void {
  const suite = newSuite(name)
  current.children.push(suite)
  const parent = current
  current = suite
  try {
    body()
  } finally {
    current = parent
  }
}

function test(name: string, body: TBody, timeoutMs = DEFAULT_TIMEOUT_MS): void {
  current.children.push({ kind: 'test', name, body, timeoutMs })
}

/** One test per row of `table`; `%s` in the name takes the row's values in turn. */
test.each = <TRow extends readonly unknown[]>(table: readonly TRow[]) =>
  (name: string, body: (...row: TRow) => unknown, timeoutMs?: number): void => {
    for (const row of table) {
      let index = 0
      const title = name.replace(/%[sdij]/g, () => String(row[index++]))
      test(title, () => body(...row), timeoutMs)
    }
  }

/** Registers a test. */
export const it = test

export function beforeAll(body: TBody): void {
  current.beforeAll.push(body)
}
export function afterAll(body: TBody): void {
  current.afterAll.push(body)
}
export function beforeEach(body: TBody): void {
  current.beforeEach.push(body)
}
export function afterEach(body: TBody): void {
  current.afterEach.push(body)
}

/** The number of tests registered so far. */
export function countRegisteredTests(suite: TSuite = root): number {
  return suite.children.reduce((count, child) => count + (child.kind === 'test' ? 1 : countRegisteredTests(child)), 0)
}

/** Runs every registered test in order, as vitest does in one file, reporting each as it ends. */
export async function runRegisteredTests(report: (result: TBrowserTestResult) => void): Promise<void> {
  await runSuite(root, [], [], report)
}

async function runSuite(suite: TSuite, names: string[], parents: TSuite[], report: (result: TBrowserTestResult) => void): Promise<void> {
  const path = suite.name === '' ? names : [...names, suite.name]
  const chain = [...parents, suite]
  const setup = await attempt(async () => {
    for (const hook of suite.beforeAll) await hook()
  })
  for (const child of suite.children) {
    if (child.kind === 'suite') {
      if (setup === undefined) await runSuite(child, path, chain, report)
      else reportAll(child, path, setup, report)
      continue
    }
    const name = [...path, child.name].join(' > ')
    if (setup !== undefined) {
      report({ name, passed: false, error: `beforeAll failed: ${setup}` })
      continue
    }
    const error = await attempt(async () => {
      try {
        for (const level of chain) for (const hook of level.beforeEach) await hook()
        await withTimeout(child.body, child.timeoutMs)
      } finally {
        for (const level of [...chain].reverse()) for (const hook of [...level.afterEach].reverse()) await hook()
      }
    })
    report(error === undefined ? { name, passed: true } : { name, passed: false, error })
  }
  for (const hook of suite.afterAll) await attempt(async () => hook())
}

function reportAll(suite: TSuite, names: string[], error: string, report: (result: TBrowserTestResult) => void): void {
  for (const child of suite.children) {
    if (child.kind === 'suite') reportAll(child, [...names, suite.name], error, report)
    else report({ name: [...names, suite.name, child.name].join(' > '), passed: false, error: `beforeAll failed: ${error}` })
  }
}

async function attempt(body: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await body()
    return undefined
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  }
}

async function withTimeout(body: TBody, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Test timed out in ${timeoutMs}ms.`)), timeoutMs)
  })
  try {
    await Promise.race([Promise.resolve().then(body), expired])
  } finally {
    clearTimeout(timer)
  }
}
