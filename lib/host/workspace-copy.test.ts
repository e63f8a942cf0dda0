import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { copyWorkspaceFiles } from './workspace-copy.ts'

function source() {
  return new InMemorySandboxClient({ files: { 'README.md': '# Demo\n', 'src/a.ts': 'export const a = 1\n', 'src/deep/b.ts': 'export const b = 2\n' } })
}

describe('copyWorkspaceFiles', () => {
  it('copies every file under the root, nested ones and bytes included', async () => {
    const from = source()
    const bytes = new Uint8Array([0, 255, 10, 13, 128])
    await from.writeFile('/workspace/data.bin', bytes)
    const to = new InMemorySandboxClient()
    expect(await copyWorkspaceFiles(from, to, '/workspace')).toEqual({ filesCopied: 4 })
    expect(await to.readFile('/workspace/src/deep/b.ts')).toBe('export const b = 2\n')
    expect(await to.readFile('/workspace/data.bin', { encoding: 'bytes' })).toEqual(bytes)
  })

  it('stops at the file limit and says so', async () => {
    const to = new InMemorySandboxClient()
    expect(await copyWorkspaceFiles(source(), to, '/workspace', { maxFiles: 2, maxBytes: 1_000_000 })).toEqual({
      filesCopied: 2,
      filesNotCopied: 'only the first 2 files were copied'
    })
  })

  it('stops at the size limit, naming the first file left behind', async () => {
    const result = await copyWorkspaceFiles(source(), new InMemorySandboxClient(), '/workspace', { maxFiles: 100, maxBytes: 10 })
    expect(result.filesCopied).toBe(1)
    expect(result.filesNotCopied).toMatch(/^the workspace is over 0 MB; \/workspace\/\S+ and later files were not copied$/)
  })

  it('reports a root it cannot read instead of throwing', async () => {
    const result = await copyWorkspaceFiles(source(), new InMemorySandboxClient(), '/nowhere')
    expect(result.filesCopied).toBe(0)
    expect(result.filesNotCopied).toMatch(/^copying stopped: .*nowhere/)
  })
})
