import { describe, expect, it } from 'vitest'
import { WorkspaceManifestError } from '../../sandbox/workspace/workspace-manifest-error.ts'
import { manifestProblemsFromError, parseManifestText } from './manifest-problems.ts'

const text = ['{', '  "entries": {', '    "../escape.txt": { "type": "file", "content": "x" },', '    "weird": { "type": "symlink" }', '  }', '}'].join('\n')

describe('manifest problems', () => {
  it('parses valid JSON and places a syntax error on its line', () => {
    expect(parseManifestText(text).problems).toEqual([])
    const broken = parseManifestText('{\n  "entries": {\n    "a": 1,\n  }\n}')
    expect(broken.manifest).toBeUndefined()
    expect(broken.problems).toHaveLength(1)
    expect(broken.problems[0]?.message).toMatch(/^Not valid JSON/)
    expect(broken.problems[0]?.line).toBe(4)
  })

  it('reads the problems of a rejection that crossed the worker (name and message only) and finds their lines', () => {
    const original = new WorkspaceManifestError('WORKSPACE_MANIFEST_INVALID', [
      'path "../escape.txt": ".." segments are not allowed',
      'entry "weird": unknown entry type "symlink"',
      'environment: the client cannot set variables'
    ])
    const crossed = Object.assign(new Error(original.message), { name: original.name })
    expect(manifestProblemsFromError(crossed, text)).toEqual([
      { message: 'path "../escape.txt": ".." segments are not allowed', line: 3 },
      { message: 'entry "weird": unknown entry type "symlink"', line: 4 },
      { message: 'environment: the client cannot set variables' }
    ])
  })

  it('leaves other errors alone', () => {
    expect(manifestProblemsFromError(new Error('worker died'), text)).toBeUndefined()
  })
})
