import { describe, expect, it } from 'vitest'
import { createReadTool, READ_MAX_LINE_CHARACTERS } from './read-tool.ts'
import { callTool } from './tool-sandbox.fixtures.ts'
import type { TCreateToolSandbox } from './tool-sandbox.fixtures.ts'

/** Read's expectations on one sandbox client. */
export function describeReadTool(create: TCreateToolSandbox): void {
  describe('Read', () => {
    it('returns numbered lines under a header naming the range', async () => {
      const { sandbox, root } = await create({ 'README.md': '# Title\nline two\nline three\n' })
      const { result, data } = await callTool(createReadTool({ sandbox, cwd: root }), { filePath: 'README.md' })
      expect(result.success).toBe(true)
      expect(data.output).toBe(`[${root}/README.md: lines 1-3 of 3]\n     1\t# Title\n     2\tline two\n     3\tline three`)
    })

    it('honours offset and limit, and says where to read on', async () => {
      const { sandbox, root } = await create({ 'README.md': '# Title\nline two\nline three\n' })
      const { data } = await callTool(createReadTool({ sandbox, cwd: root }), { filePath: `${root}/README.md`, offset: 2, limit: 1 })
      expect(data.output).toBe(`[${root}/README.md: lines 2-2 of 3; call again with offset 3 to read more]\n     2\tline two`)
    })

    it('returns 2,000 lines when no limit is given', async () => {
      const lines = Array.from({ length: 2500 }, (_, index) => `row ${index + 1}`)
      const { sandbox, root } = await create({ 'rows.txt': lines.join('\n') })
      const { data } = await callTool(createReadTool({ sandbox, cwd: root }), { filePath: 'rows.txt' })
      const shown = data.output.split('\n')
      expect(shown[0]).toBe(`[${root}/rows.txt: lines 1-2000 of 2500; call again with offset 2001 to read more]`)
      expect(shown).toHaveLength(2001)
      expect(shown[2000]).toBe('  2000\trow 2000')
    })

    it('reads multibyte text and CRLF line endings', async () => {
      const { sandbox, root } = await create({ 'intl.txt': 'héllo 🌍\r\nñandú — ok\r\n' })
      const { data } = await callTool(createReadTool({ sandbox, cwd: root }), { filePath: 'intl.txt' })
      expect(data.output).toBe(`[${root}/intl.txt: lines 1-2 of 2]\n     1\théllo 🌍\n     2\tñandú — ok`)
    })

    it('says an empty file is empty', async () => {
      const { sandbox, root } = await create({ 'empty.txt': '' })
      const { data } = await callTool(createReadTool({ sandbox, cwd: root }), { filePath: 'empty.txt' })
      expect(data).toEqual({ success: true, output: `[${root}/empty.txt: empty file, 0 lines]` })
    })

    it('cuts very long lines and says how long they were', async () => {
      const { sandbox, root } = await create({ 'minified.js': `${'é'.repeat(5000)}\nshort\n` })
      const { data } = await callTool(createReadTool({ sandbox, cwd: root }), { filePath: 'minified.js' })
      const [, first, second] = data.output.split('\n')
      expect(first).toBe(`     1\t${'é'.repeat(READ_MAX_LINE_CHARACTERS)}… [line cut: 5000 characters]`)
      expect(second).toBe('     2\tshort')
    })

    it('refuses a binary file with a message', async () => {
      const { sandbox, root } = await create()
      await sandbox.writeFile(`${root}/image.png`, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))
      const { result } = await callTool(createReadTool({ sandbox, cwd: root }), { filePath: 'image.png' })
      expect(result.success).toBe(false)
      expect(result.error).toBe(`${root}/image.png is a binary file (12 bytes); Read only shows text files.`)
    })

    it('names a missing file, a directory, and an offset past the end', async () => {
      const { sandbox, root } = await create({ 'src/a.ts': 'one\n' })
      const read = createReadTool({ sandbox, cwd: root })
      expect((await callTool(read, { filePath: 'missing.md' })).result.error).toBe(`File not found: ${root}/missing.md.`)
      expect((await callTool(read, { filePath: 'src' })).result.error).toBe(`${root}/src is a directory; use Glob or Bash (ls) to list it.`)
      expect((await callTool(read, { filePath: 'src/a.ts', offset: 5 })).result.error).toBe(
        `offset 5 is past the end of ${root}/src/a.ts, which has 1 lines.`
      )
    })

    it.each(['../outside.txt', '/tmp/outside.txt'])('refuses %s, outside the workspace', async (filePath) => {
      const { sandbox, root } = await create()
      const outside = filePath.startsWith('/') ? filePath : `${root.slice(0, root.lastIndexOf('/')) || ''}/outside.txt`
      await sandbox.writeFile(outside, 'secret')
      const { result } = await callTool(createReadTool({ sandbox, cwd: root }), { filePath })
      expect(result.success).toBe(false)
      expect(result.error).toBe(`The path ${filePath} resolves to ${outside}, which is outside the workspace ${root}. Use a path inside ${root}.`)
    })

    it("resolves relative paths against the sandbox's directory when no cwd is given", async () => {
      const { sandbox, root } = await create({ 'here.txt': 'found\n' })
      const { data } = await callTool(createReadTool({ sandbox }), { filePath: 'here.txt' })
      expect(data.output).toBe(`[${root}/here.txt: lines 1-1 of 1]\n     1\tfound`)
    })
  })
}
