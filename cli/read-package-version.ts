import { readFile } from 'node:fs/promises'

/** The package's version, read from the nearest `package.json` named `robota` above this file. */
export async function readPackageVersion(): Promise<string> {
  let directory = new URL('.', import.meta.url)
  for (let depth = 0; depth < 6; depth++) {
    try {
      const manifest = JSON.parse(await readFile(new URL('package.json', directory), 'utf8')) as { name?: string; version?: string }
      if (manifest.name === 'robota' && manifest.version) return manifest.version
    } catch {
      // Not here: look one directory up.
    }
    directory = new URL('..', directory)
  }
  return 'unknown'
}
