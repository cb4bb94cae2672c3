// /inventory (premium, inventory.has_inventory_access): the desk's book, from `@bonds/inventory`.
// A basic client never reaches it: the route guard shows the 402 screen (its "Request Upgrade"
// files the inventory request type).
import { useSession } from '@bonds/auth'
import { InventoryPage, inventoryViewer } from '@bonds/inventory'

/** /inventory. */
export function Page() {
  const session = useSession()
  return <InventoryPage viewer={inventoryViewer(session.user)} />
}
