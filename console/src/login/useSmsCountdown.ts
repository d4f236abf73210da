import { useEffect, useState } from 'react';

/** The SMS button's three states: never sent, counting down, resend. */
export function useSmsCountdown() {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const start = (seconds: number) => {
    setSent(true);
    setSecondsLeft(seconds);
  };
  return { secondsLeft, sent, start };
}
