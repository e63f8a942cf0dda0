import { FakeE2BCloud } from '../../lib/testing/fake-e2b-sandbox.ts'
import type { FakeE2BSandbox } from '../../lib/testing/fake-e2b-sandbox.ts'
import { InMemorySandboxClient } from '../in-memory/in-memory-sandbox-client.ts'
import { E2B_DEFAULT_CWD } from './e2b-sandbox-client.ts'

// The real SDK's module supplies the fake's error classes, so the adapter meets genuine
// CommandExitError, FileNotFoundError and TimeoutError instances.
const e2b = await import('e2b')

/** The SDK module, for tests that compare against its classes. */
export const e2bModule = e2b

/** A fake E2B service whose sandboxes run an in-memory shell starting in `/home/user`. */
export function createFakeCloud(): FakeE2BCloud {
  return new FakeE2BCloud({ errors: e2b, createShell: () => new InMemorySandboxClient({ cwd: E2B_DEFAULT_CWD }) })
}

/** Creates a fake sandbox in `cloud` holding `files` (paths relative to `/home/user`). */
export async function createSeededSandbox(cloud: FakeE2BCloud, files: Record<string, string> = {}): Promise<FakeE2BSandbox> {
  const sandbox = await cloud.create()
  for (const [path, content] of Object.entries(files)) await sandbox.files.write(path, content)
  return sandbox
}
