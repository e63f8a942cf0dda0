import { createTestRepository, startGitHttpServer } from './git-http-server.fixtures.ts'
import { startStaticHttpServer } from './static-http-server.fixtures.ts'
import { MANIFEST_WEB_FILES, type TWorkspaceManifestServers } from './workspace-manifest-web.fixtures.ts'

/** Starts the web and git servers the workspace-manifest suite needs, on 127.0.0.1 (Node only). */
export async function startWorkspaceManifestServers(): Promise<TWorkspaceManifestServers> {
  const web = await startStaticHttpServer(MANIFEST_WEB_FILES)
  const git = await startGitHttpServer()
  const commits = createTestRepository(git.root, 'sample')
  return {
    webUrl: web.url,
    gitUrl: git.url,
    commits,
    close: async () => {
      await Promise.all([web.close(), git.close()])
    }
  }
}
