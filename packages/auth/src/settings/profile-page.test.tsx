import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ProfilePage } from './profile-page.tsx'
import { opsAdmin } from '../testing/users.ts'
import { renderSettings } from './render-settings.tsx'

describe('/profile', () => {
  it('shows the user’s details with role display names', async () => {
    await renderSettings(ProfilePage)
    expect(screen.getByText('opsadmin@demo.test')).toBeInTheDocument()
    expect(screen.getByText('Ops Admin')).toBeInTheDocument()
    expect(screen.getByText('Demo Capital')).toBeInTheDocument()
  })

  it('mutes the chat’s and the toasts’ sounds, kept in this browser', async () => {
    await renderSettings(ProfilePage)
    const mute = screen.getByRole('switch', { name: /^Mute sounds/ })
    expect(mute).not.toBeChecked()
    await userEvent.click(mute)
    expect(mute).toBeChecked()
    expect(localStorage.getItem('bonds-sound-muted')).toBe('true')
  })

  it('checks the new password before sending and shows a wrong current password', async () => {
    const fake = await renderSettings(ProfilePage)
    await userEvent.type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'abc')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(screen.getByText('Current password is required')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/change-password/u-admin/')).toHaveLength(0)

    await userEvent.type(screen.getByLabelText(/^Current password/, { selector: 'input' }), 'x')
    const next = screen.getByLabelText(/^New password/, { selector: 'input' })
    await userEvent.clear(next)
    await userEvent.type(next, 'Brandnew123')
    await userEvent.type(
      screen.getByLabelText(/^Confirm password/, { selector: 'input' }),
      'Brandnew123',
    )
    fake.on('POST', 'api/change-password/u-admin/', {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The current password is wrong',
        fields: { old_password: 'The current password is wrong' },
      },
    })
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/change-password/u-admin/')[0]?.body).toEqual({
      old_password: 'x',
      new_password1: 'Brandnew123',
      new_password2: 'Brandnew123',
    })
  })

  it('saves a security preference at once and puts the switch back when saving fails', async () => {
    const fake = await renderSettings(ProfilePage, opsAdmin())
    const alerts = screen.getByRole('switch', { name: 'E-mail me whenever my account signs in' })
    fake.on('POST', 'api/chatter/user/security-preference', {
      body: { preferences: { sign_in_alerts: true } },
    })
    fake.on('GET', 'api/session/', { body: opsAdmin() })
    await userEvent.click(alerts)
    expect(alerts).toBeChecked()
    expect(fake.callsTo('POST', 'api/chatter/user/security-preference')[0]?.body).toEqual({
      preferences: { sign_in_alerts: true },
    })
    fake.on('POST', 'api/chatter/user/security-preference', { status: 500, body: null })
    await userEvent.click(alerts)
    await screen.findByRole('switch', { checked: true })
  })
})
