import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recordSuiteTotal } from '../../lib/testing/suite-totals.ts'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { applyWorkspaceSync } from './apply-workspace-sync.ts'
import { openWorkspace } from './open-workspace.ts'
import { readDirectoryManifest } from './read-directory-manifest.ts'
import { planWorkspaceSync } from './workspace-sync-plan.ts'

let host: string
let outside: string

beforeEach(() => {
  host = mkdtempSync(join(tmpdir(), 'robota-sync-host-'))
  outside = mkdtempSync(join(tmpdir(), 'robota-sync-outside-'))
  writeFileSync(join(host, 'README.md'), '# Project\n')
  mkdirSync(join(host, 'src'))
  writeFileSync(join(host, 'src', 'app.ts'), 'export const answer = 41\n')
  writeFileSync(join(host, 'logo.bin'), new Uint8Array([0, 255, 1, 254]))
  mkdirSync(join(host, 'node_modules', 'dep'), { recursive: true })
  writeFileSync(join(host, 'node_modules', 'dep', 'index.js'), 'module.exports = 1\n')
  writeFileSync(join(outside, 'secret.txt'), 'outside\n')
  symlinkSync(join(outside, 'secret.txt'), join(host, 'link.txt'))
})

afterEach(() => {
  rmSync(host, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

describe('the workspace copy', () => {
  it('copies the directory, bytes included, and leaves out dependencies and links', async () => {
    const copied = await readDirectoryManifest(host)
    expect([...copied.files.keys()].sort()).toEqual(['README.md', 'logo.bin', 'src/app.ts'])
    expect(copied.manifest.entries['logo.bin']).toEqual({ type: 'file', content: 'AP8B/g==', encoding: 'base64' })
    expect(copied.skipped).toEqual(
      expect.arrayContaining([
        { path: 'node_modules', reason: 'directory not copied' },
        { path: 'link.txt', reason: 'symbolic link not followed' }
      ])
    )
    const workspace = await openWorkspace('memory', host, {})
    expect(await workspace.sandbox.readFile('/workspace/src/app.ts')).toBe('export const answer = 41\n')
    expect(await workspace.sandbox.readFile('/workspace/logo.bin', { encoding: 'bytes' })).toEqual(new Uint8Array([0, 255, 1, 254]))
  })

  it('plans additions, changes and deletions with their diffs, and writes them only when applied', async () => {
    const workspace = await openWorkspace('memory', host, {})
    const { sandbox } = workspace
    await sandbox.writeFile('/workspace/src/app.ts', 'export const answer = 42\n')
    await sandbox.writeFile('/workspace/docs/new.md', 'new\n')
    await sandbox.remove('/workspace/README.md')
    const scope = { sandbox, workspaceRoot: '/workspace', hostDirectory: host, hydratedPaths: new Set(workspace.copied.files.keys()) }

    const changes = await planWorkspaceSync(scope)
    expect(changes.map(({ path, kind }) => ({ path, kind }))).toEqual([
      { path: 'docs/new.md', kind: 'add' },
      { path: 'README.md', kind: 'delete' },
      { path: 'src/app.ts', kind: 'modify' }
    ])
    expect(changes[2]?.diffLines).toEqual([
      { type: 'remove', content: 'export const answer = 41', lineNumber: 1 },
      { type: 'add', content: 'export const answer = 42', lineNumber: 1 }
    ])
    expect(readFileSync(join(host, 'src', 'app.ts'), 'utf8')).toBe('export const answer = 41\n')

    await applyWorkspaceSync(host, changes)
    expect(readFileSync(join(host, 'src', 'app.ts'), 'utf8')).toBe('export const answer = 42\n')
    expect(readFileSync(join(host, 'docs', 'new.md'), 'utf8')).toBe('new\n')
    expect(existsSync(join(host, 'README.md'))).toBe(false)
    expect(existsSync(join(host, 'node_modules', 'dep', 'index.js'))).toBe(true)
    expect(await planWorkspaceSync(scope)).toEqual([])
  })

  it('refuses to write through a symbolic link or out of the directory, and then writes nothing', async () => {
    const sandbox = new InMemorySandboxClient({ cwd: '/workspace' })
    await sandbox.writeFile('/workspace/a-first.txt', 'first\n')
    await sandbox.writeFile('/workspace/link.txt', 'overwritten\n')
    const changes = await planWorkspaceSync({ sandbox, workspaceRoot: '/workspace', hostDirectory: host, hydratedPaths: new Set() })
    await expect(applyWorkspaceSync(host, changes)).rejects.toThrow(/refusing "link.txt": link.txt is a symbolic link/)
    await expect(applyWorkspaceSync(host, [{ path: '../escape.txt', kind: 'add', content: new Uint8Array([1]), diffLines: [], binary: true }])).rejects.toThrow(
      /refusing "..\/escape.txt"/
    )
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('outside\n')
    expect(existsSync(join(host, 'a-first.txt'))).toBe(false)
    recordSuiteTotal('cli-workspace-sync', 'securityChecks', 2)
  })
})
