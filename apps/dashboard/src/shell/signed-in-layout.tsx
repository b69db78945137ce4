import {
  Button,
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '@kaja/ui';
import { LogOut } from 'lucide-react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { type Session, useSignOut } from '../api/session';
import { type NavigationEntry, navigation } from './navigation';
import { RequireSession } from './require-session';
import { ThemeToggle } from './theme-toggle';

function NavigationLink({ to, label, icon: Icon }: NavigationEntry) {
  const { setOpenMobile } = useSidebar();
  return (
    <NavLink to={to} end={to === '/account'} onClick={() => setOpenMobile(false)}>
      {({ isActive }) => (
        <SidebarMenuButton asChild isActive={isActive}>
          <span>
            <Icon aria-hidden />
            <span>{label}</span>
          </span>
        </SidebarMenuButton>
      )}
    </NavLink>
  );
}

const enrolmentPath = '/account/security';

function SignedInShell({ session }: { session: Session }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Until someone who must use two-step sign-in has set it up, the dashboard is the security screen only.
  if (session.two_factor_enrolment_required && pathname !== enrolmentPath) return <Navigate to={enrolmentPath} replace />;
  return (
    <SidebarProvider>
      <Sidebar label="Dashboard navigation">
        <SidebarContent>
          <div className="px-3 py-4 text-lg font-semibold group-data-[collapsible=icon]:px-0 group-data-[collapsible=icon]:text-center">
            <span className="group-data-[collapsible=icon]:sr-only">Kaja DNS</span>
            {/* The name does not fit the icons' width: its initial stands for it there. */}
            <span aria-hidden className="hidden group-data-[collapsible=icon]:inline">
              K
            </span>
          </div>
          <nav aria-label="Main">
            <SidebarGroup>
              <SidebarMenu>
                {navigation
                  .filter((entry) => !session.two_factor_enrolment_required || entry.to === enrolmentPath)
                  .filter((entry) => !entry.staffOnly || session.user.is_staff)
                  .map((entry) => (
                    <SidebarMenuItem key={entry.to}>
                      <NavigationLink {...entry} />
                    </SidebarMenuItem>
                  ))}
              </SidebarMenu>
            </SidebarGroup>
          </nav>
        </SidebarContent>
      </Sidebar>
      <SidebarInset>
        <header className="flex items-center gap-2 border-b border-border px-4 py-2">
          <SidebarTrigger />
          <p className="min-w-0 flex-1 truncate text-sm text-muted-foreground">
            Welcome, <span className="font-medium text-foreground">{session.user.email}</span>
          </p>
          <ThemeToggle />
          <Button variant="ghost" size="sm" onClick={() => void signOut().then(() => navigate('/auth', { replace: true }))}>
            <LogOut aria-hidden />
            Sign out
          </Button>
        </header>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8">
          <Outlet context={session} />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}

/** Every signed-in screen: the navigation beside it, the user and sign-out above it. */
export function SignedInLayout() {
  return <RequireSession>{(session) => <SignedInShell session={session} />}</RequireSession>;
}
