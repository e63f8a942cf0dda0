// Builds the npm entry points into `dist/lib`: JavaScript and declarations from `lib`, `sandbox`
// and `worker`, so plain Node and any bundler can import `robota` without compiling TypeScript.
// tsc rewrites relative `.ts` imports in the JavaScript it emits, but not in declarations: those
// are rewritten here.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const OUT_DIR = 'dist/lib'

rmSync(OUT_DIR, { recursive: true, force: true })
execFileSync('npx', ['tsc', '-p', 'tsconfig.lib.json'], { stdio: 'inherit' })

// `from './x.ts'`, `import('./x.ts')` and `import './x.ts'`: relative specifiers only.
const RELATIVE_TS_SPECIFIER = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+?)\.tsx?(['"])/g

for (const path of filesUnder(OUT_DIR)) {
  if (!path.endsWith('.d.ts')) continue
  const text = readFileSync(path, 'utf8')
  const rewritten = text.replace(RELATIVE_TS_SPECIFIER, '$1$2.js$3')
  if (rewritten !== text) writeFileSync(path, rewritten)
}

function filesUnder(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    return entry.isDirectory() ? filesUnder(path) : [path]
  })
}
