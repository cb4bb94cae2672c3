import { useEffect } from 'react'
import { renderToString } from 'react-dom/server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { mountApp } from './mount-app.tsx'

/** Milliseconds each slow part of the page keeps the main thread (well past React's 5 ms slice). */
const SLOW_PART_MS = 20

// React's own scheduler, as in the browser: inside act() React would run the work queued in it in
// one go, which is what this test must tell apart from slices.
const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT') as unknown
beforeAll(() => Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false))
afterAll(() => Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment))

let log: string[] = []
let committed = false
let unmount: (() => void) | undefined
afterEach(() => {
  unmount?.()
  unmount = undefined
  log = []
  committed = false
})

/** A part of the page whose render keeps the thread busy, as a large table or form does. */
function SlowPart({ name }: { name: string }) {
  if (!log.includes(name)) {
    log.push(name)
    // The browser's turn, asked for while the first part renders.
    const into = log
    if (name === 'first') setTimeout(() => into.push('browser'), 0)
    const until = performance.now() + SLOW_PART_MS
    while (performance.now() < until) {
      // busy, as rendering is
    }
  }
  return <p>{name}</p>
}

/** Marks the page committed (its effects run once hydration or the first render is done). */
function Committed() {
  useEffect(() => {
    committed = true
  }, [])
  return null
}

function Page() {
  return (
    <main>
      <SlowPart name="first" />
      <SlowPart name="second" />
      <SlowPart name="third" />
      <Committed />
    </main>
  )
}

/** Wait until the page is committed (each part rendered in its own slice in a transition). */
async function rendered(): Promise<void> {
  for (let i = 0; i < 200 && !committed; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('mountApp', () => {
  it('hydrates a prerendered first view, keeping its elements, in slices the browser gets turns between', async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Page />)
    document.body.append(container)
    const main = container.querySelector('main')
    log = []

    const root = mountApp(<Page />, { container, hydrate: true })
    unmount = () => root.unmount()
    await rendered()

    expect(container.querySelector('main')).toBe(main)
    expect(container.textContent).toBe('firstsecondthird')
    // Hydrated in one task, the browser's turn would come only after the third part.
    expect(log.indexOf('browser')).toBeGreaterThan(log.indexOf('first'))
    expect(log.indexOf('browser')).toBeLessThan(log.indexOf('third'))
  })

  it('renders afresh, also in slices, when there is no first view', async () => {
    const container = document.createElement('div')
    document.body.append(container)

    const root = mountApp(<Page />, { container })
    unmount = () => root.unmount()
    await rendered()

    expect(container.textContent).toBe('firstsecondthird')
    expect(log.indexOf('browser')).toBeLessThan(log.indexOf('third'))
  })
})
