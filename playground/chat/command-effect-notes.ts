import type { TCommandEffect } from './command-effects.ts'

// A module of its own: the page's first script carries `commandEffectOf`, and these words load
// with the command results that show them.
/** What the page did for an effect, in words for the command's answer. */
export const COMMAND_EFFECT_NOTES: Record<TCommandEffect, string> = {
  'open-session-picker': 'The Sessions list has the focus: move with Tab and open one with Enter.',
  'reset-settings': 'Settings are back to their defaults (the offline demo, default permission mode, system theme); keys are no longer remembered on this device.'
}
