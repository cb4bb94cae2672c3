// A fresh store around a story: screens read the store, and a story scripts the client under it.
import { createAppStore, type ApiClient } from '@bonds/api-client'
import { useState, type ReactNode } from 'react'
import { Provider } from 'react-redux'

/** Props of StoreProvider. */
export interface StoreProviderProps {
  /** The client the store's endpoints call (a story's scripted client). */
  api: ApiClient
  children: ReactNode
}

/** A fresh store over `api` for what it wraps (stories of screens that read the store). */
export function StoreProvider({ api, children }: StoreProviderProps) {
  const [store] = useState(() => createAppStore({ api, listen: false }))
  return <Provider store={store}>{children}</Provider>
}
