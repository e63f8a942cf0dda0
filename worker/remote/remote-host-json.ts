// Frames are JSON text; bytes (a file upload) travel as base64 under one tagged key.
const BYTES_KEY = '$robotaBytes'

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000))
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/** Writes a frame as JSON text, `Uint8Array`s as tagged base64. */
export function toFrameText(frame: unknown): string {
  return JSON.stringify(frame, (_key, value: unknown) => (value instanceof Uint8Array ? { [BYTES_KEY]: toBase64(value) } : value))
}

/**
 * Reads a frame written by `toFrameText`.
 *
 * @throws SyntaxError when the text is not JSON.
 */
export function parseFrameText(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const bytes = (value as Record<string, unknown>)[BYTES_KEY]
      if (typeof bytes === 'string' && Object.keys(value).length === 1) return fromBase64(bytes)
    }
    return value
  })
}
