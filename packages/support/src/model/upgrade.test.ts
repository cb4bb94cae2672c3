import { createFakeFetch } from '@bonds/api-client/testing'
import type { LoggedInUser } from '@bonds/domain'
import { createTestStore } from '@bonds/ui-kit/testing'
import { describe, expect, it, vi } from 'vitest'
import { createErrorReporter } from './error-reporting.ts'
import { createUpgradeRequest, upgradeFormType } from './upgrade.ts'

const user = {
  user_info: { email: 'dealer@demo.test', first_name: 'Dev', last_name: 'Dealer' },
  name: 'Demo Capital',
  client_tier: 'BASIC',
} as unknown as LoggedInUser

describe('createUpgradeRequest', () => {
  it('files the access request for the page’s feature and toasts spec section 8’s text once', async () => {
    const answer = {
      id: 5,
      ticket_type_id: 4,
      provider_type_id: 4,
      created_at: '2026-11-26T07:05:00.000Z',
      already_requested: false,
    }
    const fake = createFakeFetch().on(
      'POST',
      'ext/tickets/',
      { body: answer },
      { body: { ...answer, already_requested: true } },
    )
    const { store } = createTestStore({ fake })
    const notify = vi.fn()
    const request = createUpgradeRequest({ store, user: async () => user, notify })
    await expect(request('/inventory?tab=holdings')).resolves.toEqual({
      requestedAt: answer.created_at,
      alreadyRequested: false,
    })
    expect(fake.callsTo('POST', 'ext/tickets/')[0]?.body).toEqual({
      ticket_type_id: 4,
      contacts: [{ email: 'dealer@demo.test', name: 'Dev Dealer' }],
      ticket_attributes: {
        form_type: 'INVENTORY_ACCESS',
        page: '/inventory?tab=holdings',
        client: 'Demo Capital',
        client_tier: 'BASIC',
      },
    })
    await request('/inventory')
    expect(notify.mock.calls).toEqual([
      ['success', 'Your request has been noted. We will update you shortly via email.'],
    ])
  })

  it('answers undefined with the failure text when the call fails', async () => {
    const fake = createFakeFetch().on('POST', 'ext/tickets/', 'network-error')
    const { store } = createTestStore({ fake })
    const notify = vi.fn()
    await expect(
      createUpgradeRequest({ store, user: async () => null, notify })('/dart'),
    ).resolves.toBeUndefined()
    expect(notify).toHaveBeenCalledWith(
      'error',
      'Error creating intercom ticket: Something went wrong, Please try again.',
    )
  })

  it('uses the inventory form type on /inventory only', () => {
    expect(upgradeFormType('/inventory')).toBe('INVENTORY_ACCESS')
    expect(upgradeFormType('/market')).toBe('REQUEST_ACCESS')
  })
})

describe('createErrorReporter', () => {
  it('reports an error with the page’s url once a minute, at most 20 a page', async () => {
    const fake = createFakeFetch()
    for (let i = 0; i < 25; i += 1)
      fake.on('POST', 'ext/public/client-errors/', { body: { id: i, user: null } })
    const { store } = createTestStore({ fake })
    let now = 0
    const reporter = createErrorReporter(store, () => now)
    reporter.report(new Error('boom'), 'render', 'at Page')
    reporter.report(new Error('boom'), 'render')
    await vi.waitFor(() =>
      expect(fake.callsTo('POST', 'ext/public/client-errors/')).toHaveLength(1),
    )
    expect(fake.callsTo('POST', 'ext/public/client-errors/')[0]?.body).toMatchObject({
      message: 'boom',
      url: '/',
      source: 'render',
      component_stack: 'at Page',
    })
    for (let i = 0; i < 30; i += 1) {
      now += 61_000
      reporter.report(new Error(`e${i}`), 'window')
    }
    await vi.waitFor(() =>
      expect(fake.callsTo('POST', 'ext/public/client-errors/')).toHaveLength(20),
    )
  })
})
