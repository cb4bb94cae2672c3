// Stories of screens that read the store: each story gets a fresh store over its own scripted
// client (`parameters.client`, a function so Storybook does not merge two clients). Stories only.
import type { ApiClient } from '@bonds/api-client'
import { StoreProvider } from '@bonds/ui-kit/testing'
import type { Decorator } from '@storybook/react-vite'
import { useState, type ReactNode } from 'react'

/** What a story gives the decorator: the client its store calls. */
export interface StoryStoreParameters {
  client: () => ApiClient
}

function StoryStore({ client, children }: { client: () => ApiClient; children: ReactNode }) {
  const [api] = useState(client)
  return <StoreProvider api={api}>{children}</StoreProvider>
}

/** A fresh store per story over `parameters.client()`. */
export const withStoryStore: Decorator = (Story, { id, parameters }) => (
  <StoryStore key={id} client={(parameters as StoryStoreParameters).client}>
    <Story />
  </StoryStore>
)
