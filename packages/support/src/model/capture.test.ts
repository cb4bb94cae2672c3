import { afterEach, describe, expect, it, vi } from 'vitest'
import { captureAreasOf, isIgnoredArea, screenshotTaker, type DrawElement } from './capture.ts'

const toCanvas = vi.fn()
const captureScreenshot = screenshotTaker(toCanvas as unknown as DrawElement)

afterEach(() => {
  document.body.innerHTML = ''
  toCanvas.mockReset()
  vi.restoreAllMocks()
})

function page() {
  document.body.innerHTML = `
    <section data-support-capture="cashflows"><p>Cash flows</p></section>
    <section data-support-capture="calculator">
      <p>Yield</p>
      <div data-support-ignore="market-level"><span>Market 6.60%</span></div>
    </section>
    <section data-support-capture="ticket-detail"></section>`
}

describe('capture areas', () => {
  it('finds a context’s areas in its order, and only its own', () => {
    page()
    expect(captureAreasOf('pricing_cashflow').map((el) => el.dataset.supportCapture)).toEqual([
      'calculator',
      'cashflows',
    ])
    expect(captureAreasOf('counter_rfq')).toEqual([])
  })

  it('filters the ignored areas (and so their children) out of what is drawn', async () => {
    page()
    const ignored = document.querySelector('[data-support-ignore]') as Element
    expect(isIgnoredArea(ignored)).toBe(true)
    expect(isIgnoredArea(ignored.firstChild as Node)).toBe(false)
    toCanvas.mockImplementation(async () =>
      Object.assign(document.createElement('canvas'), { width: 10, height: 5 }),
    )
    // jsdom draws nothing: the sheet's 2-D context is absent, so no image comes back.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
    await expect(captureScreenshot('pricing_cashflow')).resolves.toBeNull()
    expect(toCanvas).toHaveBeenCalledTimes(2)
    const [, options] = toCanvas.mock.calls[0] as [Element, { filter: (node: Node) => boolean }]
    expect(options.filter(ignored)).toBe(false)
    expect(options.filter(document.querySelector('p') as Node)).toBe(true)
  })

  it('takes no screenshot when the page has none of the context’s areas', async () => {
    await expect(captureScreenshot('ticketing')).resolves.toBeNull()
    expect(toCanvas).not.toHaveBeenCalled()
  })
})
