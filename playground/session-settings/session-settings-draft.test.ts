import { describe, expect, it } from 'vitest'
import { checkSessionSettingsDraft, toSessionSettingsDraft, type TSessionSettingsDraft } from './session-settings-draft.ts'

const draft = (fields: Partial<TSessionSettingsDraft>): TSessionSettingsDraft => ({ systemPromptAddition: '', temperature: '', maxTokens: '', tools: {}, ...fields })

describe('checkSessionSettingsDraft', () => {
  it('gives the settings of a valid draft, empty fields left out and switched-off tools listed', () => {
    const checked = checkSessionSettingsDraft(draft({ systemPromptAddition: '  Be brief.  ', temperature: '0.7', maxTokens: '512', tools: { Bash: true, Glob: false, Grep: false } }))
    expect(checked).toEqual({ ok: true, settings: { systemPromptAddition: 'Be brief.', temperature: 0.7, maxTokens: 512, disabledTools: ['Glob', 'Grep'] } })
    expect(checkSessionSettingsDraft(draft({ tools: { Bash: true } }))).toEqual({ ok: true, settings: {} })
  })

  it.each([
    ['temperature', { temperature: 'warm' }, 'Temperature must be a number from 0 to 2, such as 0.7; “warm” is not a number.'],
    ['temperature', { temperature: '-1' }, 'Temperature must be from 0 to 2; -1 is below 0.'],
    ['temperature', { temperature: '2.5' }, 'Temperature must be from 0 to 2; 2.5 is above 2.'],
    ['maxTokens', { maxTokens: '1.5' }, 'Max tokens must be a positive whole number, such as 1024; “1.5” is not one.'],
    ['maxTokens', { maxTokens: '0' }, 'Max tokens must be a positive whole number, such as 1024; 0 is not above 0.'],
    ['maxTokens', { maxTokens: '99999999999999999999' }, 'Max tokens must be a positive whole number, such as 1024; 99999999999999999999 is too large.']
  ] as const)('refuses a bad %s with a message that says what is wrong (%j)', (field, fields, message) => {
    expect(checkSessionSettingsDraft(draft(fields))).toEqual({ ok: false, errors: { [field]: message } })
  })

  it('takes the bounds themselves', () => {
    expect(checkSessionSettingsDraft(draft({ temperature: '0', maxTokens: '1' }))).toEqual({ ok: true, settings: { temperature: 0, maxTokens: 1 } })
    expect(checkSessionSettingsDraft(draft({ temperature: '2' }))).toEqual({ ok: true, settings: { temperature: 2 } })
  })

  it('reads back what the host reports as the same fields', () => {
    const view = { settings: { temperature: 0.3, maxTokens: 64, disabledTools: ['Glob'] }, basePrompt: 'Base.', tools: [{ name: 'Bash', enabled: true }, { name: 'Glob', enabled: false }], unsupported: {} }
    const fields = toSessionSettingsDraft(view)
    expect(fields).toEqual({ systemPromptAddition: '', temperature: '0.3', maxTokens: '64', tools: { Bash: true, Glob: false } })
    expect(checkSessionSettingsDraft(fields)).toEqual({ ok: true, settings: view.settings })
  })
})
