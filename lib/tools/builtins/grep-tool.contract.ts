import { describe, expect, it } from 'vitest'
import { createGrepTool, GREP_MAX_FILE_BYTES, GREP_MAX_SEARCHED_LINE_CHARACTERS } from './grep-tool.ts'
import { callTool } from './tool-sandbox.fixtures.ts'
import type { TCreateToolSandbox } from './tool-sandbox.fixtures.ts'

const files = {
  'src/app.ts': 'import x from "y"\nconst TODO = 1\n// todo: later\n',
  'src/util.js': 'function todo() {}\n',
  'docs/notes.md': 'nothing here\n',
  'empty.ts': ''
}

/** Grep's expectations on one sandbox client. */
export function describeGrepTool(create: TCreateToolSandbox): void {
  describe('Grep', () => {
    it('lists matching files by default, content lines and counts on request', async () => {
      const { sandbox, root } = await create(files)
      const grep = createGrepTool({ sandbox, cwd: root })
      expect((await callTool(grep, { pattern: 'todo' })).data.output).toBe(`${root}/src/app.ts\n${root}/src/util.js`)
      expect((await callTool(grep, { pattern: 'todo', outputMode: 'content' })).data.output).toBe(
        `${root}/src/app.ts:3:// todo: later\n${root}/src/util.js:1:function todo() {}`
      )
      expect((await callTool(grep, { pattern: 'todo', outputMode: 'count', caseInsensitive: true })).data.output).toBe(
        `3 matching lines in 2 files\n${root}/src/app.ts:2\n${root}/src/util.js:1`
      )
    })

    it('filters files with an include glob and searches a single file', async () => {
      const { sandbox, root } = await create(files)
      const grep = createGrepTool({ sandbox, cwd: root })
      expect((await callTool(grep, { pattern: 'todo', include: '*.js' })).data.output).toBe(`${root}/src/util.js`)
      expect((await callTool(grep, { pattern: 'o', path: 'docs/notes.md', outputMode: 'count' })).data.output).toBe(
        `1 matching line in 1 file\n${root}/docs/notes.md:1`
      )
    })

    it('stops at the limit and says how many there were', async () => {
      const { sandbox, root } = await create({ 'many.txt': 'hit\n'.repeat(5), 'more.txt': 'hit\n' })
      const grep = createGrepTool({ sandbox, cwd: root })
      expect((await callTool(grep, { pattern: 'hit', outputMode: 'content', limit: 2 })).data.output).toBe(
        `${root}/many.txt:1:hit\n${root}/many.txt:2:hit\n(showing 2 of 6 matching lines)`
      )
      expect((await callTool(grep, { pattern: 'hit', limit: 1 })).data.output).toBe(`${root}/many.txt\n(showing 1 of 2 files)`)
    })

    it('matches multibyte text and says when nothing matches', async () => {
      const { sandbox, root } = await create({ 'intl.txt': 'café\nñandú 🌍\n', ...files })
      const grep = createGrepTool({ sandbox, cwd: root })
      expect((await callTool(grep, { pattern: 'ñand.', outputMode: 'content' })).data.output).toBe(`${root}/intl.txt:2:ñandú 🌍`)
      expect((await callTool(grep, { pattern: 'zebra' })).data).toEqual({ success: true, output: `No matches for zebra in ${root}.` })
    })

    it('shows long lines cut, and searches only the head of a very long line', async () => {
      const long = `${'a'.repeat(GREP_MAX_SEARCHED_LINE_CHARACTERS - 10)}NEEDLE${'b'.repeat(GREP_MAX_SEARCHED_LINE_CHARACTERS)}HIDDEN`
      const { sandbox, root } = await create({ 'min.js': `${long}\n` })
      const grep = createGrepTool({ sandbox, cwd: root })
      const { data } = await callTool(grep, { pattern: 'NEEDLE', outputMode: 'content' })
      expect(data.output).toBe(`${root}/min.js:1:${'a'.repeat(500)}… [line cut: ${long.length} characters]`)
      expect((await callTool(grep, { pattern: 'HIDDEN' })).data.output).toBe(`No matches for HIDDEN in ${root}.`)
    })

    it('skips binary and oversized files and says so', async () => {
      const { sandbox, root } = await create({ 'a.txt': 'needle\n', 'big.log': `needle\n${'x'.repeat(GREP_MAX_FILE_BYTES)}` })
      await sandbox.writeFile(`${root}/blob.bin`, new Uint8Array([110, 101, 101, 100, 108, 101, 0, 1, 2]))
      const { data } = await callTool(createGrepTool({ sandbox, cwd: root }), { pattern: 'needle' })
      expect(data.output).toBe(`${root}/a.txt\n(2 binary or oversized files skipped)`)
    })

    it.each([
      [{ pattern: '(a+)+$' }, "The pattern's group (a+)+ repeats something that itself repeats, which can take exponential time; rewrite it without nested repetition."],
      [{ pattern: '([a-z]*\\d?)*x' }, "The pattern's group ([a-z]*\\d?)* repeats something that itself repeats, which can take exponential time; rewrite it without nested repetition."],
      [{ pattern: '(unclosed' }, /^Invalid regular expression: (?!Invalid regular expression)/],
      [{ pattern: 'x', path: '../..' }, /outside the workspace/],
      [{ pattern: 'x', path: 'missing' }, /^File not found: .*missing\.$/]
    ])('refuses %j', async (parameters, message) => {
      const { sandbox, root } = await create(files)
      const { result } = await callTool(createGrepTool({ sandbox, cwd: root }), parameters)
      expect(result.success).toBe(false)
      if (typeof message === 'string') expect(result.error).toBe(message)
      else expect(result.error).toMatch(message)
    })
  })
}
