import { useEffect } from 'react';
import { runtimeConfig, runtimeConfigReady } from '../runtime-config';

/** /auth, /login, /signup, /dashboard and /trial live in the app: sends the browser there with the same path and query. */
export function AppRedirect() {
  useEffect(() => {
    let current = true;
    void runtimeConfigReady().then(() => {
      const { pathname, search } = window.location;
      const target = `${runtimeConfig().appUrl}${pathname}${search}`;
      // Were the app served from this same address, replacing the page would loop forever.
      if (current && target !== window.location.href) window.location.replace(target);
    });
    return () => {
      current = false;
    };
  }, []);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center" role="status">
      <p className="text-lg">Redirecting to app...</p>
    </div>
  );
}
