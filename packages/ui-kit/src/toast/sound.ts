import errorSound from '../assets/error.wav'
import successSound from '../assets/success.wav'

/** Local-storage key of the mute setting for toast sounds. */
export const SOUND_MUTE_STORAGE_KEY = 'bonds-sound-muted'

/** Whether toast sounds are muted (persisted per browser). */
export function isSoundMuted(): boolean {
  try {
    return window.localStorage.getItem(SOUND_MUTE_STORAGE_KEY) === 'true'
  } catch {
    return false
  }
}

/** Mute or unmute toast sounds. */
export function setSoundMuted(muted: boolean): void {
  window.localStorage.setItem(SOUND_MUTE_STORAGE_KEY, String(muted))
}

/** Play the success or error sound unless muted; a browser that blocks autoplay is ignored. */
export function playSound(kind: 'success' | 'error'): void {
  if (isSoundMuted() || typeof Audio === 'undefined') return
  try {
    const audio = new Audio(kind === 'success' ? successSound : errorSound)
    void audio.play()?.catch(() => undefined)
  } catch {
    // jsdom and locked-down browsers cannot play audio; the toast still shows.
  }
}
