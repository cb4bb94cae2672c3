import { createFakeFetch } from '@bonds/api-client/testing'
import { MESSAGES, type NetworkEntry, type ParticipantResult } from '@bonds/domain'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { BuildNetwork } from './build-network.tsx'

const member: ParticipantResult = {
  group: 'Member',
  user_id: 'u-broker',
  client_id: 'c-sec',
  nsccl_code: 'NS123',
  iccl_code: null,
  user_name: 'Bina Broker',
  brand_name: null,
  name: 'Demo Securities',
  is_broker: true,
  is_partner: false,
}
const company: ParticipantResult = { ...member, group: 'Company', user_id: null, user_name: null }

const partner: NetworkEntry = {
  id: 'c-sec',
  kind: 'partner',
  is_partner: true,
  offline_record: false,
  client_id: 'c-sec',
  name: 'Demo Securities',
  brand_name: null,
  nsccl_code: 'NS123',
  iccl_code: null,
  is_broker: true,
  contact_name: null,
  email: null,
  mobile: null,
  members: [{ user_id: 'u-broker', user_name: 'Bina Broker' }],
  created_at: '2026-11-25T05:00:00.000Z',
}

const page = (results: NetworkEntry[]) => ({
  results,
  count: results.length,
  page: 1,
  page_size: 100,
})

const VIEWER = { clientId: 'c-cap', canEdit: true }

describe('BuildNetwork', () => {
  it('searches from 3 characters and groups Members and Companies, each addable', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/clients/', { body: page([]) }, { body: page([partner]) })
      .on(
        'GET',
        'api/chatter/search-trade-participants',
        {
          body: { results: [member, company] },
        },
        {
          body: {
            results: [
              { ...member, is_partner: true },
              { ...company, is_partner: true },
            ],
          },
        },
      )
      .on('POST', 'api/clients/partners/', { status: 201, body: partner })
    renderWithStore(<BuildNetwork viewer={VIEWER} />, { fake })
    expect(await screen.findByText(/No counterparties yet/)).toBeInTheDocument()
    const search = screen.getByRole('textbox', { name: 'Find members and companies' })
    await userEvent.type(search, 'de')
    expect(screen.getByText(MESSAGES.startTyping)).toBeInTheDocument()
    await userEvent.type(search, 'm')
    const members = await screen.findByRole('region', { name: 'Member' })
    expect(within(members).getByText('Bina Broker')).toBeInTheDocument()
    expect(within(members).getByText('Demo Securities · NSCCL NS123')).toBeInTheDocument()
    const companies = screen.getByRole('region', { name: 'Company' })
    expect(
      fake.callsTo('GET', 'api/chatter/search-trade-participants')[0]?.query.get('search_param'),
    ).toBe('dem')

    await userEvent.click(
      within(companies).getByRole('button', { name: 'Add Demo Securities to your network' }),
    )
    await waitFor(() =>
      expect(fake.callsTo('POST', 'api/clients/partners/')[0]?.body).toEqual({
        client_id: 'c-sec',
      }),
    )
    expect(await screen.findByRole('heading', { name: 'Your network (1)' })).toBeInTheDocument()
    expect(
      await within(screen.getByRole('region', { name: 'Member' })).findByText('In network'),
    ).toBeInTheDocument()
  })

  it('searches brokers for the firm when "Brokers only" is on, and says when nothing matches', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/clients/', { body: page([]) })
      .on('GET', 'api/chatter/search-brokers/c-cap', { body: { results: [] } })
    renderWithStore(<BuildNetwork viewer={VIEWER} />, { fake })
    await userEvent.click(screen.getByRole('checkbox', { name: 'Brokers only' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Find members and companies' }), 'zzz')
    expect(await screen.findByText(MESSAGES.noEntitiesFound)).toBeInTheDocument()
  })

  it('removes a counterparty after asking, and lets a viewer read but not change', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/clients/', { body: page([partner]) }, { body: page([]) })
      .on('DELETE', 'api/clients/partners/c-sec/', { status: 204 })
    const { unmount } = renderWithStore(<BuildNetwork viewer={VIEWER} />, { fake })
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Demo Securities from your network' }),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }))
    expect(await screen.findByText(/No counterparties yet/)).toBeInTheDocument()
    unmount()

    const readOnly = createFakeFetch().on('GET', 'api/clients/', { body: page([partner]) })
    renderWithStore(<BuildNetwork viewer={{ ...VIEWER, canEdit: false }} />, { fake: readOnly })
    expect(await screen.findByText('Demo Securities')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Offline record' })).toBeNull()
  })

  it('records an offline counterparty, with the messages of the schema and of the server', async () => {
    const fake = createFakeFetch()
      .on('GET', 'api/clients/', { body: page([]) }, { body: page([]) })
      .on('POST', 'api/clients/offline-records/', {
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'An offline record with this name already exists',
          fields: { name: 'An offline record with this name already exists' },
        },
      })
    renderWithStore(<BuildNetwork viewer={VIEWER} />, { fake })
    await userEvent.click(await screen.findByRole('button', { name: 'Offline record' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add an offline record' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NSCCL code' }), 'ab-12')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to network' }))
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Use letters and digits only (up to 20)')).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/clients/offline-records/')).toHaveLength(0)

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'NSCCL code' }))
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Sahyadri Bank')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to network' }))
    expect(
      await within(dialog).findByText('An offline record with this name already exists'),
    ).toBeInTheDocument()
    expect(fake.callsTo('POST', 'api/clients/offline-records/')[0]?.body).toEqual({
      name: 'Sahyadri Bank',
      nsccl_code: null,
      iccl_code: null,
      contact_name: null,
      email: null,
      mobile: null,
    })
  })
})
