import { PASSWORD_RULE_MESSAGE } from '@bonds/domain'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderScreen } from './render-screen.tsx'
import { RESET_LINK_INVALID, ResetPasswordPage } from './reset-password-page.tsx'

const LINK = '/auth/reset-password?uid=u-1&token=t0k3n'
const newPassword = () => screen.getByLabelText(/^New password/, { selector: 'input' })
const confirmPassword = () => screen.getByLabelText(/^Confirm password/, { selector: 'input' })

describe('/auth/reset-password', () => {
  it('says a link without its token cannot be used and offers a new one', () => {
    renderScreen(ResetPasswordPage, '/auth/reset-password?uid=u-1')
    expect(screen.getByRole('alert')).toHaveTextContent(RESET_LINK_INVALID)
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    )
  })

  it('checks the password rule and the confirmation before sending', async () => {
    const fake = renderScreen(ResetPasswordPage, LINK)
    await userEvent.type(newPassword(), 'short')
    await userEvent.type(confirmPassword(), 'other')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(screen.getAllByText(PASSWORD_RULE_MESSAGE, { exact: false }).length).toBeGreaterThan(1)
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
  })

  it('sets the password with the link’s token and offers sign-in', async () => {
    const fake = renderScreen(ResetPasswordPage, LINK)
    fake.on('POST', 'api/change-password/u-1/', { body: { detail: 'Password changed' } })
    await userEvent.type(newPassword(), 'Newpass123')
    await userEvent.type(confirmPassword(), 'Newpass123')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed')
    expect(fake.callsTo('POST', 'api/change-password/u-1/')[0]?.body).toEqual({
      new_password1: 'Newpass123',
      new_password2: 'Newpass123',
      token: 't0k3n',
    })
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login')
  })

  it('shows a spent link’s refusal and offers a new link', async () => {
    const fake = renderScreen(ResetPasswordPage, LINK)
    fake.on('POST', 'api/change-password/u-1/', {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: RESET_LINK_INVALID,
        fields: { token: RESET_LINK_INVALID },
      },
    })
    await userEvent.type(newPassword(), 'Newpass123')
    await userEvent.type(confirmPassword(), 'Newpass123')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_INVALID)
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument()
  })

  it('shows the server’s field message beside its field', async () => {
    const fake = renderScreen(ResetPasswordPage, LINK)
    fake.on('POST', 'api/change-password/u-1/', {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The password could not be changed',
        fields: { new_password1: 'This password is too common' },
      },
    })
    await userEvent.type(newPassword(), 'Password123')
    await userEvent.type(confirmPassword(), 'Password123')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The password could not be changed')
    expect(newPassword()).toHaveAccessibleDescription(/This password is too common/)
    // The link still works: the form stays.
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument()
  })
})
