// Builds the npm entry points into `dist/lib`: JavaScript and declarations from `lib`, `sandbox`,
// `worker`, `server` and `cli` (the `robota` command), so plain Node and any bundler can import
// `robota` without compiling TypeScript.
// tsc rewrites relative `.ts` imports in the JavaScript it emits, but not in declarations: those
// are rewritten here.
//
// just-bash loads through a module of the package's own (`#robota/just-bash`, see the `imports` of
// package.json), whose `importJustBash()` gives its module. Browser bundles get just-bash's browser
// build, bundled here once: it imports `node:zlib`, which webpack and esbuild refuse for the web, so
// that import is shimmed. Everywhere else the module imports `just-bash` at run time, marked for
// bundlers to leave as it is: a framework that bundles server code (Next.js) would otherwise follow
// it into just-bash's Node build and fail on its optional native dependencies.
//
// The MCP stdio transport and the test servers' node:http are imported from a variable, so that no
// bundler follows them into Node's modules; tsc's helper around those imports is taken off again (see below).
import { execFileSync } from 'node:child_process'
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

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

await build({
  stdin: {
    contents: "import * as justBash from 'just-bash/browser'\nexport const importJustBash = async () => justBash\n",
    resolveDir: process.cwd(),
    sourcefile: 'just-bash.browser.js'
  },
  outfile: join(OUT_DIR, 'vendor/just-bash.browser.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'linked',
  alias: { 'node:zlib': './scripts/vendor-shims/node-zlib.mjs' },
  logLevel: 'warning'
})
const RUNTIME = join(OUT_DIR, 'sandbox/in-memory/just-bash-runtime.js')
const runtime = readFileSync(RUNTIME, 'utf8')
if (!runtime.includes("import('just-bash')")) throw new Error(`${RUNTIME} no longer imports just-bash as import('just-bash'); update this script.`)
writeFileSync(RUNTIME, runtime.replace("import('just-bash')", "import('#robota/just-bash').then((vendor) => vendor.importJustBash())"))
writeFileSync(
  join(OUT_DIR, 'vendor/just-bash.js'),
  "export const importJustBash = () => import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ 'just-bash')\n"
)

// tsc wraps a dynamic import of a variable in its extension-rewriting helper, which hides the
// bundler hints inside from webpack. Node-only modules are imported that way on purpose (the MCP
// stdio transport spawns processes; the test servers need node:http), so the plain
// `import(specifier)` is put back.
const WRAPPED_NODE_ONLY_IMPORT = 'import(__rewriteRelativeImportExtension(/* @vite-ignore */ /* webpackIgnore: true */ specifier))'
for (const file of ['lib/tools/mcp/load-stdio-transport.js', 'lib/testing/load-node-http.js']) {
  const path = join(OUT_DIR, file)
  const text = readFileSync(path, 'utf8')
  if (!text.includes(WRAPPED_NODE_ONLY_IMPORT)) throw new Error(`${path} no longer imports its Node-only module as ${WRAPPED_NODE_ONLY_IMPORT}; update this script.`)
  writeFileSync(path, text.replace(WRAPPED_NODE_ONLY_IMPORT, 'import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)'))
}

// The `robota` command (package.json `bin`): tsc keeps its `#!/usr/bin/env node` line; npm links it
// executable on install, and the mode lets a checkout run it directly too.
const CLI_ENTRY = join(OUT_DIR, 'cli/main.js')
if (!readFileSync(CLI_ENTRY, 'utf8').startsWith('#!/usr/bin/env node')) throw new Error(`${CLI_ENTRY} lost its #! line; the bin cannot run.`)
chmodSync(CLI_ENTRY, 0o755)

function filesUnder(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    return entry.isDirectory() ? filesUnder(path) : [path]
  })
}
