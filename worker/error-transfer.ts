import * as Comlink from 'comlink'
import { deserializeError, serializeError, type TSerializedError } from './serialized-error.ts'

export { deserializeError } from './serialized-error.ts'

type TThrown = { value: unknown }

/**
 * Replaces comlink's error transfer, which keeps only name, message and stack, with one that
 * carries `code`, `details`, `path` and a manifest's `problems` and rebuilds the SDK's error classes. Both sides of the
 * boundary must call it; it is idempotent.
 */
export function registerErrorTransfer(): void {
  const builtIn = Comlink.transferHandlers.get('throw')
  if (!builtIn) return
  Comlink.transferHandlers.set('throw', {
    canHandle: builtIn.canHandle,
    serialize: (thrown) => [serializeError((thrown as TThrown).value), []],
    deserialize: (serialized) => {
      throw deserializeError(serialized as TSerializedError)
    }
  })
}
