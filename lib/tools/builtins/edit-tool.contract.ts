import { describe, expect, it } from 'vitest'
import { createEditTool } from './edit-tool.ts'
import { FailingSandbox } from './failing-sandbox.fixtures.ts'
import { callTool, temporaryFilesIn } from './tool-sandbox.fixtures.ts'
import type { TCreateToolSandbox } from './tool-sandbox.fixtures.ts'

const source = 'const a = 1\nconst b = 2\nconst c = 1\n'

/** Edit's expectations on one sandbox client. */
export function describeEditTool(create: TCreateToolSandbox): void {
  describe('Edit', () => {
    it('replaces a unique match and reports the line it starts on', async () => {
      const { sandbox, root } = await create({ 'code.ts': source })
      const { result, data } = await callTool(createEditTool({ sandbox, cwd: root }), { filePath: 'code.ts', oldString: 'b = 2', newString: 'b = 20' })
      expect(result.success).toBe(true)
      expect(data).toEqual({ success: true, output: `Replaced 1 occurrence in ${root}/code.ts, starting at line 2.`, startLine: 2 })
      expect(await sandbox.readFile(`${root}/code.ts`)).toBe('const a = 1\nconst b = 20\nconst c = 1\n')
      expect(await temporaryFilesIn(sandbox, root)).toEqual([])
    })

    it('replaces every match with replaceAll', async () => {
      const { sandbox, root } = await create({ 'code.ts': source })
      const { data } = await callTool(createEditTool({ sandbox, cwd: root }), { filePath: 'code.ts', oldString: '= 1', newString: '= 9', replaceAll: true })
      expect(data).toMatchObject({ success: true, startLine: 1, output: `Replaced 2 occurrences in ${root}/code.ts, starting at line 1.` })
      expect(await sandbox.readFile(`${root}/code.ts`)).toBe('const a = 9\nconst b = 2\nconst c = 9\n')
    })

    it('inserts the new text literally, $ patterns included', async () => {
      const { sandbox, root } = await create({ 'price.txt': 'cost: X\n' })
      await callTool(createEditTool({ sandbox, cwd: root }), { filePath: 'price.txt', oldString: 'X', newString: "$& $1 $$ $'" })
      expect(await sandbox.readFile(`${root}/price.txt`)).toBe("cost: $& $1 $$ $'\n")
    })

    it('changes lines of a CRLF file the model quotes with LF ends, as Read shows them, keeping the file\'s CRLF', async () => {
      const { sandbox, root } = await create({ 'crlf.txt': 'first\r\nsecond\r\nthird\r\n' })
      const { data } = await callTool(createEditTool({ sandbox, cwd: root }), { filePath: 'crlf.txt', oldString: 'first\nsecond', newString: 'one\ntwo' })
      expect(data).toMatchObject({ success: true, startLine: 1 })
      expect(await sandbox.readFile(`${root}/crlf.txt`)).toBe('one\r\ntwo\r\nthird\r\n')
    })

    it('edits multibyte text and very long lines', async () => {
      const long = `${'ñ'.repeat(100_000)}🌍${'ñ'.repeat(100_000)}`
      const { sandbox, root } = await create({ 'intl.txt': `first\n${long}\n` })
      const { data } = await callTool(createEditTool({ sandbox, cwd: root }), { filePath: 'intl.txt', oldString: 'ñ🌍ñ', newString: 'ñ—ñ' })
      expect(data.startLine).toBe(2)
      expect(await sandbox.readFile(`${root}/intl.txt`)).toBe(`first\n${long.replace('🌍', '—')}\n`)
    })

    it.each([
      [{ oldString: 'const', newString: 'let' }, 'oldString occurs 3 times in ROOT/code.ts; add surrounding lines to make it unique, or set replaceAll.'],
      [{ oldString: 'absent', newString: 'x' }, 'oldString was not found in ROOT/code.ts. Read the file and copy the text exactly, including whitespace.'],
      [{ oldString: '', newString: 'x' }, 'oldString is empty; give the exact text to replace, or use Write to create a file.'],
      [{ oldString: 'b = 2', newString: 'b = 2' }, 'oldString and newString are the same, so there is nothing to change.']
    ])('refuses %j with a clear error and leaves the file alone', async (change, message) => {
      const { sandbox, root } = await create({ 'code.ts': source })
      const { result } = await callTool(createEditTool({ sandbox, cwd: root }), { filePath: 'code.ts', ...change })
      expect(result.success).toBe(false)
      expect(result.error).toBe(message.replace('ROOT', root))
      expect(await sandbox.readFile(`${root}/code.ts`)).toBe(source)
    })

    it('names a missing file and points to Write, and finds nothing in an empty file', async () => {
      const { sandbox, root } = await create({ 'empty.txt': '' })
      const edit = createEditTool({ sandbox, cwd: root })
      expect((await callTool(edit, { filePath: 'nope.ts', oldString: 'a', newString: 'b' })).result.error).toBe(
        `File not found: ${root}/nope.ts. Edit changes existing files; use Write to create one.`
      )
      expect((await callTool(edit, { filePath: 'empty.txt', oldString: 'a', newString: 'b' })).result.error).toMatch(/^oldString was not found/)
    })

    it("keeps the file's mode", async () => {
      const { sandbox, root } = await create({ 'run.sh': 'echo old\n' })
      await sandbox.run(`chmod 750 ${root}/run.sh`)
      await callTool(createEditTool({ sandbox, cwd: root }), { filePath: 'run.sh', oldString: 'old', newString: 'new' })
      expect((await sandbox.stat(`${root}/run.sh`)).mode & 0o777).toBe(0o750)
      expect(await sandbox.readFile(`${root}/run.sh`)).toBe('echo new\n')
    })

    it('leaves the original intact when the write fails', async () => {
      const { sandbox, root } = await create({ 'code.ts': source })
      const failing = new FailingSandbox(sandbox, 'writeFile')
      const { result } = await callTool(createEditTool({ sandbox: failing, cwd: root }), { filePath: 'code.ts', oldString: 'b = 2', newString: 'b = 3' })
      expect(result.success).toBe(false)
      expect(await sandbox.readFile(`${root}/code.ts`)).toBe(source)
      expect(await temporaryFilesIn(sandbox, root)).toEqual([])
    })

    it('refuses a path outside the workspace', async () => {
      const { sandbox, root } = await create()
      await sandbox.writeFile('/tmp/target.txt', 'keep')
      const { result } = await callTool(createEditTool({ sandbox, cwd: root }), { filePath: '/tmp/target.txt', oldString: 'keep', newString: 'lost' })
      expect(result.error).toMatch(/outside the workspace/)
      expect(await sandbox.readFile('/tmp/target.txt')).toBe('keep')
    })
  })
}
