// The store each app composes once: the API's cache, plus the slices features inject lazily
// (`slice.injectInto(rootReducer)`), so no package imports an app's `RootState`.
import {
  combineSlices,
  configureStore,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit'
import { setupListeners } from '@reduxjs/toolkit/query'
import { useDispatch, useSelector, useStore } from 'react-redux'
import type { ApiClient } from '../client.ts'
import type { TradeSocket } from '../socket/trade-socket.ts'
import { baseApi } from './base-api.ts'
import type { StoreExtra } from './base-query.ts'

/**
 * Slices features add at run time. A feature declares its slice here by module augmentation:
 * `declare module '@bonds/api-client' { interface LazyLoadedSlices extends WithSlice<typeof mySlice> {} }`
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** The root reducer: the API's cache, and every slice a feature injects. */
export const rootReducer = combineSlices(baseApi).withLazyLoadedSlices<LazyLoadedSlices>()

/** The whole state of an app's store. */
export type RootState = ReturnType<typeof rootReducer>

/** Options of createAppStore. */
export interface AppStoreOptions {
  /** The app's API client (every endpoint calls through it). */
  api: ApiClient
  /** Opens the trade socket when a screen subscribes to the stream (its code may load then). */
  openTradeSocket?: () => TradeSocket | Promise<TradeSocket>
  /** Refetch on window focus and on the browser coming back online (not in tests). */
  listen?: boolean
}

/** Create an app's store (once per app; tests make one per test). */
export function createAppStore({ api, openTradeSocket, listen = true }: AppStoreOptions) {
  const extra: StoreExtra = openTradeSocket ? { api, openTradeSocket } : { api }
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(baseApi.middleware),
  })
  if (listen) setupListeners(store.dispatch)
  return store
}

/** An app's store. */
export type AppStore = ReturnType<typeof createAppStore>
/** The store's dispatch, thunks included. */
export type AppDispatch = AppStore['dispatch']
/** A thunk of the app's store. */
export type AppThunk<Result = void> = ThunkAction<Result, RootState, StoreExtra, UnknownAction>

/** `useDispatch` typed for the app's store. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>()
/** `useSelector` typed for the app's state. */
export const useAppSelector = useSelector.withTypes<RootState>()
/** `useStore` typed for the app's store. */
export const useAppStore = useStore.withTypes<AppStore>()
