import type * as E2BModule from 'e2b'
import type { ISandboxClient } from '../../sandbox/sandbox-client.ts'

/**
 * The SDK's error classes the fake throws. Pass the real `e2b` module object itself, so the
 * code under test meets the very classes, names and fields the SDK produces.
 */
export type TFakeE2BErrorClasses = Pick<
  typeof E2BModule,
  | 'CommandExitError'
  | 'FileNotFoundError'
  | 'InvalidArgumentError'
  | 'NotFoundError'
  | 'SandboxError'
  | 'SandboxNotFoundError'
  | 'TimeoutError'
>

/** What the fake's `commands` and `files` share with the sandbox that owns them. */
export type TFakeE2BContext = {
  readonly errors: TFakeE2BErrorClasses
  /** The home directory commands start in and relative paths resolve against. */
  readonly home: string
  /** The shell behind the sandbox; throws as the SDK does when the sandbox is paused or killed. */
  shell(): ISandboxClient
  /** Makes a path absolute against `home`, folding `.` and `..` as envd does. */
  resolve(path: string): string
}

/** Folds a path against `home` into a normalized absolute path. */
export function resolveFakeE2BPath(home: string, path: string): string {
  const segments: string[] = []
  for (const segment of (path.startsWith('/') ? path : `${home}/${path}`).split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(segment)
  }
  return `/${segments.join('/')}`
}
