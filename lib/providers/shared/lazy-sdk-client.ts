import { loadProviderSdk, type TProviderSdkLoader, type TProviderSdkRequirement } from './load-provider-sdk.ts'

/**
 * A provider's vendor SDK client, made on first use: the SDK is imported then, so importing a
 * provider needs no SDK installed. A client the caller gave is used as is and the SDK is never
 * imported. Calls made before the first load ends all get the one client it keeps.
 */
export class LazySdkClient<TSdk, TClient> {
  #client: TClient | undefined

  constructor(
    given: TClient | undefined,
    private readonly load: TProviderSdkLoader<TSdk>,
    private readonly requirement: TProviderSdkRequirement,
    private readonly create: (sdk: TSdk) => TClient
  ) {
    this.#client = given
  }

  /** The client; the first call loads the SDK (a `ProviderSdkMissingError` when it is not installed). */
  async get(): Promise<TClient> {
    if (this.#client) return this.#client
    const sdk = await loadProviderSdk(this.load, this.requirement)
    this.#client ??= this.create(sdk)
    return this.#client
  }
}
