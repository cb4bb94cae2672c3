// How the settings forms report a refused call.
import { toast } from '@bonds/ui-kit'
import { failureMessage, serverFieldErrors } from '../screens/form.ts'

/** The server's field messages, to show beside their fields; without any, the error toast. */
export function fieldErrorsOrToast(failure: unknown): Record<string, string> {
  const fields = serverFieldErrors(failure)
  if (Object.keys(fields).length === 0) {
    void toast.show({ severity: 'error', summary: '', detail: failureMessage(failure) })
  }
  return fields
}
