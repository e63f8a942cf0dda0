/** Named plugin priorities; a higher number runs earlier. Any other number is allowed too. */
export const PluginPriority = {
  HIGHEST: 1000,
  HIGH: 750,
  NORMAL: 500,
  LOW: 250,
  LOWEST: 0
} as const

/** The one field `sortPlugins` reads. */
export type TPrioritized = { readonly priority: number }

/**
 * Returns a new array ordered by `priority`, highest first. Plugins of equal priority keep the
 * order they were registered in (`Array.prototype.sort` is stable since ES2019).
 */
export function sortPlugins<TPlugin extends TPrioritized>(plugins: readonly TPlugin[]): TPlugin[] {
  return [...plugins].sort((left, right) => right.priority - left.priority)
}
