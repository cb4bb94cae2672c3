import { createMemoryTokenStore } from '@bonds/api-client'
import { createFakeFetch } from '@bonds/api-client/testing'
import { BondsProvider } from '@bonds/ui-kit'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAppSession } from '../app-session.ts'
import { SessionProvider } from '../react.tsx'
import { LoginPage } from './login-page.tsx'

function renderLogin() {
  const fake = createFakeFetch()
  const { session } = createAppSession({
    notify: vi.fn(),
    tokens: createMemoryTokenStore(),
    fetch: fake.fetch,
  })
  const router = createMemoryRouter([{ path: '/auth/login', element: <LoginPage /> }], {
    initialEntries: ['/auth/login'],
  })
  render(
    <BondsProvider env="test">
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </BondsProvider>,
  )
  return fake
}

describe('/auth/login', () => {
  it('checks the fields with the spec messages and sends nothing', async () => {
    const fake = renderLogin()
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nope')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
  })

  it('shows the server’s message when the sign-in is refused', async () => {
    const fake = renderLogin()
    fake.on('POST', 'api/token/', {
      status: 401,
      body: { statusCode: 401, message: 'No active account found with the given credentials' },
    })
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'dealer@demo.test')
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'wrong-pass1')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No active account found with the given credentials',
    )
  })

  it('asks for the six digits after sending an OTP, with the spec rule', async () => {
    const fake = renderLogin()
    fake.on('POST', 'api/request-otp/', { body: { message: 'OTP sent', resend_after_seconds: 30 } })
    await userEvent.click(screen.getByText('Use OTP'))
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'dealer@demo.test')
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }))
    const otp = await screen.findByRole('textbox', { name: 'OTP' })
    await userEvent.type(otp, '12')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByText('Must be 6 digits')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/request-otp/')[0]?.body).toEqual({
      email: 'dealer@demo.test',
      request_type: 'login',
    })
  })
})

describe('/auth/login: the form’s messages and the OTP sign-in', () => {
  it('keeps a field’s message while it is corrected, until the next submit', async () => {
    const fake = renderLogin()
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()

    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'pass1')
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument()
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
  })

  it('checks the e-mail before sending an OTP, and clears the messages on a change of mode', async () => {
    const fake = renderLogin()
    await userEvent.click(screen.getByText('Use OTP'))
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nope')
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }))
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'OTP' })).not.toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)

    await userEvent.click(screen.getByText('Use password'))
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('nope')
  })

  it('signs in with the code sent, and shows the server’s refusal', async () => {
    const fake = renderLogin()
    fake.on('POST', 'api/request-otp/', { body: { message: 'OTP sent', resend_after_seconds: 30 } })
    fake.on('POST', 'api/token/otp/', {
      status: 401,
      body: { statusCode: 401, message: 'Invalid or expired OTP' },
    })
    await userEvent.click(screen.getByText('Use OTP'))
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'dealer@demo.test')
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }))
    const otp = await screen.findByRole('textbox', { name: 'OTP' })
    await userEvent.type(otp, '123456')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired OTP')
    expect(fake.callsTo('POST', 'api/token/otp/')[0]?.body).toEqual({
      email: 'dealer@demo.test',
      otp: '123456',
    })
  })
})

describe('/auth/login: resending the code and changing the e-mail', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const sent = { body: { message: 'OTP sent', resend_after_seconds: 30 } }

  async function sendCode(user: ReturnType<typeof userEvent.setup>, email = 'dealer@demo.test') {
    await user.click(screen.getByText('Use OTP'))
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), email)
    await user.click(screen.getByRole('button', { name: 'Send OTP' }))
    await screen.findByRole('textbox', { name: 'OTP' })
  }

  it('counts down until the server allows a resend, announcing only its end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const fake = renderLogin()
    fake.on('POST', 'api/request-otp/', sent, sent)
    await sendCode(user)

    const resend = screen.getByRole('button', { name: 'Resend code' })
    expect(resend).toHaveAttribute('aria-disabled', 'true')
    expect(resend).toHaveAccessibleDescription(/You can request a new code in 0:(30|29)/)
    const status = screen.getByRole('status')
    // Pressed early it sends nothing.
    await user.click(resend)
    expect(fake.callsTo('POST', 'api/request-otp/')).toHaveLength(1)

    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(screen.getByText(/You can request a new code in 0:(20|19)/)).toBeInTheDocument()
    // The countdown is not read out as it runs.
    expect(status).toBeEmptyDOMElement()

    await act(() => vi.advanceTimersByTimeAsync(21_000))
    expect(status).toHaveTextContent('You can now request a new code.')
    expect(screen.queryByText(/You can request a new code in/)).not.toBeInTheDocument()
    expect(resend).toHaveAttribute('aria-disabled', 'false')

    await user.click(resend)
    expect(
      await screen.findByText(/We sent a new six-digit code to dealer@demo.test/),
    ).toBeVisible()
    const calls = fake.callsTo('POST', 'api/request-otp/')
    expect(calls).toHaveLength(2)
    expect(calls[1]?.body).toEqual({ email: 'dealer@demo.test', request_type: 'login' })
    // A new wait starts, and the announcement is cleared for the next one.
    expect(screen.getByRole('button', { name: 'Resend code' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  it('shows the server’s refusal of an early resend', async () => {
    const user = userEvent.setup()
    const fake = renderLogin()
    fake.on(
      'POST',
      'api/request-otp/',
      { body: { message: 'OTP sent', resend_after_seconds: 0 } },
      {
        status: 429,
        body: { statusCode: 429, message: 'Please wait 12 seconds before requesting another OTP' },
      },
    )
    await sendCode(user)
    await user.click(screen.getByRole('button', { name: 'Resend code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait 12 seconds before requesting another OTP',
    )
    // The code already sent can still be entered.
    expect(screen.getByRole('textbox', { name: 'OTP' })).toBeEnabled()
  })

  it('goes back to the e-mail to send the code elsewhere', async () => {
    const user = userEvent.setup()
    const fake = renderLogin()
    fake.on('POST', 'api/request-otp/', sent, sent)
    await sendCode(user, 'dealr@demo.test')
    const email = screen.getByRole('textbox', { name: 'E-mail' })
    expect(email).toBeDisabled()
    await user.type(screen.getByRole('textbox', { name: 'OTP' }), '123')

    await user.click(screen.getByRole('button', { name: 'Change e-mail' }))
    expect(email).toBeEnabled()
    await vi.waitFor(() => expect(email).toHaveFocus())
    expect(screen.queryByRole('textbox', { name: 'OTP' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument()

    await user.clear(email)
    await user.type(email, 'dealer@demo.test')
    await user.click(screen.getByRole('button', { name: 'Send OTP' }))
    const otp = await screen.findByRole('textbox', { name: 'OTP' })
    expect(otp).toHaveValue('')
    const form = otp.closest('form') as HTMLElement
    expect(within(form).getByText(/We sent a six-digit code to dealer@demo.test/)).toBeVisible()
    expect(fake.callsTo('POST', 'api/request-otp/').map((call) => call.body)).toEqual([
      { email: 'dealr@demo.test', request_type: 'login' },
      { email: 'dealer@demo.test', request_type: 'login' },
    ])
  })
})
