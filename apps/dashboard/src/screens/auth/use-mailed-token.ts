import { useEffect, useRef } from 'react';

/**
 * Runs `use(token)` once for a mailed link's token: such a token works once, and StrictMode runs
 * effects twice.
 */
export function useMailedToken(token: string, use: () => void): void {
  const used = useRef(false);
  useEffect(() => {
    if (!token || used.current) return;
    used.current = true;
    use();
  }, [token, use]);
}
