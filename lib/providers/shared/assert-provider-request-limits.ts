import { ConfigurationError } from '../../core/errors.ts'

/**
 * Refuses `maxRetries` and `timeout` a provider's SDK would misread, as the provider is built:
 * retries are a whole number of 0 or more, the timeout a positive number of milliseconds.
 *
 * @throws ConfigurationError `new <providerClass>(options): timeout must be …; got -1.`
 */
export function assertProviderRequestLimits(providerClass: string, options: { maxRetries?: unknown; timeout?: unknown }): void {
  const { maxRetries, timeout } = options
  if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && (maxRetries as number) >= 0)) {
    throw new ConfigurationError(`new ${providerClass}(options): maxRetries must be a whole number of 0 or more; got ${describe(maxRetries)}.`)
  }
  if (timeout !== undefined && !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0)) {
    throw new ConfigurationError(`new ${providerClass}(options): timeout must be a positive number of milliseconds; got ${describe(timeout)}.`)
  }
}

function describe(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' ? JSON.stringify(value) : typeof value
}
