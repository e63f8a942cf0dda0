import { describe, expect, it } from 'vitest'
import { deserializeError } from '../../worker/error-transfer.ts'
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
    // A stray word: the parser quotes the text around it rather than naming a position.
    const stray = ['{', '  "entries": {', '    "a.txt": { "type": "file", "content": "x" },', '    oops', '  }', '}'].join('\n')
    expect(parseManifestText(stray).problems[0]?.line).toBe(4)
    expect(parseManifestText('{ "entries": [ \n oops }').problems[0]?.line).toBe(2)
  })

  it('reads the problems of a rejection as it crossed the worker and finds their lines', () => {
    const problems = ['path "../escape.txt": ".." segments are not allowed', 'entry "weird": unknown entry type "symlink"', 'environment: the client cannot set variables']
    const crossed = deserializeError({ name: 'WorkspaceManifestError', message: 'Invalid workspace manifest (3 problems); nothing was written', code: 'WORKSPACE_MANIFEST_INVALID', problems })
    expect(manifestProblemsFromError(crossed, text)).toEqual([
      { message: problems[0], line: 3 },
      { message: problems[1], line: 4 },
      { message: problems[2] }
    ])
  })

  it('leaves other errors alone', () => {
    expect(manifestProblemsFromError(new Error('worker died'), text)).toBeUndefined()
  })
})
