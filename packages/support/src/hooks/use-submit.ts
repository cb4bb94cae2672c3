// The calls a modal submits with, and who is asking (the signed-in account, if any).
import { useShellAccount } from '@bonds/ui-kit'
import { useMemo } from 'react'
import {
  holdFile,
  useCreateSupportTicketMutation,
  useUploadSupportFileMutation,
} from '../api/support.ts'
import type { SubmitCalls } from '../model/submit.ts'

/** Upload and create, through the support endpoints. */
export function useSubmitCalls(): SubmitCalls & { busy: boolean } {
  const [upload, uploading] = useUploadSupportFileMutation()
  const [create, creating] = useCreateSupportTicketMutation()
  return useMemo(
    () => ({
      upload: (file: Blob, name: string) => upload({ key: holdFile(file), name }).unwrap(),
      create: (ticket) => create(ticket).unwrap(),
      busy: uploading.isLoading || creating.isLoading,
    }),
    [upload, create, uploading.isLoading, creating.isLoading],
  )
}

/** The signed-in account's name and e-mail, or null when signed out (the form asks for them). */
export function useSignedInContact(): { name: string; email: string } | null {
  const state = useShellAccount()
  return state?.status === 'signed-in'
    ? { name: state.account.name, email: state.account.email }
    : null
}
