import { createMemoryTokenStore } from '@bonds/api-client'
import { createFakeFetch } from '@bonds/api-client/testing'
import { BondsProvider } from '@bonds/ui-kit'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
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
    fake.on('POST', 'api/request-otp/', { body: { message: 'OTP sent' } })
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
