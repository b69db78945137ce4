export { cn } from './cn';
export { Badge, badgeVariants } from './badge';
export { Button, buttonVariants, type ButtonProps } from './button';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';
export { Input } from './input';
export { Label } from './label';
export { Popover, PopoverContent, PopoverTrigger } from './popover';
export { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from './sheet';
export {
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  Sidebar,
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
} from './sidebar';
export { Textarea } from './textarea';
export { Toaster, toast } from './toaster';
export { MOBILE_BREAKPOINT, useIsMobile } from './use-mobile';
export { Alert } from './alert';
export { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';
export { Select } from './select';
export { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
export { CopyButton } from './copy-button';
export { EmptyState } from './empty-state';
export { Progress } from './progress';
export { RadioGroup, RadioGroupItem } from './radio-group';
export {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
export { Checkbox } from './checkbox';
export { Pager } from './pager';
export { PagedTable, type Page, type PageQuery } from './paged-table';
export { ConfirmButton } from './confirm-button';
