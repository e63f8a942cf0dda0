import { useEffect, useRef } from 'react'

/**
 * Keeps a copy of `value` through a module loaded apart from the page's first script (the tab's
 * sessionStorage, say): `restore` runs once that module has loaded, then `save` after each change
 * of `value`, in order and never before the restore, which would find the copy already replaced.
 */
export function useRestoredCopy<TModule, TValue>(load: () => Promise<TModule>, restore: (module: TModule) => void, save: (module: TModule, value: TValue) => void, value: TValue): void {
  const loaded = useRef<Promise<TModule>>(undefined)
  useEffect(() => {
    loaded.current = load().then((module) => {
      restore(module)
      return module
    })
    // Once, on mount: what loads and restores never changes.
  }, [])
  useEffect(() => {
    // A module that did not load costs the copy, never the page.
    void loaded.current?.then((module) => save(module, value), () => undefined)
  }, [value])
}
