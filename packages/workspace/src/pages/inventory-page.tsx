// /inventory (premium, inventory.has_inventory_access): the firm's holdings. Upload and offering
// arrive with the inventory issue (issue 25); until then nothing is held, and the page says so.
import { IconPackage } from '@tabler/icons-react'
import { FeaturePage } from './feature-page.tsx'

/** /inventory: the firm's bond holdings. */
export function InventoryPage() {
  return (
    <FeaturePage
      title="Inventory"
      description="Your firm’s bond holdings: upload them, keep their valuation cost and offer them to the market."
      icon={<IconPackage size={26} aria-hidden />}
      empty="No inventory uploaded yet"
      detail="Uploading holdings is not available yet, so nothing is held here. When it is, your uploaded holdings are listed here with their valuation cost, ready to offer to the market."
      next={{ href: '/find', label: 'Search and price a bond meanwhile' }}
    />
  )
}
