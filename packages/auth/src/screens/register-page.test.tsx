import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { RegisterPage } from './register-page.tsx'
import { renderScreen } from './render-screen.tsx'

const INVITE = {
  email: 'new.dealer@demo.test',
  first_name: 'Nisha',
  last_name: null,
  client_name: 'Demo Capital',
  client_type: 'CORP',
  status: 'invited',
}
const gone = {
  status: 410,
  body: { statusCode: 410, error: 'Gone', message: 'Invitation URL invalid' },
}

describe('/client/register', () => {
  it('shows the 410 screen without an invitation code, asking nothing of the server', async () => {
    const fake = renderScreen(RegisterPage, '/client/register')
    expect(await screen.findByText('Invitation URL invalid')).toBeInTheDocument()
    expect(fake.calls).toHaveLength(0)
  })

  it('checks the invitation first and shows the 410 screen when it cannot be used', async () => {
    const fake = renderScreen(RegisterPage, '/client/register?invite_code=spent', (f) =>
      f.on('POST', 'api/client/user/invite/validate/', gone),
    )
    expect(await screen.findByText('Invitation URL invalid')).toBeInTheDocument()
    expect(screen.getByText('If the problem persists, please contact us')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/client/user/invite/validate/')[0]?.body).toEqual({
      invite_code: 'spent',
    })
  })

  it('offers a retry when the check itself fails', async () => {
    const fake = renderScreen(RegisterPage, '/client/register?invite_code=c1', (f) =>
      f.on('POST', 'api/client/user/invite/validate/', 'network-error'),
    )
    expect(await screen.findByText('The invitation could not be checked')).toBeInTheDocument()
    fake.on('POST', 'api/client/user/invite/validate/', { body: INVITE })
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: /Join Demo Capital/ })).toBeInTheDocument()
  })

  it('validates with the spec messages, then registers with the invitation and signs in', async () => {
    const fake = renderScreen(RegisterPage, '/client/register?invite_code=c1', (f) =>
      f.on('POST', 'api/client/user/invite/validate/', { body: INVITE }),
    )
    await screen.findByRole('heading', { name: /Join Demo Capital/ })
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Nisha')
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('new.dealer@demo.test')

    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'R3ddy')
    await userEvent.type(screen.getByRole('textbox', { name: 'Mobile' }), '12345')
    await userEvent.type(screen.getByRole('textbox', { name: 'PAN' }), 'abc')
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(screen.getByText('Should not contain special characters.')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid Phone number.')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid PAN (10 Digits).')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/client/register/')).toHaveLength(0)

    const lastName = screen.getByRole('textbox', { name: 'Last name' })
    await userEvent.clear(lastName)
    await userEvent.type(lastName, 'Reddy')
    const mobile = screen.getByRole('textbox', { name: 'Mobile' })
    await userEvent.clear(mobile)
    await userEvent.type(mobile, '9876543210')
    const pan = screen.getByRole('textbox', { name: 'PAN' })
    await userEvent.clear(pan)
    await userEvent.type(pan, 'abcde1234f')
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Welcome123')
    await userEvent.type(
      screen.getByLabelText(/^Confirm password/, { selector: 'input' }),
      'Welcome123',
    )
    fake.on('POST', 'api/client/register/', {
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'An account with this e-mail already exists',
        fields: { 'contact.email': 'An account with this e-mail already exists' },
      },
    })
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this e-mail already exists',
    )
    expect(fake.callsTo('POST', 'api/client/register/')[0]?.body).toEqual({
      invite_code: 'c1',
      auth_mode: 'password',
      pan: 'ABCDE1234F',
      password: 'Welcome123',
      identity: { first_name: 'Nisha', last_name: 'Reddy' },
      client_type: 'CORP',
      category: null,
      corporate_identity: { name: 'Demo Capital' },
      contact: { email: 'new.dealer@demo.test', mobile: '9876543210', whatsapp_consent: false },
    })
  })

  it('asks an individual for a category and a matching confirmation, with the server’s field messages beside their fields', async () => {
    const fake = renderScreen(RegisterPage, '/client/register?invite_code=c2', (f) =>
      f.on('POST', 'api/client/user/invite/validate/', {
        body: { ...INVITE, last_name: 'Reddy', client_type: 'INDV' },
      }),
    )
    await screen.findByRole('heading', { name: /Join Demo Capital/ })
    await userEvent.type(screen.getByRole('textbox', { name: 'Mobile' }), '9876543210')
    await userEvent.type(screen.getByRole('textbox', { name: 'PAN' }), 'abcde1234f')
    expect(screen.getByRole('textbox', { name: 'PAN' })).toHaveValue('ABCDE1234F')
    const password = screen.getByLabelText(/^Password/, { selector: 'input' })
    const confirm = screen.getByLabelText(/^Confirm password/, { selector: 'input' })
    await userEvent.type(password, 'Welcome123')
    await userEvent.type(confirm, 'Welcome12')
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(screen.getByText('Category is required')).toBeInTheDocument()
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/client/register/')).toHaveLength(0)

    await userEvent.click(screen.getByRole('combobox', { name: 'Category' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Retail' }))
    await userEvent.type(confirm, '3')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Send me updates on WhatsApp' }))
    fake.on('POST', 'api/client/register/', {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Some details need a second look',
        fields: { 'contact.mobile': 'This mobile number is already registered' },
      },
    })
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Some details need a second look')
    expect(screen.getByRole('textbox', { name: 'Mobile' })).toHaveAccessibleDescription(
      'This mobile number is already registered',
    )
    expect(screen.queryByText('Category is required')).not.toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/client/register/')[0]?.body).toEqual({
      invite_code: 'c2',
      auth_mode: 'password',
      pan: 'ABCDE1234F',
      password: 'Welcome123',
      identity: { first_name: 'Nisha', last_name: 'Reddy' },
      client_type: 'INDV',
      category: 'RTL',
      corporate_identity: null,
      contact: { email: 'new.dealer@demo.test', mobile: '9876543210', whatsapp_consent: true },
    })
  })
})
