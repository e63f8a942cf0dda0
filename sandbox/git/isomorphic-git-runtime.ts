import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git'

/** The isomorphic-git module, loaded on first use. */
export type TIsomorphicGit = typeof import('isomorphic-git')

/** Imports isomorphic-git on first use, after giving the browser the `Buffer` global it expects. */
export async function loadIsomorphicGit(): Promise<TIsomorphicGit> {
  const scope = globalThis as { Buffer?: unknown }
  if (scope.Buffer === undefined) scope.Buffer = (await import('buffer')).Buffer
  const module = await import('isomorphic-git')
  // The CommonJS build (Node) puts the API on `default`; the ES build exports it by name.
  return (module as TIsomorphicGit & { default?: TIsomorphicGit }).default ?? module
}

/** isomorphic-git's HTTP client over a `fetch` function, so callers (and tests) choose the transport. */
export function createFetchHttpClient(fetchFunction: typeof fetch): HttpClient {
  return {
    async request(request: GitHttpRequest): Promise<GitHttpResponse> {
      const chunks: Uint8Array[] = []
      for await (const chunk of request.body ?? []) chunks.push(chunk)
      // Copied into exact ArrayBuffers: a Node Buffer chunk is a view into a larger shared pool.
      const body = chunks.length === 0 ? undefined : new Blob(chunks.map((chunk) => new Uint8Array(chunk).buffer))
      const response = await fetchFunction(request.url, {
        method: request.method ?? 'GET',
        ...(request.headers === undefined ? {} : { headers: request.headers }),
        ...(body === undefined ? {} : { body }),
        ...(request.signal === undefined ? {} : { signal: request.signal })
      })
      const bytes = new Uint8Array(await response.arrayBuffer())
      return {
        url: response.url,
        method: request.method ?? 'GET',
        headers: Object.fromEntries(response.headers.entries()),
        body: (async function* () {
          yield bytes
        })(),
        statusCode: response.status,
        statusMessage: response.statusText
      }
    }
  }
}
