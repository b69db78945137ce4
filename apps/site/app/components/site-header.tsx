import { Button } from '@kaja/ui';
import { Globe, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { signOut, useSession } from '../session';

type NavLink = { label: string; to: string };

const signedOutLinks: NavLink[] = [
  { label: 'Features', to: '/#features' },
  { label: 'Pricing', to: '/#pricing' },
  { label: 'About', to: '/#about' },
  { label: 'Guides', to: '/blog' },
  { label: 'API', to: '/api' },
];

const signedInLinks: NavLink[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Guides', to: '/docs' },
  { label: 'API', to: '/api' },
];

function useHeader() {
  const { data: session } = useSession();
  // The header is an island (decision 054): the landing page is loaded anew, signed out.
  const logout = () => void signOut().then(() => window.location.assign('/'));
  return { email: session?.email, links: session ? signedInLinks : signedOutLinks, logout };
}

function Actions({ email, logout }: { email: string | undefined; logout: () => void }) {
  if (email) {
    return (
      <>
        <span className="text-sm text-muted-foreground" data-testid="welcome">
          Welcome, {email}
        </span>
        <Button variant="outline" size="sm" onClick={logout}>
          Logout
        </Button>
      </>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <a href="/login">Login</a>
      </Button>
      <Button asChild size="sm">
        <a href="/signup">Sign Up</a>
      </Button>
    </>
  );
}

export function SiteHeader() {
  const { email, links, logout } = useHeader();
  // A disclosure menu (no dialog library on every page): a link followed closes it, also one to a section of this page.
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <a href="/" className="flex items-center gap-2 text-lg font-bold">
          <Globe className="size-6 text-primary" aria-hidden />
          Kaja DNS
        </a>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <Button key={link.label} asChild variant="ghost" size="sm">
              <a href={link.to}>{link.label}</a>
            </Button>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Actions email={email} logout={logout} />
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
        </Button>
      </div>
      {menuOpen && (
        <div id="mobile-menu" className="border-t border-border px-4 pb-4 md:hidden">
          <nav aria-label="Mobile" className="flex flex-col gap-1 py-2">
            {links.map((link) => (
              <a key={link.label} href={link.to} className="rounded-md px-2 py-2 hover:bg-muted" onClick={() => setMenuOpen(false)}>
                {link.label}
              </a>
            ))}
          </nav>
          <div className="flex flex-wrap items-center gap-2 border-t border-border pt-4">
            <Actions email={email} logout={logout} />
          </div>
        </div>
      )}
    </header>
  );
}
