// @bonds/bonds/search: the bond search input alone, for a screen that loads it when a form first
// shows it (dart's workspace, issue 21); the rest of the package is `.`.

/** The bond search input: 3+ characters, debounced, stale requests cancelled, keyboard picks. */
export { BondSearch } from './bond-search.tsx'
