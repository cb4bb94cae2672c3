import { MindChatScreen } from '@bonds/analyst'

/** /mind: a new chat beside the researcher's history. */
export function Page() {
  return <MindChatScreen />
}
