import type { MarketQuote } from '@bonds/domain'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MarketLevel, marketLevelSource } from './market-level.tsx'
import { DISCLOSED_YIELD, LIVE_OFFER, NO_MARKET_QUOTE } from './testing/fixtures.ts'
import { renderSecurity } from './testing/render.tsx'

const ready = (data: MarketQuote) => ({ status: 'ready' as const, data })

describe('MarketLevel', () => {
  it('shows the level, its size and settlement, and gives its yield to the calculator', async () => {
    const onUse = vi.fn()
    renderSecurity(<MarketLevel quote={ready(LIVE_OFFER)} onUse={onUse} />)
    const level = await screen.findByRole('group', { name: 'Market level' })
    expect(level).toHaveTextContent(
      'Best offer (live quote): 7.1200% · price 97.9531 · ₹5 cr · settles 24-Nov-2025',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Use this level' }))
    expect(onUse).toHaveBeenCalledWith({ bondYield: 0.0712, settlementDate: '2025-11-24' })
  })

  it('names an inferred level’s source and date, without a size it does not have', async () => {
    renderSecurity(<MarketLevel quote={ready(DISCLOSED_YIELD)} onUse={() => {}} />)
    expect(await screen.findByRole('group', { name: 'Market level' })).toHaveTextContent(
      'Disclosed yield on 09-Apr-2025: 8.7500% · price 99.1204 · settles 24-Nov-2025',
    )
    expect(
      marketLevelSource({ ...LIVE_OFFER, source: 'TRADE', as_of: '2025-11-20T06:00:00.000Z' }),
    ).toBe('Last traded on 20-Nov-2025')
  })

  it('offers no button for a price-only level', async () => {
    const priceOnly = {
      ...LIVE_OFFER,
      price: { unit_clean_price: 100.25, bond_yield: null, settlement_date: '2025-11-24' },
    }
    renderSecurity(<MarketLevel quote={ready(priceOnly)} onUse={() => {}} />)
    const level = await screen.findByRole('group', { name: 'Market level' })
    expect(level).toHaveTextContent('Best offer (live quote): price 100.2500 · ₹5 cr')
    expect(screen.queryByRole('button', { name: 'Use this level' })).toBeNull()
  })

  it('says when the market has nothing for the bond', async () => {
    renderSecurity(<MarketLevel quote={ready(NO_MARKET_QUOTE)} onUse={() => {}} />)
    expect(
      await screen.findByText('No live offer, trade or disclosed yield for this bond yet.'),
    ).toBeInTheDocument()
    expect(marketLevelSource(NO_MARKET_QUOTE)).toBe('')
  })

  it('shows nothing for a failed lookup, and a skeleton while it runs', async () => {
    const failed = renderSecurity(
      <section aria-label="Calculator">
        <MarketLevel quote={{ status: 'error', error: new Error('x') }} onUse={() => {}} />
      </section>,
    )
    expect(await screen.findByRole('region', { name: 'Calculator' })).toBeEmptyDOMElement()
    failed.unmount()
    renderSecurity(<MarketLevel quote={{ status: 'loading' }} onUse={() => {}} />)
    expect(await screen.findByLabelText('Loading the market level')).toBeInTheDocument()
  })
})
