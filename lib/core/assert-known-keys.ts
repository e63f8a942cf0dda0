import { ConfigurationError } from './errors.ts'

/** `unknown` when `TKeys` names every key of `T`; otherwise an object naming the keys it leaves out. */
export type TListsEveryKey<T, TKeys extends ReadonlyArray<PropertyKey>> = [Exclude<keyof T, TKeys[number]>] extends [never]
  ? unknown
  : { readonly unlistedKeys: Exclude<keyof T, TKeys[number]> }

/**
 * The keys of `T` as a list the compiler checks both ways: each entry is a key of `T`, and a key of
 * `T` the list leaves out fails to compile, naming it, so an option added later is not refused.
 *
 * @example const CONFIG_KEYS = keysOf<IAgentConfig>()(['name', 'tools'])
 */
export function keysOf<T>() {
  return <const TKeys extends ReadonlyArray<keyof T & string>>(keys: TKeys & TListsEveryKey<T, TKeys>): TKeys => keys
}

/**
 * Refuses the keys of `value` outside `knownKeys`: an options object written without types, where
 * a misspelt key would otherwise be ignored without a word. `hints` explain a likely mix-up, keyed
 * by the wrong key (`{ systemPrompt: 'the system prompt is `systemMessage`' }`).
 *
 * @param where names the call in the message, such as `new Robota(config)`.
 * @throws ConfigurationError `<where>: unknown option "<key>", … (<hint>); it takes <known keys>.`
 */
export function assertKnownKeys(where: string, value: object, knownKeys: readonly string[], hints: Readonly<Record<string, string>> = {}): void {
  const unknown = Object.keys(value).filter((key) => !knownKeys.includes(key))
  if (unknown.length === 0) return
  const explained = [...new Set(unknown.filter((key) => Object.hasOwn(hints, key)).map((key) => hints[key]))]
  const hint = explained.length > 0 ? ` (${explained.join('; ')})` : ''
  throw new ConfigurationError(`${where}: unknown option ${unknown.map((key) => `"${key}"`).join(', ')}${hint}; it takes ${knownKeys.join(', ')}.`)
}
