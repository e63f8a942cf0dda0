/**
 * The module ids `robota/embed` resolves to Preact instead of React: the element renders the
 * playground's React components through `preact/compat`, which costs a tenth of react-dom before
 * its first paint. Only the embed's build (and the size check that measures it) applies them; the
 * playground page and the type-checker stay on React. See docs/decisions/0004.
 */
export const PREACT_COMPAT_ALIASES: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime'
}

/** The same aliases as Vite takes them: each id matched whole, so `react-dom` never catches `react-dom/client`. */
export function toExactViteAliases(aliases: Readonly<Record<string, string>>): { find: RegExp; replacement: string }[] {
  return Object.entries(aliases).map(([id, replacement]) => ({ find: new RegExp(`^${id}$`), replacement }))
}
