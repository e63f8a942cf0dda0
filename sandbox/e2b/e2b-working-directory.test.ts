import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDirectoryMarker, takeDirectoryReport, wrapWithDirectoryReport } from './e2b-working-directory.ts'

const marker = createDirectoryMarker()

describe('takeDirectoryReport', () => {
  it.each([
    ['output then the report', `out\n${marker}/home/user/sub\n`, 'out\n', '/home/user/sub'],
    ['output without a trailing newline', `no newline${marker}/a\n`, 'no newline', '/a'],
    ['no output', `${marker}/\n`, '', '/'],
    ['a background job writing after the report', `one\n${marker}/a\nlate\n`, 'one\nlate\n', '/a'],
    ['no report at all', 'plain\n', 'plain\n', undefined],
    ['a report without a directory', `x${marker}`, 'x', undefined],
    ['a relative directory', `${marker}relative\n`, '', undefined],
    ['a directory with .. in it', `${marker}/a/../b\n`, '', undefined],
    ['text resembling a marker', '__robota_cwd_0000__/etc\n', '__robota_cwd_0000__/etc\n', undefined]
  ])('handles %s', (_case, stdout, expectedStdout, expectedDirectory) => {
    expect(takeDirectoryReport(stdout, marker)).toEqual({ stdout: expectedStdout, directory: expectedDirectory })
  })

  it('makes a different marker for every client, too long to guess', () => {
    const other = createDirectoryMarker()
    expect(other).not.toBe(marker)
    expect(marker).toMatch(/^__robota_cwd_[0-9a-f]{32}__$/)
  })
})

// The wrapper is written for the bash in E2B's Linux VMs; the bash of this machine checks it.
describe('wrapWithDirectoryReport under GNU bash', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'wrapped-bash-')))
  mkdirSync(join(root, 'sub'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  const runBash = (command: string): Promise<{ stdout: string; stderr: string; exitCode: number }> =>
    new Promise((resolve) => {
      execFile('bash', ['-c', wrapWithDirectoryReport(command, marker)], { cwd: root }, (error, stdout, stderr) => {
        resolve({ stdout, stderr, exitCode: error === null ? 0 : Number(error.code) })
      })
    })

  it.each([
    ['a plain cd', 'cd sub', '', '', 0, 'sub'],
    ['exit N after a cd', 'cd sub; echo out; exit 3', 'out\n', '', 3, 'sub'],
    ['a failure under set -e', 'set -e; cd sub; false; echo no', '', '', 1, 'sub'],
    ['output without a trailing newline', 'cd sub; printf nonl', 'nonl', '', 0, 'sub'],
    ['tracing turned on by the command', 'set -x; cd sub; echo hi', 'hi\n', '+ cd sub\n+ echo hi\n', 0, 'sub'],
    ['a cd in a subshell', '(cd sub; exit 4)', '', '', 4, '.'],
    ['a function that exits', 'f() { cd sub; exit 9; }; f', '', '', 9, 'sub'],
    ['a directory removed under the shell', 'mkdir gone; cd gone; rmdir ../gone', '', '', 0, undefined]
  ])('reports the final directory after %s and keeps the exit code', async (_case, command, stdout, stderr, exitCode, directory) => {
    const result = await runBash(command)
    const report = takeDirectoryReport(result.stdout, marker)
    expect({ stdout: report.stdout, stderr: result.stderr, exitCode: result.exitCode }).toEqual({ stdout, stderr, exitCode })
    expect(report.directory).toBe(directory === undefined ? undefined : directory === '.' ? root : join(root, directory))
  })

  it('still reports after a syntax error, which gives exit code 2 and leaves the marker out of stderr', async () => {
    const result = await runBash('cd sub\nif then')
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toContain('syntax error')
    expect(result.stderr).not.toContain(marker)
    expect(takeDirectoryReport(result.stdout, marker)).toEqual({ stdout: '', directory: join(root, 'sub') })
  })
})
