import { useCallback, useEffect, useRef, useState } from 'react';

/** How long after the last keystroke a note is kept. */
export const NOTE_SAVE_DELAY_MS = 400;

/**
 * A note field that keeps what the student writes as they write it: NOTE_SAVE_DELAY_MS after the last keystroke,
 * when the field loses focus, when the page is left (`pagehide`: a tap on a link, the tab closed) and when the field
 * goes away, so that leaving right after typing loses nothing. `saved` is the note as stored; `save` stores one.
 */
export function useNoteDraft(saved: string, save: (text: string) => void) {
  const [draft, setDraft] = useState<string | null>(null);
  const latest = useRef({ draft, saved, save });
  useEffect(() => {
    latest.current = { draft, saved, save };
  });
  const flush = useCallback(() => {
    const { draft: text, saved: stored, save: store } = latest.current;
    if (text !== null && text !== stored) {
      latest.current = { ...latest.current, saved: text };
      store(text);
    }
  }, []);
  useEffect(() => {
    if (draft === null) return;
    const timer = window.setTimeout(flush, NOTE_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft, flush]);
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);
  return {
    value: draft ?? saved,
    onChange: (text: string) => setDraft(text),
    onBlur: () => {
      flush();
      setDraft(null);
    },
  };
}
