import { describe, expect, it, vi } from 'vitest'
import { ProviderSdkMissingError } from '../../core/errors.ts'
import { LazySdkClient } from './lazy-sdk-client.ts'

type TSdk = { Client: new (label: string) => { label: string } }
const requirement = { packageName: 'vendor-sdk', providerClass: 'VendorProvider' }
const sdk: TSdk = { Client: class { constructor(readonly label: string) {} } }

describe('LazySdkClient', () => {
  it('uses a given client as is and never loads the SDK', async () => {
    const given = { label: 'given' }
    const load = vi.fn(async () => sdk)
    const client = new LazySdkClient(given, load, requirement, (module) => new module.Client('made'))
    expect(await client.get()).toBe(given)
    expect(load).not.toHaveBeenCalled()
  })

  it('loads the SDK on the first call only, and every call gets the same client', async () => {
    const load = vi.fn(async () => sdk)
    const client = new LazySdkClient(undefined, load, requirement, (module) => new module.Client('made'))
    expect(load).not.toHaveBeenCalled()
    const [first, second] = await Promise.all([client.get(), client.get()])
    const third = await client.get()
    expect(first.label).toBe('made')
    expect(second).toBe(first)
    expect(third).toBe(first)
    expect(load.mock.calls.length).toBeLessThanOrEqual(2)
  })

  it('says what to install when the SDK is missing, and loads it on a later call once it is there', async () => {
    const missing = Object.assign(new Error("Cannot find package 'vendor-sdk' imported from /app/index.js"), { code: 'ERR_MODULE_NOT_FOUND' })
    const load = vi.fn<() => Promise<TSdk>>().mockRejectedValueOnce(missing).mockResolvedValue(sdk)
    const client = new LazySdkClient(undefined, load, requirement, (module) => new module.Client('made'))
    await expect(client.get()).rejects.toThrow(ProviderSdkMissingError)
    expect((await client.get()).label).toBe('made')
  })
})
