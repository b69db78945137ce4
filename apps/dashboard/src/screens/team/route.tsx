import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
  Badge,
  Button,
  Pager,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@kaja/ui';
import { Trash2, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../format/date-time';
import { TwoFactorRequirement } from './two-factor-requirement';
import { useSignedInSession } from '../../shell/use-session-context';
import { InviteForm } from './invite-form';
import { type Invitation, type Member, type Role, roles, useChangeRole, useInvitations, useMembers, useRemoveMember, useRevokeInvitation } from './team-data';

const pageSize = 20;
const roleLabel = (role: Role) => roles.find((entry) => entry.value === role)?.label ?? role;

function ListState({
  query,
  what,
  empty,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  what: string;
  empty: boolean;
}) {
  if (query.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading {what}…
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        Could not load {what}: {query.error?.message}{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => query.refetch()}>
          Try again
        </Button>
      </p>
    );
  if (empty) return <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">No {what} yet.</p>;
  return null;
}

/** A role is saved with its own button: a native select fires a change per arrow key on some systems. */
function RoleSelect({ member, canManage }: { member: Member; canManage: boolean }) {
  const changeRole = useChangeRole();
  const [role, setRole] = useState<Role>(member.role);
  if (!canManage) return <Badge variant="secondary">{roleLabel(member.role)}</Badge>;
  return (
    <div className="flex items-center gap-2">
      <Select
        aria-label={`Role of ${member.full_name}`}
        value={role}
        disabled={changeRole.isPending}
        className="w-32"
        onChange={(event) => setRole(event.target.value as Role)}
      >
        {roles.map((entry) => (
          <option key={entry.value} value={entry.value}>
            {entry.label}
          </option>
        ))}
      </Select>
      {role !== member.role && (
        <Button
          size="sm"
          disabled={changeRole.isPending}
          onClick={() =>
            changeRole.mutate(
              { id: member.id, role },
              { onSuccess: () => toast.success(`${member.full_name} is now ${roleLabel(role).toLowerCase()}`), onError: () => setRole(member.role) },
            )
          }
        >
          {changeRole.isPending ? 'Saving…' : 'Save role'}
          <span className="sr-only"> of {member.full_name}</span>
        </Button>
      )}
    </div>
  );
}

function RemoveButton({ member }: { member: Member }) {
  const remove = useRemoveMember();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={remove.isPending}>
          <UserMinus aria-hidden />
          {remove.isPending ? 'Removing…' : 'Remove'}
          <span className="sr-only"> {member.full_name}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Remove {member.full_name}?</AlertDialogTitle>
        <AlertDialogDescription>
          {member.email} loses access at once: their sessions end and their API keys stop working. You can invite them again later.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => remove.mutate(member.id, { onSuccess: () => toast.success(`${member.full_name} removed`) })}>
            Remove from team
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function RevokeInvitationButton({ invitation }: { invitation: Invitation }) {
  const revoke = useRevokeInvitation();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={revoke.isPending}>
          <Trash2 aria-hidden />
          {revoke.isPending ? 'Revoking…' : 'Revoke'}
          <span className="sr-only"> the invitation of {invitation.email}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Revoke the invitation of {invitation.email}?</AlertDialogTitle>
        <AlertDialogDescription>The mailed link stops working. You can invite the address again later.</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => revoke.mutate(invitation.id, { onSuccess: () => toast.success('Invitation revoked') })}>
            Revoke invitation
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function Invitations({ inviterRole }: { inviterRole: Role }) {
  const [offset, setOffset] = useState(0);
  const invitations = useInvitations({ limit: pageSize, offset });
  return (
    <section aria-labelledby="invitations-heading" className="grid grid-cols-1 gap-4">
      <div>
        <h2 id="invitations-heading" className="text-lg font-semibold">
          Invitations
        </h2>
        <p className="text-sm text-muted-foreground">The invited person gets a link valid for 7 days, usable once.</p>
      </div>
      <InviteForm inviterRole={inviterRole} />
      <ListState query={invitations} what="invitations" empty={invitations.data?.meta.total === 0} />
      {invitations.data && invitations.data.data.length > 0 && (
        <div>
          <Table aria-label="Invitations">
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Expires</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {invitations.data.data.map((invitation) => (
                <TableRow key={invitation.id}>
                  <TableCell className="min-w-40 [overflow-wrap:anywhere]">{invitation.email}</TableCell>
                  <TableCell>{roleLabel(invitation.role)}</TableCell>
                  <TableCell>
                    <Badge variant={invitation.status === 'pending' ? 'default' : 'outline'}>{invitation.status}</Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{invitation.status === 'pending' ? formatDate(invitation.expires_at) : '—'}</TableCell>
                  <TableCell className="text-right">{invitation.status === 'pending' && <RevokeInvitationButton invitation={invitation} />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager
            label="Invitation pages"
            offset={invitations.data.meta.offset}
            pending={invitations.isPlaceholderData}
            limit={pageSize}
            total={invitations.data.meta.total}
            onChange={setOffset}
          />
        </div>
      )}
    </section>
  );
}

/** /team: the people of the customer and their roles; owners and admins also invite and remove. */
export default function TeamScreen() {
  const session = useSignedInSession();
  const { user } = session;
  const canManage = user.role === 'owner' || user.role === 'admin';
  const [offset, setOffset] = useState(0);
  const members = useMembers({ limit: pageSize, offset });

  return (
    <div className="grid grid-cols-1 gap-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Team</h1>
        <p className="text-muted-foreground">Everyone who works on your zones, and what their role allows.</p>
      </div>

      <section aria-labelledby="members-heading" className="grid grid-cols-1 gap-4">
        <h2 id="members-heading" className="text-lg font-semibold">
          Members
        </h2>
        <ListState query={members} what="members" empty={members.data?.meta.total === 0} />
        {members.data && members.data.data.length > 0 && (
          <div>
            <Table aria-label="Members">
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead className="hidden md:table-cell">Email</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead className="hidden md:table-cell">Joined</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {members.data.data.map((member) => {
                  const self = member.id === user.id;
                  // Only owners manage owners (the API refuses the rest); nobody removes themselves here.
                  const manageable = canManage && !self && (member.role !== 'owner' || user.role === 'owner');
                  return (
                    <TableRow key={member.id}>
                      <TableCell className="font-medium">
                        {member.full_name}
                        {self && <span className="text-muted-foreground"> (you)</span>}
                        <span className="block text-xs font-normal text-muted-foreground [overflow-wrap:anywhere] md:hidden">{member.email}</span>
                      </TableCell>
                      <TableCell className="hidden min-w-40 [overflow-wrap:anywhere] md:table-cell">{member.email}</TableCell>
                      <TableCell>
                        <RoleSelect member={member} canManage={manageable} />
                      </TableCell>
                      <TableCell className="hidden whitespace-nowrap md:table-cell">{formatDate(member.created_at)}</TableCell>
                      <TableCell className="text-right">{manageable && <RemoveButton member={member} />}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            <Pager
              label="Member pages"
              offset={members.data.meta.offset}
              pending={members.isPlaceholderData}
              limit={pageSize}
              total={members.data.meta.total}
              onChange={setOffset}
            />
          </div>
        )}
      </section>

      {canManage && <Invitations inviterRole={user.role} />}

      <TwoFactorRequirement session={session} />
    </div>
  );
}
