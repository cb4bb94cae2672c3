import { MindPublicScreen } from '@bonds/analyst'
import { useParams } from 'react-router'

/** /mind/public/{id}: a conversation someone shared, read-only. */
export function Page() {
  const { id = '' } = useParams()
  return <MindPublicScreen key={id} publicId={id} />
}
