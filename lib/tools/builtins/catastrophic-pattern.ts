type TGroupFrame = { repeatsInside: boolean }

/**
 * Finds the shape that makes a backtracking regex engine take exponential time: a repeated group
 * that itself contains a repetition, such as `(a+)+`, `(\w*)*` or `(x+y?){2,}`. JavaScript's
 * engine cannot be stopped mid-match, so such a pattern is refused before it runs. Returns the
 * offending group's source, or `undefined` for a pattern without one.
 */
export function findCatastrophicGroup(pattern: string): string | undefined {
  const stack: Array<TGroupFrame & { start: number }> = [{ repeatsInside: false, start: 0 }]
  let index = 0
  while (index < pattern.length) {
    const character = pattern[index]
    if (character === '\\') {
      index = markQuantifier(pattern, index + 2, stack)
    } else if (character === '[') {
      index = markQuantifier(pattern, skipCharacterClass(pattern, index), stack)
    } else if (character === '(') {
      stack.push({ repeatsInside: false, start: index })
      index++
    } else if (character === ')' && stack.length > 1) {
      const group = stack.pop() as TGroupFrame & { start: number }
      const quantifierEnd = readRepeatingQuantifier(pattern, index + 1)
      if (quantifierEnd !== undefined && group.repeatsInside) return pattern.slice(group.start, quantifierEnd)
      const parent = stack[stack.length - 1] as TGroupFrame
      parent.repeatsInside ||= group.repeatsInside || quantifierEnd !== undefined
      index = quantifierEnd ?? index + 1
    } else {
      index = markQuantifier(pattern, index + 1, stack)
    }
  }
  return undefined
}

// After an atom ending at `index`: a repeating quantifier there marks the enclosing group.
function markQuantifier(pattern: string, index: number, stack: TGroupFrame[]): number {
  const end = readRepeatingQuantifier(pattern, index)
  if (end === undefined) return index
  ;(stack[stack.length - 1] as TGroupFrame).repeatsInside = true
  return end
}

// `*`, `+`, `{n,}` and `{n,m}` with m > 1 repeat (a trailing `?` or `+` changes greed, not that);
// `?` and `{0,1}` do not. Returns the index after the quantifier, or undefined if none repeats.
function readRepeatingQuantifier(pattern: string, index: number): number | undefined {
  const character = pattern[index]
  let end: number | undefined
  if (character === '*' || character === '+') end = index + 1
  else if (character === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index))
    if (match !== null) {
      const upper = match[2] === undefined ? Number(match[1]) : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3])
      if (upper > 1) end = index + match[0].length
      else return undefined
    }
  }
  if (end === undefined) return undefined
  return pattern[end] === '?' || pattern[end] === '+' ? end + 1 : end
}

function skipCharacterClass(pattern: string, start: number): number {
  let index = start + 1
  if (pattern[index] === '^') index++
  if (pattern[index] === ']') index++
  while (index < pattern.length && pattern[index] !== ']') index += pattern[index] === '\\' ? 2 : 1
  return index + 1
}
