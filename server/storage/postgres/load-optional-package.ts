import { ConfigurationError } from '../../../lib/core/errors.ts'

/**
 * Imports an optional peer package, turning its absence into an error that says what to install.
 * @throws ConfigurationError naming the package and the store that needs it.
 */
export async function loadOptionalPackage<TModule>(packageName: string, neededBy: string, load: () => Promise<TModule>): Promise<TModule> {
  try {
    return await load()
  } catch (error) {
    throw new ConfigurationError(`${neededBy} needs the "${packageName}" package, which could not be loaded; install it with \`npm install ${packageName}\``, {
      details: { package: packageName },
      cause: error
    })
  }
}
