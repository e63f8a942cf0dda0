import { expect } from 'vitest'
import { isSandboxError, type ISandboxClient, type TSandboxErrorCode } from '../sandbox-client.ts'

/** Client settings the suite varies; every adapter is expected to honour them. */
export type TSandboxClientFactoryOptions = {
  /** Cap on each of stdout and stderr per command. */
  maxOutputBytes?: number
}

/** Makes a client for one test, with `files` in its working directory; disposed after the test. */
export type TCreateSandboxClient = (files?: Record<string, string>, options?: TSandboxClientFactoryOptions) => Promise<ISandboxClient>

/** Awaits a call that must reject with a `SandboxError` of `code`, and returns the error. */
export async function expectSandboxError(promise: Promise<unknown>, code: TSandboxErrorCode): Promise<Error> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason
  )
  expect(isSandboxError(error), `expected a SandboxError ${code}, got ${String(error)}`).toBe(true)
  expect((error as { code: string }).code).toBe(code)
  return error as Error
}
