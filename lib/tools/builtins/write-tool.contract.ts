import { describe, expect, it } from 'vitest'
import { FailingSandbox } from './failing-sandbox.fixtures.ts'
import type { TInjectedFailure } from './failing-sandbox.fixtures.ts'
import { callTool, temporaryFilesIn } from './tool-sandbox.fixtures.ts'
import type { TCreateToolSandbox } from './tool-sandbox.fixtures.ts'
import { createWriteTool } from './write-tool.ts'

/** Write's expectations on one sandbox client. */
export function describeWriteTool(create: TCreateToolSandbox): void {
  describe('Write', () => {
    it('creates a file and its parent directories and reports the UTF-8 byte count', async () => {
      const { sandbox, root } = await create()
      const { result, data } = await callTool(createWriteTool({ sandbox, cwd: root }), { filePath: 'deep/er/note.txt', content: 'héllo 🌍' })
      expect(result.success).toBe(true)
      expect(data.output).toBe(`Created ${root}/deep/er/note.txt (11 bytes).`)
      expect(await sandbox.readFile(`${root}/deep/er/note.txt`)).toBe('héllo 🌍')
    })

    it('replaces an existing file whole and leaves no temporary file behind', async () => {
      const { sandbox, root } = await create({ 'config.json': '{"old": true, "long": "value"}' })
      const { data } = await callTool(createWriteTool({ sandbox, cwd: root }), { filePath: 'config.json', content: '{}' })
      expect(data.output).toBe(`Wrote ${root}/config.json (2 bytes).`)
      expect(await sandbox.readFile(`${root}/config.json`)).toBe('{}')
      expect(await temporaryFilesIn(sandbox, root)).toEqual([])
    })

    it("keeps an existing file's mode", async () => {
      const { sandbox, root } = await create({ 'run.sh': 'echo old\n' })
      expect((await sandbox.run(`chmod 755 ${root}/run.sh`)).exitCode).toBe(0)
      await callTool(createWriteTool({ sandbox, cwd: root }), { filePath: 'run.sh', content: 'echo new\n' })
      expect((await sandbox.stat(`${root}/run.sh`)).mode & 0o777).toBe(0o755)
      expect(await sandbox.readFile(`${root}/run.sh`)).toBe('echo new\n')
    })

    it('writes an empty file and a very long line exactly', async () => {
      const { sandbox, root } = await create()
      const write = createWriteTool({ sandbox, cwd: root })
      const line = 'ab🌍'.repeat(50_000)
      expect((await callTool(write, { filePath: 'empty.txt', content: '' })).data.output).toBe(`Created ${root}/empty.txt (0 bytes).`)
      expect((await callTool(write, { filePath: 'long.txt', content: line })).data.output).toBe(`Created ${root}/long.txt (300000 bytes).`)
      expect(await sandbox.readFile(`${root}/empty.txt`)).toBe('')
      expect(await sandbox.readFile(`${root}/long.txt`)).toBe(line)
    })

    it.each<TInjectedFailure>(['writeFile', 'rename'])(
      'leaves no partial file and no temporary file when %s fails',
      async (failure) => {
        const { sandbox, root } = await create({ 'data.txt': 'original content\n' })
        const failing = new FailingSandbox(sandbox, failure)
        const { result } = await callTool(createWriteTool({ sandbox: failing, cwd: root }), { filePath: 'data.txt', content: 'replacement content\n' })
        expect(result.success).toBe(false)
        expect(result.error).toMatch(new RegExp(`^Could not write ${root}/data\\.txt \\(.+\\); the file was left unchanged\\.$`))
        expect(await sandbox.readFile(`${root}/data.txt`)).toBe('original content\n')
        expect(await temporaryFilesIn(sandbox, root)).toEqual([])
      }
    )

    it('creates no file at all when the first write of a new file fails', async () => {
      const { sandbox, root } = await create()
      const { result } = await callTool(createWriteTool({ sandbox: new FailingSandbox(sandbox, 'writeFile'), cwd: root }), { filePath: 'new.txt', content: 'abcdef' })
      expect(result.success).toBe(false)
      expect((await sandbox.readdir(root)).map((entry) => entry.name)).toEqual([])
    })

    it('refuses a path outside the workspace and writes nothing', async () => {
      const { sandbox, root } = await create()
      const { result } = await callTool(createWriteTool({ sandbox, cwd: root }), { filePath: '../escape.txt', content: 'x' })
      expect(result.success).toBe(false)
      expect(result.error).toMatch(/outside the workspace/)
      await expect(sandbox.stat(`${root.slice(0, root.lastIndexOf('/'))}/escape.txt`)).rejects.toMatchObject({ code: 'SANDBOX_NOT_FOUND' })
    })

    it('refuses to replace a directory', async () => {
      const { sandbox, root } = await create({ 'src/a.ts': '' })
      const { result } = await callTool(createWriteTool({ sandbox, cwd: root }), { filePath: 'src', content: 'x' })
      expect(result.error).toBe(`${root}/src is a directory, not a file.`)
    })
  })
}
