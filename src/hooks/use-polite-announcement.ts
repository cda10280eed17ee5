import { useEffect, useRef, useState } from 'react';

/**
 * Text for a polite live region that speaks only when `message` really changed, and at most once
 * per `minGapMs`: a change inside the gap waits, and only the newest one is said when the gap
 * ends. A live tally can move every block; a screen reader should hear it now and then, not
 * every two seconds. The first message (what is on screen on arrival) is not announced.
 */
export function usePoliteAnnouncement(message: string | null, minGapMs = 20_000): string {
  const [spoken, setSpoken] = useState('');
  const last = useRef<{ message: string | null; at: number }>({ message: null, at: 0 });
  useEffect(() => {
    if (message === null) return;
    if (last.current.message === null) {
      last.current = { message, at: 0 };
      return;
    }
    if (message === last.current.message) return;
    const wait = Math.max(0, last.current.at + minGapMs - Date.now());
    const timer = setTimeout(() => {
      last.current = { message, at: Date.now() };
      setSpoken(message);
    }, wait);
    return () => clearTimeout(timer);
  }, [message, minGapMs]);
  return spoken;
}
