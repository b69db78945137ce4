import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { runtimeConfig, runtimeConfigReady } from '../runtime-config';
import type { Route } from './+types/app-redirect';

export const meta: Route.MetaFunction = () => [{ title: 'Redirecting to app... | Kaja DNS' }, { name: 'robots', content: 'noindex' }];

/** /auth, /login, /signup, /dashboard and /trial live in the app: send the browser there with the same path and query. */
export default function AppRedirect() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    let current = true;
    void runtimeConfigReady().then(() => {
      const target = `${runtimeConfig().appUrl}${pathname}${search}`;
      // Were the app served from this same address, replacing the page would loop forever.
      if (current && target !== window.location.href) window.location.replace(target);
    });
    return () => {
      current = false;
    };
  }, [pathname, search]);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center" role="status">
      <p className="text-lg">Redirecting to app...</p>
    </div>
  );
}
