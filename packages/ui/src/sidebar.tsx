import { PanelLeft } from 'lucide-react';
import { Slot } from 'radix-ui';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ComponentProps, type CSSProperties } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';
import { useIsMobile } from './use-mobile';

export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

type SidebarContextValue = {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
};

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar() {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside a SidebarProvider.');
  return context;
}

function readSidebarCookie(): boolean | undefined {
  const match = document.cookie.match(new RegExp(`(?:^|; )${SIDEBAR_COOKIE_NAME}=(true|false)`));
  return match ? match[1] === 'true' : undefined;
}

/**
 * Holds the sidebar's expanded/collapsed state (kept in a cookie for 7 days so it survives
 * reloads), the phone panel's open state, and the ctrl/cmd+b shortcut.
 */
export function SidebarProvider({ defaultOpen = true, className, style, children, ...props }: ComponentProps<'div'> & { defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [open, setOpenState] = useState(defaultOpen);

  // The pages are pre-rendered without cookies, so the saved state is applied once mounted.
  useEffect(() => {
    const saved = readSidebarCookie();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the cookie exists only in the browser, after hydration
    if (saved !== undefined) setOpenState(saved);
  }, []);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = `${SIDEBAR_COOKIE_NAME}=${value}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const state = open ? 'expanded' : 'collapsed';
  const value = useMemo(
    () => ({ state, open, setOpen, openMobile, setOpenMobile, isMobile, toggleSidebar }) satisfies SidebarContextValue,
    [state, open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        style={{ '--sidebar-width': SIDEBAR_WIDTH, '--sidebar-width-icon': SIDEBAR_WIDTH_ICON, ...style } as CSSProperties}
        className={cn('flex w-full', className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/** The sidebar itself: a column on wide screens (full or icon width), a side panel on phones. */
export function Sidebar({ children, label, ...props }: ComponentProps<'div'> & { label: string }) {
  const { isMobile, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent data-sidebar="sidebar" data-mobile="true" className="overflow-y-auto p-0" style={{ width: SIDEBAR_WIDTH_MOBILE }}>
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <SheetDescription className="sr-only">{label}</SheetDescription>
          <div className="flex h-full flex-col">{children}</div>
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <SidebarColumn label={label} {...props}>
      {children}
    </SidebarColumn>
  );
}

/**
 * The sidebar's column on wide screens alone, for a page that brings its own phone panel (the marketing
 * site's, on the native dialog element, so its pages do not load the Radix dialog).
 */
export function SidebarColumn({ className, children, label, ...props }: ComponentProps<'div'> & { label: string }) {
  const { state } = useSidebar();
  return (
    <div
      data-sidebar="sidebar"
      data-state={state}
      data-collapsible={state === 'collapsed' ? 'icon' : ''}
      aria-label={label}
      className={cn(
        'group hidden shrink-0 border-r border-border bg-sidebar transition-[width] duration-200 md:block',
        state === 'expanded' ? 'w-[var(--sidebar-width)]' : 'w-[var(--sidebar-width-icon)]',
        className,
      )}
      {...props}
    >
      <div className="sticky top-0 flex max-h-screen flex-col overflow-y-auto">{children}</div>
    </div>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, state } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      data-sidebar="trigger"
      aria-expanded={state === 'expanded'}
      className={cn('size-9', className)}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeft aria-hidden />
      <span className="sr-only">Toggle sidebar</span>
    </Button>
  );
}

export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('min-w-0 flex-1', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarGroup({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1 p-1', className)} {...props} />;
}

export function SidebarGroupLabel({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('px-2 py-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground group-data-[collapsible=icon]:hidden', className)}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('flex flex-col gap-0.5', className)} {...props} />;
}

export function SidebarMenuItem(props: ComponentProps<'li'>) {
  return <li {...props} />;
}

/** A menu entry; in icon mode only its first child (the icon) stays visible. */
export function SidebarMenuButton({ className, asChild = false, isActive = false, ...props }: ComponentProps<'a'> & { asChild?: boolean; isActive?: boolean }) {
  const Component = asChild ? Slot.Root : 'a';
  return (
    <Component
      data-active={isActive}
      aria-current={isActive ? 'page' : undefined}
      className={cn(
        'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted data-[active=true]:bg-muted data-[active=true]:font-semibold [&>svg]:size-4 [&>svg]:shrink-0',
        // Collapsed to icons, the label stays for screen readers: it is the link's name.
        'group-data-[collapsible=icon]:justify-center group-data-[collapsible=icon]:[&>span]:sr-only',
        className,
      )}
      {...props}
    />
  );
}
