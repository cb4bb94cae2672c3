// @bonds/inventory: the desk's book of bonds (issue 25) for /inventory. Its page and what an app
// needs to compose it; the endpoints and the grid's rules stay inside.

/** /inventory: totals, charts, the positions grid, upload, external trades, start of day, offers. */
export { InventoryPage } from './book/inventory-page.tsx'
export type { InventoryPageProps } from './book/inventory-page.tsx'
/** Who may change the book and offer from it (the server checks again). */
export { inventoryViewer } from './model/viewer.ts'
