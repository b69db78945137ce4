import {
  Sidebar,
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
import { NavLink } from 'react-router';

export type SidebarGroupItems = { title: string; items: { title: string; to: string }[] };

function SidebarLink({ title, to }: { title: string; to: string }) {
  const { setOpenMobile } = useSidebar();
  return (
    <NavLink to={to} end onClick={() => setOpenMobile(false)}>
      {({ isActive }) => (
        <SidebarMenuButton asChild isActive={isActive}>
          <span title={title}>
            <FileText aria-hidden />
            <span>{title}</span>
          </span>
        </SidebarMenuButton>
      )}
    </NavLink>
  );
}

/** Documentation layout: a collapsible sidebar (ctrl/cmd+b) beside the page. */
export function DocsShell({ label, groups, children }: { label: string; groups: SidebarGroupItems[]; children: ReactNode }) {
  return (
    <SidebarProvider className="mx-auto max-w-7xl">
      <Sidebar label={label}>
        <SidebarContent>
          {groups.map((group) => (
            <SidebarGroup key={group.title}>
              <SidebarGroupLabel>{group.title}</SidebarGroupLabel>
              <SidebarMenu>
                {group.items.map((item) => (
                  <SidebarMenuItem key={item.to}>
                    <SidebarLink {...item} />
                  </SidebarMenuItem>
                ))}
              </SidebarMenu>
            </SidebarGroup>
          ))}
        </SidebarContent>
      </Sidebar>
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
