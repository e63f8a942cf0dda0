/**
 * The two wildcards permission patterns have, compiled to anchored regular expressions. Every
 * other character is literal: `?`, `[`, `{`, `+`, `.` and the rest are escaped, never glob or
 * regex syntax. picomatch would need all of its own syntax escaped back out to give these rules,
 * leaving it only `*` and `**` to do, so a small builder is clearer than a dependency.
 */

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/-]/g

function escapeLiteral(text: string): string {
  return text.replace(REGEX_SPECIAL, '\\$&')
}

/** Compiles a text with `*` standing for `wildcard` and everything else literal. */
function compileStars(text: string, wildcard: string): string {
  return text.split('*').map(escapeLiteral).join(wildcard)
}

/** For commands and queries: `*` matches any text, newlines included. */
export function textGlobToRegex(glob: string): RegExp {
  return new RegExp(`^${compileStars(glob, '[\\s\\S]*')}$`)
}

/**
 * For paths: `*` matches within one segment (never `/`); a whole `**` segment matches zero or
 * more segments, so `src/**` also matches `src`, and `**` inside a segment is two `*`.
 */
export function pathGlobToRegex(glob: string): RegExp {
  const segments = glob.split('/').filter((segment, index, all) => !(segment === '**' && all[index - 1] === '**'))
  let body = ''
  let needsSeparator = false
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1
    if (segment !== '**') {
      body += (needsSeparator ? '/' : '') + compileStars(segment, '[^/]*')
      needsSeparator = true
    } else if (index === 0 && last) {
      body += '[\\s\\S]*'
    } else if (index === 0) {
      body += '(?:[\\s\\S]*/)?'
      needsSeparator = false
    } else {
      body += '(?:/[\\s\\S]*)?'
      needsSeparator = true
    }
  }
  return new RegExp(`^${body}$`)
}

/**
 * For URLs: `*` matches any text, except inside the host (between `://` and the next `/`, `?` or
 * `#`), where it cannot cross into the path or userinfo, so `https://*.example.com/*` cannot be
 * satisfied by `https://evil.test/?.example.com/`. Scheme and host are compared case-insensitively.
 */
export function urlGlobToRegex(glob: string): RegExp {
  const authorityStart = glob.indexOf('://')
  if (authorityStart === -1) return textGlobToRegex(glob)
  const hostStart = authorityStart + 3
  const hostEnd = findHostEnd(glob, hostStart)
  const origin = glob.slice(0, hostEnd).toLowerCase()
  const scheme = origin.slice(0, hostStart)
  const host = origin.slice(hostStart)
  const rest = glob.slice(hostEnd)
  const body = compileStars(scheme, '[a-z0-9+.-]*') + compileStars(host, '[^/?#@\\\\]*') + compileStars(rest, '[\\s\\S]*')
  return new RegExp(`^${body}$`)
}

function findHostEnd(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const character = text[index]
    if (character === '/' || character === '?' || character === '#') return index
  }
  return text.length
}
