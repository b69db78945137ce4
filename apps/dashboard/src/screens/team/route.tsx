import { Badge, Button, ConfirmButton, PagedTable, Select, TableCell, TableHead, TableRow, toast } from '@kaja/ui';
import { Trash2, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../format/date-time';
import { TwoFactorRequirement } from './two-factor-requirement';
import { useSignedInSession } from '../../shell/use-session-context';
import { InviteForm } from './invite-form';
import { type Invitation, type Member, type Role, roles, useChangeRole, useInvitations, useMembers, useRemoveMember, useRevokeInvitation } from './team-data';

const pageSize = 20;
const roleLabel = (role: Role) => roles.find((entry) => entry.value === role)?.label ?? role;

function NoneYet({ what }: { what: string }) {
  return <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">No {what} yet.</p>;
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
    <ConfirmButton
      title={`Remove ${member.full_name}?`}
      description={`${member.email} loses access at once: their sessions end and their API keys stop working. You can invite them again later.`}
      confirm="Remove from team"
      action={async () => {
        await remove.mutateAsync(member.id);
        toast.success(`${member.full_name} removed`);
      }}
    >
      {(pending) => (
        <>
          <UserMinus aria-hidden />
          {pending ? 'Removing…' : 'Remove'}
          <span className="sr-only"> {member.full_name}</span>
        </>
      )}
    </ConfirmButton>
  );
}

function RevokeInvitationButton({ invitation }: { invitation: Invitation }) {
  const revoke = useRevokeInvitation();
  return (
    <ConfirmButton
      title={`Revoke the invitation of ${invitation.email}?`}
      description="The mailed link stops working. You can invite the address again later."
      confirm="Revoke invitation"
      action={async () => {
        await revoke.mutateAsync(invitation.id);
        toast.success('Invitation revoked');
      }}
    >
      {(pending) => (
        <>
          <Trash2 aria-hidden />
          {pending ? 'Revoking…' : 'Revoke'}
          <span className="sr-only"> the invitation of {invitation.email}</span>
        </>
      )}
    </ConfirmButton>
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
      <PagedTable
        query={invitations}
        what="invitations"
        empty={<NoneYet what="invitations" />}
        label="Invitations"
        pagerLabel="Invitation pages"
        limit={pageSize}
        onPageChange={setOffset}
        header={
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Expires</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        }
        row={(invitation) => (
          <TableRow key={invitation.id}>
            <TableCell className="min-w-40 [overflow-wrap:anywhere]">{invitation.email}</TableCell>
            <TableCell>{roleLabel(invitation.role)}</TableCell>
            <TableCell>
              <Badge variant={invitation.status === 'pending' ? 'default' : 'outline'}>{invitation.status}</Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap">{invitation.status === 'pending' ? formatDate(invitation.expires_at) : '—'}</TableCell>
            <TableCell className="text-right">{invitation.status === 'pending' && <RevokeInvitationButton invitation={invitation} />}</TableCell>
          </TableRow>
        )}
      />
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
        <PagedTable
          query={members}
          what="members"
          empty={<NoneYet what="members" />}
          label="Members"
          pagerLabel="Member pages"
          limit={pageSize}
          onPageChange={setOffset}
          header={
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead className="hidden md:table-cell">Email</TableHead>
              <TableHead>Role</TableHead>
              <TableHead className="hidden md:table-cell">Joined</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          }
          row={(member) => {
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
          }}
        />
      </section>

      {canManage && <Invitations inviterRole={user.role} />}

      <TwoFactorRequirement session={session} />
    </div>
  );
}
