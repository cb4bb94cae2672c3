import { MindPreviewScreen } from '@bonds/analyst'
import { SupportButton } from '@bonds/support'

/** /mind/preview: what mind does; sign in, or request access through support. */
export function Page() {
  return (
    <MindPreviewScreen
      requestAccess={
        <SupportButton label="Request access" initialType="access" variant="default" />
      }
    />
  )
}
