import { lazy, Suspense } from 'react'
import type { TFileChange } from './file-change.ts'

// The diff library loads with the first diff shown, not with the page.
const FileDiff = lazy(() => import('./file-diff.tsx').then((module) => ({ default: module.FileDiff })))

/** `FileDiff`, loaded on first use; the path stands in until it is ready. */
export function LazyFileDiff({ change }: { change: TFileChange }) {
  return (
    <Suspense fallback={<p className="note">Loading the diff of {change.path}…</p>}>
      <FileDiff change={change} />
    </Suspense>
  )
}
