import { measureEchoRoundTrip, measureManifestHydration, measureRecursiveGrep } from './measure-sandbox-in-node.ts'

// Entry of the Node half of bench/sandbox-operations.mjs: prints its figures as one JSON array.
const figures = [await measureManifestHydration(15), await measureRecursiveGrep(15), await measureEchoRoundTrip(300)]
process.stdout.write(`${JSON.stringify(figures)}\n`)
