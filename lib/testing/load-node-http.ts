// A specifier bundlers do not follow: the test servers run in Node only, and a browser bundle that
// takes `ScriptedProvider` from `robota/testing` should neither carry node:http nor warn about it.
const NODE_HTTP = 'node:http'

/** Node's `http` module, loaded when a test server starts. */
export async function loadNodeHttp(): Promise<typeof import('node:http')> {
  const specifier = NODE_HTTP
  return (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as typeof import('node:http')
}
