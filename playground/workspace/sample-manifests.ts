/** A manifest the picker offers, with a line on what it shows. */
export type TSampleManifest = { id: string; label: string; description: string; manifest: Record<string, unknown> }

/** The git URL the git sample points at; replace it with a server that answers CORS. */
export const SAMPLE_GIT_URL = 'http://127.0.0.1:8174/sample.git'

/** Manifests to start from: files, a git clone, a storage mount, and one that fails validation. */
export const SAMPLE_MANIFESTS: readonly TSampleManifest[] = [
  {
    id: 'greeting',
    label: 'A small script and its notes',
    description: 'Two inline files and an empty directory, written into the sandbox when applied.',
    manifest: {
      entries: {
        'greet.sh': { type: 'file', content: '#!/bin/sh\necho "Hello, $1"\n' },
        'notes/TODO.md': { type: 'file', content: '# To do\n\n- [ ] Greet everyone by name\n' },
        out: { type: 'dir' }
      },
      environment: { GREETING: 'Hello' }
    }
  },
  {
    id: 'git',
    label: 'A Git repository',
    description:
      'Cloned over smart HTTP with isomorphic-git inside the worker. It needs a git server that allows CORS from this page: the address is a placeholder for yours, and without one the clone fails and says so.',
    manifest: { entries: { repo: { type: 'gitRepo', url: SAMPLE_GIT_URL, ref: 'main', depth: 1 } } }
  },
  {
    id: 'mount',
    label: 'A storage mount',
    description: 'Mounts are part of the format, but only a provider-specific sandbox can attach them: the in-memory one reports "unsupported".',
    manifest: { entries: { 'data/readme.txt': { type: 'file', content: 'Data lives in the bucket.\n' }, lake: { type: 's3Mount', bucket: 'datasets', region: 'eu-west-1' } } }
  },
  {
    id: 'invalid',
    label: 'An invalid manifest',
    description: 'Shows validation: every problem is listed and nothing is written.',
    manifest: {
      entries: {
        '../outside.txt': { type: 'file', content: 'escapes the workspace' },
        'checked.txt': { type: 'file', content: 'abc', sha256: 'not-a-hash' },
        weird: { type: 'symlink', target: '/etc/passwd' }
      },
      enviroment: { TYPO: '1' }
    }
  }
]

/** The sample's JSON as the editor shows it. */
export function formatManifest(manifest: unknown): string {
  return `${JSON.stringify(manifest, null, 2)}\n`
}
