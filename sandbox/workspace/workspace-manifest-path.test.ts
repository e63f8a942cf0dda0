import { describe, expect, it } from 'vitest'
import { isWorkspaceManifestError } from './workspace-manifest-error.ts'
import { describeTargetRootProblem, joinWorkspacePath, validateWorkspaceManifestPath } from './workspace-manifest-path.ts'

function rejectionOf(path: string): { code: string; message: string; problems: string[] } {
  try {
    validateWorkspaceManifestPath(path)
  } catch (error) {
    if (!isWorkspaceManifestError(error)) throw error
    return { code: error.code, message: error.message, problems: error.problems }
  }
  throw new Error(`expected ${JSON.stringify(path)} to be rejected`)
}

describe('validateWorkspaceManifestPath', () => {
  it.each([
    ['README.md', 'README.md'],
    ['src/index.ts', 'src/index.ts'],
    ['./src/./index.ts', 'src/index.ts'],
    ['a//b/', 'a/b'],
    ['.hidden/file', '.hidden/file'],
    ['dir.with..dots/x', 'dir.with..dots/x'],
    ['...', '...'],
    ['名前/ファイル.txt', '名前/ファイル.txt']
  ])('accepts %j as %j', (path, normalized) => {
    expect(validateWorkspaceManifestPath(path)).toBe(normalized)
  })

  it.each([
    ['', 'the path is empty'],
    ['/etc/passwd', 'the path is absolute; use a workspace-relative path'],
    ['/', 'the path is absolute; use a workspace-relative path'],
    ['../outside.txt', "the path contains a '..' segment, which could leave the workspace"],
    ['a/../../b', "the path contains a '..' segment, which could leave the workspace"],
    ['a/..', "the path contains a '..' segment, which could leave the workspace"],
    ['C:/Windows/system.ini', 'the path starts with a drive letter; use a workspace-relative path'],
    ['c:relative', 'the path starts with a drive letter; use a workspace-relative path'],
    ['src\\index.ts', 'the path contains a backslash; use forward slashes'],
    ['\\\\server\\share', 'the path contains a backslash; use forward slashes'],
    ['bad\0name', 'the path contains a NUL character'],
    ['.', 'the path resolves to the workspace root itself'],
    ['./', 'the path resolves to the workspace root itself'],
    ['.//./', 'the path resolves to the workspace root itself']
  ])('rejects %j: %s', (path, reason) => {
    const error = rejectionOf(path)
    expect(error.code).toBe('WORKSPACE_MANIFEST_INVALID')
    expect(error.problems).toEqual([`entry ${JSON.stringify(path)}: ${reason}`])
    expect(error.message).toContain(`entry ${JSON.stringify(path)}`)
  })
})

describe('target roots', () => {
  it.each([
    ['/workspace', undefined],
    ['/', undefined],
    ['/home/user/', undefined],
    ['workspace', 'targetRoot "workspace" must be an absolute path'],
    ['', 'targetRoot must be a non-empty string'],
    ['/a/../etc', `targetRoot "/a/../etc" contains a '..' segment`],
    ['/a\\b', 'targetRoot "/a\\\\b" contains a NUL or a backslash']
  ])('%j: %s', (root, problem) => {
    expect(describeTargetRootProblem(root)).toBe(problem)
  })

  it.each([
    ['/workspace', 'a/b', '/workspace/a/b'],
    ['/', 'a', '/a'],
    ['/home/user/', 'x.txt', '/home/user/x.txt']
  ])('joins %j and %j into %j', (root, path, joined) => {
    expect(joinWorkspacePath(root, path)).toBe(joined)
  })
})
