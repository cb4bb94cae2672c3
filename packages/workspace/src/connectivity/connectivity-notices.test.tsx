import { MESSAGES } from '@bonds/domain'
import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithStore } from '@bonds/ui-kit/testing'
import { ConnectivityNotices, isOffline } from './connectivity-notices.tsx'

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

describe('connectivity notices', () => {
  it('counts offline when the browser is, or the socket after it has connected', () => {
    expect(isOffline(true, 'online')).toBe(false)
    expect(isOffline(true, 'connecting')).toBe(false)
    expect(isOffline(true, 'offline')).toBe(true)
    expect(isOffline(false, 'online')).toBe(true)
  })

  it('opens the socket, says "You are offline" while it is down, then "Connected"', async () => {
    const { sockets } = renderWithStore(<ConnectivityNotices />)
    await waitFor(() => expect(sockets.peers).toHaveLength(1))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
    })
    expect(await screen.findByRole('status', { name: 'Live updates: Live' })).toBeInTheDocument()
    expect(screen.queryByText(MESSAGES.offline)).toBeNull()

    act(() => sockets.last().fail())
    expect(await screen.findByText(MESSAGES.offline)).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Live updates: Offline' })).toBeInTheDocument()

    await waitFor(() => expect(sockets.peers).toHaveLength(2))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
    })
    expect(await screen.findByText(MESSAGES.connected)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText(MESSAGES.offline)).toBeNull())
  })

  it('says "You are offline" when the browser loses the network, whatever the socket says', async () => {
    const { sockets } = renderWithStore(<ConnectivityNotices />)
    await waitFor(() => expect(sockets.peers).toHaveLength(1))
    act(() => {
      sockets.last().accept()
      sockets.last().receive({ type: 'auth_ok', user_id: 'u1' })
    })
    act(() => setOnline(false))
    expect(await screen.findByText(MESSAGES.offline)).toBeInTheDocument()
    act(() => setOnline(true))
    expect(await screen.findByText(MESSAGES.connected)).toBeInTheDocument()
  })
})
