import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ForgotPasswordPage } from './forgot-password-page.tsx'
import { renderScreen } from './render-screen.tsx'

describe('/auth/forgot-password', () => {
  it('checks the e-mail with the spec message and sends nothing', async () => {
    const fake = renderScreen(ForgotPasswordPage, '/auth/forgot-password')
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nope')
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
  })

  it('sends the e-mail and the reset page address, then shows the server’s answer', async () => {
    const fake = renderScreen(ForgotPasswordPage, '/auth/forgot-password')
    let release: () => void = () => {}
    fake.on('POST', 'api/reset-password/', async () => {
      await new Promise<void>((resolve) => (release = resolve))
      return Response.json({
        detail: 'If an account exists for this e-mail, a reset link has been sent to it.',
      })
    })
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'dealer@demo.test')
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeDisabled()
    release()
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for this e-mail, a reset link has been sent to it.',
    )
    expect(fake.callsTo('POST', 'api/reset-password/')[0]?.body).toEqual({
      email: 'dealer@demo.test',
      web_url: `${window.location.origin}/auth/reset-password`,
    })
  })

  it('shows a rate-limit refusal in the server’s words', async () => {
    const fake = renderScreen(ForgotPasswordPage, '/auth/forgot-password')
    fake.on('POST', 'api/reset-password/', {
      status: 429,
      body: {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many requests, retry in 1 minute',
      },
    })
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'dealer@demo.test')
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests, retry in 1 minute',
    )
  })

  it('shows the server’s message for the e-mail beside the field', async () => {
    const fake = renderScreen(ForgotPasswordPage, '/auth/forgot-password')
    fake.on('POST', 'api/reset-password/', {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Validation failed',
        fields: { email: 'This e-mail cannot receive a reset link' },
      },
    })
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'dealer@demo.test')
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Validation failed')
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      'This e-mail cannot receive a reset link',
    )
  })
})
