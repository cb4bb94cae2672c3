import { PERMISSIONS, type LoggedInUser } from '@bonds/domain'
import { describe, expect, it } from 'vitest'
import { workspaceViewer } from './viewer.ts'

/** A signed-in user of client-demo with these roles and permissions. */
const user = (roles: string[], permissions: string[] = []) =>
  ({
    user_info: { roles },
    user_accounts: [{ id: 'acc-1', client_id: 'client-demo', status: 'active' }],
    permissions,
  }) as unknown as LoggedInUser

describe('workspaceViewer', () => {
  it('lets a Dealer with trade access edit the network, trade and open trading groups', () => {
    expect(workspaceViewer(user(['clientdealer'], [PERMISSIONS.canTrade]))).toEqual({
      clientId: 'client-demo',
      canEdit: true,
      canTrade: true,
      canOverridePrice: false,
      chatTypes: ['direct', 'group', 'trading group', 'broadcast'],
      roles: ['clientdealer'],
    })
  })

  it('lets only a holder of the price-override permission override the price', () => {
    const holder = user(['clientdealer'], [PERMISSIONS.canTrade, PERMISSIONS.priceOverride])
    expect(workspaceViewer(holder).canOverridePrice).toBe(true)
    expect(workspaceViewer(user(['clientdealer'], [PERMISSIONS.canTrade])).canOverridePrice).toBe(
      false,
    )
  })

  it('gives a Trade Viewer the network to read, no trading groups, no trade without access', () => {
    const viewer = workspaceViewer(user(['clientviewer']))
    expect(viewer).toMatchObject({ canEdit: false, canTrade: false })
    expect(viewer.chatTypes).not.toContain('trading group')
  })

  it('allows nothing before the session is known', () => {
    expect(workspaceViewer(null)).toMatchObject({
      clientId: '',
      canEdit: false,
      canTrade: false,
      canOverridePrice: false,
    })
  })
})
