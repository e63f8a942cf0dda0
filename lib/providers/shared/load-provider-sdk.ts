import { ProviderError, ProviderSdkMissingError } from '../../core/errors.ts'
import { describeError } from '../../core/describe-error.ts'

/** Loads a provider's vendor SDK module; by default a dynamic `import()` of the package. */
export type TProviderSdkLoader<TModule> = () => Promise<TModule>

/** Which package a provider needs, and the provider class named in the error when it is missing. */
export type TProviderSdkRequirement = { packageName: string; providerClass: string }

/**
 * Runs `load` and returns the SDK module. When the package itself is not installed it throws a
 * `ProviderSdkMissingError` that says what to install (`install openai to use OpenAIProvider`);
 * any other failure (a broken install, a dependency of the SDK missing, a chunk that did not
 * load) is a `ProviderError` naming the package, with the original as its `cause`.
 */
export async function loadProviderSdk<TModule>(load: TProviderSdkLoader<TModule>, requirement: TProviderSdkRequirement): Promise<TModule> {
  try {
    return await load()
  } catch (error) {
    const details = { package: requirement.packageName, provider: requirement.providerClass }
    if (isMissingPackageError(error, requirement.packageName)) {
      throw new ProviderSdkMissingError(`install ${requirement.packageName} to use ${requirement.providerClass}`, { cause: error, details })
    }
    const reason = describeError(error)
    throw new ProviderError(`${requirement.providerClass} could not load ${requirement.packageName}: ${reason}`, { cause: error, details })
  }
}

// Node's ESM loader: "Cannot find package 'openai' imported from …" (ERR_MODULE_NOT_FOUND);
// require and webpack's stand-in for an optional import it could not resolve: "Cannot find module
// 'openai'" (MODULE_NOT_FOUND).
const NOT_FOUND_CODES = new Set(['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND'])
const NOT_FOUND_MESSAGE = /^Cannot find (?:package|module) '([^']+)'/

// Messages without a code, from a browser bundle built without the package: Vite's stand-in for a
// missing optional peer (Vite 7 leaves out "Is it installed?" in production builds), then a bare
// import esbuild left in, as Chromium, Firefox and Safari word it.
const BROWSER_NOT_FOUND_MESSAGES = [
  /^Could not resolve "([^"]+)" imported by "[^"]+"\./,
  /^Failed to resolve module specifier ["']([^"']+)["']/,
  /^The specifier “([^”]+)” was a bare specifier/,
  /^Module name, '([^']+)' does not resolve to a valid path/
]

/**
 * True when `error` says `packageName` itself cannot be found. A missing file inside the
 * package, or another package the SDK imports, is a broken install, not a missing SDK.
 */
export function isMissingPackageError(error: unknown, packageName: string): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof message !== 'string') return false
  if (typeof code === 'string' && NOT_FOUND_CODES.has(code)) return NOT_FOUND_MESSAGE.exec(message)?.[1] === packageName
  return BROWSER_NOT_FOUND_MESSAGES.some((pattern) => pattern.exec(message)?.[1] === packageName)
}
