// A store for stories whose GETs answer from a table of paths (made once per story), so a screen
// that refetches keeps its answers.
import { createFakeFetch, type FakeAnswer } from '@bonds/api-client/testing'
import { createTestStore } from './render-with-store.tsx'
import { useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'

/** `METHOD path` → the answer every call to it gets. */
export type StoryAnswers = Record<string, FakeAnswer>

/** Props of WithAnswers. */
export interface WithAnswersProps {
  answers: StoryAnswers
  children: ReactNode
}

/** A fresh store whose calls answer from `answers` (any call, as often as it is made). */
export function WithAnswers({ answers, children }: WithAnswersProps) {
  const [{ store }] = useState(() => {
    const fake = createFakeFetch()
    for (const [key, answer] of Object.entries(answers)) {
      const [method = 'GET', path = ''] = key.split(' ')
      fake.on(method, path, ...Array.from({ length: 100 }, () => answer))
    }
    return createTestStore({ fake })
  })
  return <Provider store={store}>{children}</Provider>
}
