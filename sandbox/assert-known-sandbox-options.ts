import { SandboxError } from './sandbox-client.ts'

/** `unknown` when `TNames` lists every key of `T`; otherwise an object naming the keys it leaves out. */
export type TListsEveryOption<T, TNames extends ReadonlyArray<PropertyKey>> = [Exclude<keyof T, TNames[number]>] extends [never]
  ? unknown
  : { readonly unlistedOptions: Exclude<keyof T, TNames[number]> }

/**
 * The option names of `T` as a list the compiler checks both ways, so an option added to `T` later
 * is not refused as unknown.
 */
export function optionNamesOf<T>() {
  return <const TNames extends ReadonlyArray<keyof T & string>>(names: TNames & TListsEveryOption<T, TNames>): TNames => names
}

/** What kind of value a caller passed, for "got …": `null`, `an array`, or its `typeof`. */
export function describeSandboxValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value
}

/** The error of sandbox options a client cannot take. */
export function invalidSandboxOptions(message: string): SandboxError {
  return new SandboxError('SANDBOX_INVALID_OPTIONS', message)
}

/**
 * Refuses sandbox options that are not an object or hold a key outside `names`: apps often write
 * them without types, where a misspelt option (`apikey`, `file`) would be ignored without a word.
 *
 * @throws SandboxError `SANDBOX_INVALID_OPTIONS` naming the call (`where`), the key and the options it takes.
 */
export function assertKnownSandboxOptions(where: string, options: unknown, names: readonly string[]): asserts options is object {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw invalidSandboxOptions(`${where}: options must be an object; got ${describeSandboxValue(options)}.`)
  }
  const unknown = Object.keys(options).filter((key) => !names.includes(key))
  if (unknown.length > 0) {
    throw invalidSandboxOptions(`${where}: unknown option ${unknown.map((key) => `"${key}"`).join(', ')}; it takes ${names.join(', ')}.`)
  }
}
