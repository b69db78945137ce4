import { Navigate, type RouteObject } from 'react-router';
import { Root } from './root';
import { RouteError } from './shell/route-error';

// Each screen lives in its own folder under screens/ (route component, data hooks, test) and is
// loaded when first visited, so the first screen's JavaScript stays small.
const screen = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'auth', ...screen(() => import('./screens/auth/route')) },
      { path: 'login', ...screen(() => import('./screens/auth/route')) },
      { path: 'signup', ...screen(() => import('./screens/auth/route')) },
      { path: 'auth/forgot-password', ...screen(() => import('./screens/auth/forgot-password')) },
      { path: 'auth/reset-password', ...screen(() => import('./screens/auth/reset-password')) },
      { path: 'auth/verify-email', ...screen(() => import('./screens/auth/verify-email')) },
      { path: 'auth/sign-in-link', ...screen(() => import('./screens/auth/sign-in-link')) },
      { path: 'invitations/accept', ...screen(() => import('./screens/invitations/accept')) },
      {
        // Loaded with the first signed-in screen: the sign-in screen needs none of the shell.
        lazy: async () => ({ Component: (await import('./shell/signed-in-layout')).SignedInLayout }),
        children: [
          { path: 'dashboard', ...screen(() => import('./screens/home/route')) },
          { path: 'trial', ...screen(() => import('./screens/trial/route')) },
          { path: 'zones', ...screen(() => import('./screens/zones/route')) },
          { path: 'zones/:zoneId', ...screen(() => import('./screens/zone/route')) },
          { path: 'zones/:zoneId/delegation', ...screen(() => import('./screens/zone-delegation/route')) },
          { path: 'zones/:zoneId/dnssec', ...screen(() => import('./screens/zone-dnssec/route')) },
          { path: 'zones/:zoneId/history', ...screen(() => import('./screens/zone-history/route')) },
          { path: 'zones/:zoneId/zone-file', ...screen(() => import('./screens/zone-file/route')) },
          { path: 'zones/:zoneId/tsig-keys', ...screen(() => import('./screens/zone-tsig/route')) },
          { path: 'zones/:zoneId/analytics', ...screen(() => import('./screens/zone-analytics/route')) },
          { path: 'api-keys', ...screen(() => import('./screens/api-keys/route')) },
          { path: 'webhooks', ...screen(() => import('./screens/webhooks/route')) },
          { path: 'webhooks/:endpointId', ...screen(() => import('./screens/webhooks/endpoint')) },
          { path: 'team', ...screen(() => import('./screens/team/route')) },
          { path: 'account', ...screen(() => import('./screens/account/route')) },
          { path: 'account/security', ...screen(() => import('./screens/security/route')) },
          { path: 'audit-log', ...screen(() => import('./screens/audit-log/route')) },
          { path: 'billing', ...screen(() => import('./screens/billing/route')) },
          { path: 'errors', ...screen(() => import('./screens/errors/route')) },
          { path: 'errors/:issueId', ...screen(() => import('./screens/errors/issue')) },
          { path: 'customers', ...screen(() => import('./screens/customers/route')) },
          { path: 'customers/:customerId', ...screen(() => import('./screens/customers/customer')) },
          { path: 'support-requests', ...screen(() => import('./screens/support-requests/route')) },
          { path: 'support-requests/:requestId', ...screen(() => import('./screens/support-requests/request')) },
          { path: 'status', ...screen(() => import('./screens/status/route')) },
          { path: 'analytics', ...screen(() => import('./screens/analytics/route')) },
        ],
      },
      { path: '*', ...screen(() => import('./screens/not-found/route')) },
    ],
  },
];
