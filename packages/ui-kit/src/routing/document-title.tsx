// The browser tab's title: every page names itself (issue 16), so a user with ten tabs open, their
// history and a screen reader's page announcement all say where they are.
import { useEffect } from 'react'
import { documentTitle } from '@bonds/domain'

/**
 * Sets the tab's title to `page` · Bonds Workspace while the caller is on screen; undefined leaves
 * it as it is (a record still loading keeps the title the server sent).
 */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    if (page !== undefined) document.title = documentTitle(page)
  }, [page])
}

/** useDocumentTitle as an element, for routes and error screens that render no hook of their own. */
export function DocumentTitle({ page }: { page: string | undefined }) {
  useDocumentTitle(page)
  return null
}
