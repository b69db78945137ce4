import {
  Activity,
  Bug,
  CircleUser,
  CreditCard,
  Globe,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  ScrollText,
  ShieldCheck,
  Users,
  Webhook,
} from 'lucide-react';

/** `staffOnly`: shown to platform staff only (the API refuses everyone else the data anyway). */
export type NavigationEntry = { to: string; label: string; icon: LucideIcon; staffOnly?: boolean };

/** The signed-in navigation, in order: a new screen adds its entry here. */
export const navigation: NavigationEntry[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/zones', label: 'Zones', icon: Globe },
  { to: '/api-keys', label: 'API keys', icon: KeyRound },
  { to: '/webhooks', label: 'Webhooks', icon: Webhook },
  { to: '/team', label: 'Team', icon: Users },
  { to: '/audit-log', label: 'Audit log', icon: ScrollText },
  { to: '/billing', label: 'Billing', icon: CreditCard },
  { to: '/account', label: 'Account', icon: CircleUser },
  { to: '/account/security', label: 'Security', icon: ShieldCheck },
  { to: '/errors', label: 'Errors', icon: Bug, staffOnly: true },
  { to: '/status', label: 'Status', icon: Activity, staffOnly: true },
];
