import {
  SidebarColumn,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '@kaja/ui';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { SidePanel } from './side-panel';

export type SidebarGroupItems = { title: string; items: { title: string; to: string }[] };

function SidebarLink({ title, to, current }: { title: string; to: string; current: boolean }) {
  const { setOpenMobile } = useSidebar();
  return (
    <a href={to} aria-current={current ? 'page' : undefined} className={current ? 'active' : undefined} onClick={() => setOpenMobile(false)}>
      <SidebarMenuButton asChild isActive={current}>
        <span title={title}>
          <FileText aria-hidden />
          <span>{title}</span>
        </span>
      </SidebarMenuButton>
    </a>
  );
}

/** A column beside the page on wide screens; on phones a side panel, in the page while open. */
function DocsSidebar({ label, children }: { label: string; children: ReactNode }) {
  const { isMobile, openMobile, setOpenMobile } = useSidebar();
  if (!isMobile) return <SidebarColumn label={label}>{children}</SidebarColumn>;
  return openMobile ? (
    <SidePanel label={label} onClose={() => setOpenMobile(false)}>
      {children}
    </SidePanel>
  ) : null;
}

/**
 * Documentation layout: a collapsible sidebar (ctrl/cmd+b) beside the page, `path` the page's own
 * address. An island (decision 054) whose children, the page, stay as pre-rendered.
 */
export function DocsShell({ label, groups, path, children }: { label: string; groups: SidebarGroupItems[]; path: string; children?: ReactNode }) {
  return (
    <SidebarProvider className="mx-auto max-w-7xl">
      <DocsSidebar label={label}>
        <SidebarContent>
          {groups.map((group) => (
            <SidebarGroup key={group.title}>
              <SidebarGroupLabel>{group.title}</SidebarGroupLabel>
              <SidebarMenu>
                {group.items.map((item) => (
                  <SidebarMenuItem key={item.to}>
                    <SidebarLink {...item} current={item.to === path} />
                  </SidebarMenuItem>
                ))}
              </SidebarMenu>
            </SidebarGroup>
          ))}
        </SidebarContent>
      </DocsSidebar>
      <SidebarInset>
        <div className="flex items-center gap-2 border-b border-border px-4 py-2">
          <SidebarTrigger />
          <span className="text-sm text-muted-foreground">{label}</span>
        </div>
        <div className="px-4 py-8 md:px-10">{children}</div>
      </SidebarInset>
    </SidebarProvider>
  );
}
