import { InMemoryFs } from 'just-bash'
import { describe, expect, it } from 'vitest'
import { captureSnapshot } from './in-memory-snapshot.ts'

describe('captureSnapshot', () => {
  it('leaves out an entry removed while it reads, as when a command renames a temporary file into place', async () => {
    const fs = new InMemoryFs({ '/workspace/kept.txt': 'kept\n', '/workspace/.draft.tmp': 'draft\n' })
    // The listing still names the draft; by the time it is read, a command has moved it.
    const racing = new Proxy(fs, {
      get(target, property, receiver) {
        if (property !== 'getAllPaths') return Reflect.get(target, property, receiver)
        return () => {
          const paths = target.getAllPaths()
          void target.mv('/workspace/.draft.tmp', '/workspace/draft.txt')
          return paths
        }
      }
    })
    const snapshot = await captureSnapshot(racing, '/workspace')
    const files = snapshot.entries.filter((entry) => entry.type === 'file').map((entry) => entry.path)
    expect(files).toContain('/workspace/kept.txt')
    expect(files).not.toContain('/workspace/.draft.tmp')
  })

  it('still fails on an error other than a vanished entry', async () => {
    const fs = new InMemoryFs({ '/workspace/a.txt': 'a\n' })
    const broken = new Proxy(fs, {
      get(target, property, receiver) {
        if (property === 'readFileBuffer') return () => Promise.reject(new Error('EIO: i/o error, read'))
        return Reflect.get(target, property, receiver)
      }
    })
    await expect(captureSnapshot(broken, '/workspace')).rejects.toThrow('EIO')
  })
})
