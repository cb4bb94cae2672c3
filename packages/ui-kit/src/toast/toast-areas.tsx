// The toast areas (Mantine's Notifications: a portal, its transitions and scroll-lock class
// names), loaded when the first toast is shown rather than with every page (issue 21).
import { Notifications } from '@mantine/notifications'

/** The toast areas of spec section 2, top right, five at a time. */
export default function ToastAreas() {
  return <Notifications position="top-right" limit={5} />
}
