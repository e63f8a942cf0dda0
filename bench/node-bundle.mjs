// Bundles one TypeScript bench entry for Node with esbuild. Packages stay imports, resolved at
// run time from bench/node_modules (the peers, zod) and then the root's.
import { build } from 'esbuild'

/** Writes `entry` and everything it imports from the project into the ES module `outfile`. */
export async function bundleForNode(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning'
  })
}
