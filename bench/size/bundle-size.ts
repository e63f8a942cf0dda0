import { build, type Metafile, type Plugin } from 'esbuild'
import { relative, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { inlineStylesheets } from '../browser/inline-stylesheets.mjs'

/** What to bundle: a file of the project, or entry source text resolved from a folder, with the module aliases its build applies. */
export type TBundleEntry = {
  label: string
  entry: { file: string } | { source: string; resolveDir: string; sourceName: string }
  alias?: Readonly<Record<string, string>>
}

/** A contributor to a bundle: an npm package, or a project folder such as `lib/core`. */
export type TBundleInput = { name: string; bytes: number }

/** The JavaScript loaded before the entry runs: its chunk and every chunk it imports statically. */
export type TBundleSize = {
  label: string
  files: string[]
  minifiedBytes: number
  /** Each file gzipped on its own (level 9), as each is fetched on its own, then summed. */
  gzipBytes: number
  /** The largest contributors to the eager files, minified bytes before gzip, largest first. */
  largestInputs: TBundleInput[]
}

const OUTPUT_DIRECTORY = 'bench-size-output'

// esbuild names every `import()` target an entry point too, so the entry chunk is found by its source.
function eagerOutputs(metafile: Metafile, entryPoints: readonly string[]): string[] {
  const entry = Object.entries(metafile.outputs).find(([path, output]) => output.entryPoint !== undefined && entryPoints.includes(output.entryPoint) && path.endsWith('.js'))
  if (!entry) throw new Error(`The bundle has no JavaScript chunk for its entry ${entryPoints.join(' or ')}.`)
  const eager = new Set<string>()
  const pending = [entry[0]]
  while (pending.length > 0) {
    const path = pending.pop()
    if (path === undefined || eager.has(path)) continue
    eager.add(path)
    for (const imported of metafile.outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && imported.external !== true) pending.push(imported.path)
    }
  }
  return [...eager]
}

/** `node_modules/@scope/name/…` → `@scope/name`; `lib/core/x.ts` → `lib/core`. */
function inputGroup(path: string): string {
  const marker = 'node_modules/'
  const packageStart = path.lastIndexOf(marker)
  const parts = (packageStart >= 0 ? path.slice(packageStart + marker.length) : path).split('/')
  if (packageStart >= 0) return parts.slice(0, parts[0]?.startsWith('@') ? 2 : 1).join('/')
  return parts.length > 2 ? parts.slice(0, 2).join('/') : parts.join('/')
}

function largestInputs(metafile: Metafile, files: readonly string[]): TBundleInput[] {
  const bytesByGroup = new Map<string, number>()
  for (const file of files) {
    for (const [path, input] of Object.entries(metafile.outputs[file]?.inputs ?? {})) {
      const group = inputGroup(path)
      bytesByGroup.set(group, (bytesByGroup.get(group) ?? 0) + input.bytesInOutput)
    }
  }
  return [...bytesByGroup]
    .map(([name, bytes]) => ({ name, bytes }))
    .filter((input) => input.bytes > 0)
    .sort((left, right) => right.bytes - left.bytes)
}

/**
 * Bundles an entry the way a browser app would ship it (esbuild, ES modules with code splitting,
 * minified, `NODE_ENV=production`) and measures its eager JavaScript. Lazy `import()` chunks are
 * left out: they load only when used. `node:` builtins stay external, as bundlers do for browsers,
 * and so do `virtual:` modules, which the playground's own build makes (and loads lazily).
 */
export async function measureBundle(bundle: TBundleEntry, workingDirectory: string): Promise<TBundleSize> {
  const result = await build({
    ...('file' in bundle.entry
      ? { entryPoints: [bundle.entry.file] }
      : { stdin: { contents: bundle.entry.source, resolveDir: bundle.entry.resolveDir, sourcefile: bundle.entry.sourceName, loader: 'ts' } }),
    absWorkingDir: workingDirectory,
    ...(bundle.alias ? { alias: { ...bundle.alias } } : {}),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['node:*', 'virtual:*'],
    loader: { '.svg': 'file', '.png': 'file', '.woff': 'file', '.woff2': 'file' },
    plugins: [inlineStylesheets],
    outdir: OUTPUT_DIRECTORY,
    write: false,
    metafile: true,
    logLevel: 'silent'
  })
  // esbuild names a stdin entry by its source file's path from the working directory.
  const entryFile = 'file' in bundle.entry ? bundle.entry.file : resolve(bundle.entry.resolveDir, bundle.entry.sourceName)
  const entryPoints = ['<stdin>', relative(workingDirectory, entryFile).split(sep).join('/')]
  const files = eagerOutputs(result.metafile, entryPoints)
  const contentsByPath = new Map(result.outputFiles.map((output) => [output.path, output.contents]))
  let minifiedBytes = 0
  let gzipBytes = 0
  for (const file of files) {
    const contents = contentsByPath.get(resolve(workingDirectory, file))
    if (!contents) throw new Error(`esbuild reported ${file} but produced no such file.`)
    minifiedBytes += contents.byteLength
    gzipBytes += gzipSync(contents, { level: 9 }).byteLength
  }
  return { label: bundle.label, files, minifiedBytes, gzipBytes, largestInputs: largestInputs(result.metafile, files) }
}
