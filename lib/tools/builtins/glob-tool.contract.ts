import { describe, expect, it } from 'vitest'
import { createGlobTool, GLOB_MAX_RESULTS } from './glob-tool.ts'
import { callTool, tick } from './tool-sandbox.fixtures.ts'
import type { TCreateToolSandbox } from './tool-sandbox.fixtures.ts'

/** Glob's expectations on one sandbox client. */
export function describeGlobTool(create: TCreateToolSandbox): void {
  describe('Glob', () => {
    it('finds matching files, newest first', async () => {
      const { sandbox, root } = await create({ 'README.md': '# hi', 'src/old.ts': '' })
      await tick()
      await sandbox.writeFile(`${root}/src/deep/new.ts`, 'export {}')
      await tick()
      await sandbox.writeFile(`${root}/src/newest.ts`, '')
      const { data } = await callTool(createGlobTool({ sandbox, cwd: root }), { pattern: '**/*.ts' })
      expect(data).toEqual({ success: true, output: [`${root}/src/newest.ts`, `${root}/src/deep/new.ts`, `${root}/src/old.ts`].join('\n') })
    })

    it('searches below a given path and matches relative to it', async () => {
      const { sandbox, root } = await create({ 'a/x.txt': '', 'b/x.txt': '', 'b/y.md': '' })
      const { data } = await callTool(createGlobTool({ sandbox, cwd: root }), { pattern: '*.txt', path: 'b' })
      expect(data.output).toBe(`${root}/b/x.txt`)
    })

    it('finds empty files and multibyte names, and leaves dotfiles to explicit patterns', async () => {
      const { sandbox, root } = await create({ 'données/été.txt': '', '.env.txt': 'SECRET=1' })
      const glob = createGlobTool({ sandbox, cwd: root })
      expect((await callTool(glob, { pattern: '**/*.txt' })).data.output).toBe(`${root}/données/été.txt`)
      expect((await callTool(glob, { pattern: '.env*' })).data.output).toBe(`${root}/.env.txt`)
    })

    it('passes over node_modules unless the pattern names it', async () => {
      const { sandbox, root } = await create({ 'index.js': '', 'node_modules/lib/index.js': '' })
      const glob = createGlobTool({ sandbox, cwd: root })
      expect((await callTool(glob, { pattern: '**/index.js' })).data.output).toBe(`${root}/index.js`)
      expect((await callTool(glob, { pattern: 'node_modules/**/*.js' })).data.output).toBe(`${root}/node_modules/lib/index.js`)
    })

    it(`returns at most ${GLOB_MAX_RESULTS} paths and says how many matched`, async () => {
      const files = Object.fromEntries(Array.from({ length: 120 }, (_, index) => [`many/f${index}.txt`, '']))
      const { sandbox, root } = await create(files)
      const lines = (await callTool(createGlobTool({ sandbox, cwd: root }), { pattern: 'many/*.txt' })).data.output.split('\n')
      expect(lines).toHaveLength(GLOB_MAX_RESULTS + 1)
      expect(lines[GLOB_MAX_RESULTS]).toBe(`(showing ${GLOB_MAX_RESULTS} of 120 matches; narrow the pattern or path)`)
    })

    it('says when nothing matches', async () => {
      const { sandbox, root } = await create({ 'a.md': '' })
      expect((await callTool(createGlobTool({ sandbox, cwd: root }), { pattern: '**/*.rs' })).data).toEqual({
        success: true,
        output: `No files match **/*.rs in ${root}.`
      })
    })

    it.each([
      [{ pattern: '*', path: '..' }, /outside the workspace/],
      [{ pattern: '../**/*' }, /reaches outside/],
      [{ pattern: '/etc/*' }, /is outside/],
      [{ pattern: '*', path: 'missing' }, /^Directory not found: .*missing\.$/]
    ])('refuses %j', async (parameters, message) => {
      const { sandbox, root } = await create({ 'a.md': '' })
      const { result } = await callTool(createGlobTool({ sandbox, cwd: root }), parameters)
      expect(result.success).toBe(false)
      expect(result.error).toMatch(message)
    })
  })
}
