import { afterEach, describe } from 'vitest'
import type { ISandboxClient } from './sandbox-client.ts'
import type { TSandboxClientFactoryOptions } from './contract/contract-support.contract.ts'
import { describeDisposeContract } from './contract/dispose.contract.ts'
import { describeFilesContract } from './contract/files.contract.ts'
import { describeRunCommandsContract } from './contract/run-commands.contract.ts'
import { describeRunLimitsContract } from './contract/run-limits.contract.ts'
import { describeSnapshotContract } from './contract/snapshots.contract.ts'
import { describeWorkingDirectoryContract } from './contract/working-directory.contract.ts'

export type { TSandboxClientFactoryOptions } from './contract/contract-support.contract.ts'

/** Builds a fresh client whose working directory holds `files` (keys relative to that directory). */
export type TSandboxClientFactory = (
  files: Record<string, string>,
  options: TSandboxClientFactoryOptions
) => Promise<ISandboxClient> | ISandboxClient

/** What an adapter opts out of; every optional capability is tested unless it says otherwise. */
export type TSandboxClientContractOptions = {
  /** Set to `false` for an adapter without `snapshot()` / `restore()`. */
  snapshots?: boolean
}

/**
 * The behaviour every `ISandboxClient` adapter must show, as one vitest suite. Call it from each
 * adapter's test file: `describeSandboxClient('InMemorySandboxClient', (files) => new InMemorySandboxClient({ files }))`.
 * Paths are relative to the client's working directory, so adapters may start wherever they like.
 */
export function describeSandboxClient(
  name: string,
  makeClient: TSandboxClientFactory,
  contractOptions: TSandboxClientContractOptions = {}
): void {
  describe(`${name} (sandbox client contract)`, () => {
    const clients: ISandboxClient[] = []
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.dispose?.()))
    })
    const create = async (files: Record<string, string> = {}, options: TSandboxClientFactoryOptions = {}): Promise<ISandboxClient> => {
      const client = await makeClient(files, options)
      clients.push(client)
      return client
    }
    describeRunCommandsContract(create)
    describeWorkingDirectoryContract(create)
    describeRunLimitsContract(create)
    describeFilesContract(create)
    if (contractOptions.snapshots !== false) describeSnapshotContract(create)
    describeDisposeContract(create)
  })
}
