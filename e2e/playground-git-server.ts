import { createTestRepository, startGitHttpServer } from '../sandbox/workspace/git-http-server.fixtures.ts'

/** The sandbox's git smart-HTTP fixture with a repository a page on another port can clone. */
export type TCorsGitServer = { url: string; repositoryUrl: string; close(): Promise<void> }

/**
 * Starts the `git http-backend` fixture, which answers CORS preflights from any origin as a git
 * host fronted for browsers would, with a `sample` repository (README.md, version.txt,
 * bin/run.sh on `main`).
 */
export async function startCorsGitServer(): Promise<TCorsGitServer> {
  const git = await startGitHttpServer()
  createTestRepository(git.root, 'sample')
  return { url: git.url, repositoryUrl: `${git.url}/sample.git`, close: () => git.close() }
}
