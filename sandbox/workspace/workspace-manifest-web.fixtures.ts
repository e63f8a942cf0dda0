// What the workspace-manifest suite downloads and clones, apart from the servers that serve it,
// so a suite running in a browser and the Node process serving it share one definition.

/** Bytes that are not valid UTF-8, served as `/blob.bin` and written inline as base64. */
export const MANIFEST_BLOB = new Uint8Array([0, 255, 128, 10, 0xc3, 0x28])

/** `MANIFEST_BLOB` in base64. */
export const MANIFEST_BLOB_BASE64 = 'AP+ACsMo'

/** The files the suite's web server serves, by path. */
export const MANIFEST_WEB_FILES: Record<string, string | Uint8Array> = { '/hello.txt': 'hello from the web\n', '/blob.bin': MANIFEST_BLOB }

/** The servers the suite downloads from and clones from, with the test repository's commits. */
export type TWorkspaceManifestServers = {
  /** Serves `MANIFEST_WEB_FILES`, 404 otherwise, to any origin. */
  webUrl: string
  /** A smart-HTTP git server holding `sample.git` (see `createTestRepository`), open to any origin. */
  gitUrl: string
  commits: { first: string; second: string; feature: string }
  close(): Promise<void>
}
