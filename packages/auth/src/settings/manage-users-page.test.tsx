import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ManageUsersPage } from './manage-users-page.tsx'
import { renderSettings } from './render-settings.tsx'

const ROWS = [
  {
    id: 'u-dealer',
    email: 'dealer@demo.test',
    first_name: 'Dev',
    last_name: 'Dealer',
    mobile: '9800000100',
    roles: ['clientdealer'],
    status: 'active',
    invited_at: null,
  },
  {
    id: 'inv-1',
    email: 'new.person@demo.test',
    first_name: '',
    last_name: '',
    mobile: '',
    roles: ['clientviewer'],
    status: 'invited',
    invited_at: '2026-11-20T10:00:00.000Z',
  },
]

describe('/manage-users', () => {
  it('lists users and invitations with role names and statuses', async () => {
    await renderSettings(ManageUsersPage, undefined, (f) =>
      f.on('GET', 'api/useraccounts/', { body: ROWS }),
    )
    const table = await screen.findByRole('table')
    expect(within(table).getByText('dealer@demo.test')).toBeInTheDocument()
    expect(within(table).getByText('Dealer')).toBeInTheDocument()
    expect(within(table).getByText('Trade Viewer')).toBeInTheDocument()
    expect(within(table).getByText('invited')).toBeInTheDocument()
  })

  it('invites with the spec messages first, then sends and reloads the list', async () => {
    const fake = await renderSettings(ManageUsersPage, undefined, (f) =>
      f.on('GET', 'api/useraccounts/', { body: ROWS }),
    )
    await screen.findByRole('table')
    await userEvent.click(screen.getByRole('button', { name: 'Invite user' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'bad')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    expect(within(dialog).getByText('Please enter a valid email address.')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/client/user/invite/')).toHaveLength(0)

    const email = within(dialog).getByRole('textbox', { name: 'E-mail' })
    await userEvent.clear(email)
    await userEvent.type(email, 'Asha@Demo.test')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Dealer' }))
    fake.on('POST', 'api/client/user/invite/', {
      status: 201,
      body: { id: 'inv-2', email: 'asha@demo.test', status: 'invited' },
    })
    fake.on('GET', 'api/useraccounts/', { body: ROWS })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    await screen.findByRole('table')
    expect(fake.callsTo('POST', 'api/client/user/invite/')[0]?.body).toEqual({
      email: 'Asha@Demo.test',
      roles: ['clientviewer', 'clientdealer'],
    })
    // The invitation invalidates the list, which is fetched again.
    await waitFor(() => expect(fake.callsTo('GET', 'api/useraccounts/')).toHaveLength(2))
  })

  it('revokes an invitation after confirming, and the list no longer shows it', async () => {
    const fake = await renderSettings(ManageUsersPage, undefined, (f) =>
      f.on('GET', 'api/useraccounts/', { body: ROWS }),
    )
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revoke the invitation of new.person@demo.test' }),
    )
    fake.on('POST', 'api/client/user/invite/revoke/', { body: { id: 'inv-1', status: 'revoked' } })
    fake.on('GET', 'api/useraccounts/', { body: ROWS.slice(0, 1) })
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke invitation' }))
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'new.person@demo.test' })).toBeNull(),
    )
    expect(fake.callsTo('POST', 'api/client/user/invite/revoke/')[0]?.body).toEqual({
      invitee_id: 'inv-1',
    })
    expect(fake.callsTo('GET', 'api/useraccounts/')).toHaveLength(2)
  })

  it('changes a user’s roles, and the list shows the new ones', async () => {
    const fake = await renderSettings(ManageUsersPage, undefined, (f) =>
      f.on('GET', 'api/useraccounts/', { body: ROWS }),
    )
    await userEvent.click(
      await screen.findByRole('button', { name: 'Change roles of dealer@demo.test' }),
    )
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Trade Viewer' }))
    fake.on('PUT', 'api/client/user/', { body: { id: 'u-dealer' } })
    fake.on('GET', 'api/useraccounts/', {
      body: [{ ...ROWS[0], roles: ['clientdealer', 'clientviewer'] }, ROWS[1]],
    })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }))
    expect(fake.callsTo('PUT', 'api/client/user/')[0]?.body).toEqual({
      user_id: 'u-dealer',
      roles: ['clientdealer', 'clientviewer'],
    })
    const dealer = (await screen.findByRole('cell', { name: 'dealer@demo.test' })).closest('tr')
    await waitFor(() => expect(dealer).toHaveTextContent('Trade Viewer'))
  })

  it('keeps the last Ops Admin: the server’s refusal shows in the roles dialog', async () => {
    const fake = await renderSettings(ManageUsersPage, undefined, (f) =>
      f.on('GET', 'api/useraccounts/', { body: ROWS }),
    )
    await userEvent.click(
      await screen.findByRole('button', { name: 'Change roles of dealer@demo.test' }),
    )
    const dialog = await screen.findByRole('dialog')
    fake.on('PUT', 'api/client/user/', {
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'A client needs at least one Ops Admin',
        fields: { roles: 'A client needs at least one Ops Admin' },
      },
    })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }))
    expect(
      await within(dialog).findByText('A client needs at least one Ops Admin'),
    ).toBeInTheDocument()
  })
})
