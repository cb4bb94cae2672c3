import { MindChatScreen } from '@bonds/analyst'
import { useParams } from 'react-router'

/** /mind/chat/{id}: one conversation, continued, renamed, deleted or shared. */
export function Page() {
  const { id = '' } = useParams()
  return <MindChatScreen key={id} chatId={id} />
}
