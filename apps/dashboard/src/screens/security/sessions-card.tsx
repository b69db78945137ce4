import { Alert, Badge, Button, ConfirmButton, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@kaja/ui';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../format/date-time';
import { type Session, useRevokeSession, useSessions, useSignOutEverywhere } from './security-data';

/**
 * The browser and system as the API reads them from the user agent ("Firefox 144 on Linux"); the raw
 * text only where it names nothing known (it stays in the cell's title).
 */
const clientName = (session: Session) => session.client ?? session.user_agent ?? 'Unknown browser or program';

/** The person's signed-in browsers and programs: sign one out, or all of them. */
export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  return (
    <div className="grid gap-4">
      {revoke.isError && <Alert variant="destructive">{revoke.error.message}</Alert>}
      <div className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Browser or program</TableHead>
              <TableHead>Address</TableHead>
              <TableHead>Signed in</TableHead>
              <TableHead>Last used</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sessions.data?.map((session) => (
              <TableRow key={session.id}>
                <TableCell className="max-w-72 break-words" title={session.user_agent ?? undefined}>
                  {clientName(session)} {session.current && <Badge>This browser</Badge>}
                </TableCell>
                <TableCell>{session.ip ?? 'Unknown'}</TableCell>
                <TableCell>{formatDateTime(session.created_at)}</TableCell>
                <TableCell>{formatDateTime(session.last_used_at)}</TableCell>
                <TableCell>
                  {!session.current && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Sign out the session of ${clientName(session)} from ${session.ip ?? 'an unknown address'}, signed in ${formatDateTime(session.created_at)}`}
                      onClick={() => revoke.mutate(session.id)}
                    >
                      Sign out
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <SignOutEverywhere />
    </div>
  );
}

/** Ends every session of the person, this browser's too, after a confirmation. */
function SignOutEverywhere() {
  const signOutEverywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  return (
    <div className="grid gap-3">
      {signOutEverywhere.isError && <Alert variant="destructive">{signOutEverywhere.error.message}</Alert>}
      <ConfirmButton
        size="default"
        className="justify-self-start"
        title="Sign out everywhere?"
        description="Every browser and device signed in as you is signed out, this one too. API keys keep working: revoke them under API keys."
        confirm="Sign out everywhere"
        action={async () => {
          await signOutEverywhere.mutateAsync();
          await navigate('/auth', { replace: true });
        }}
      >
        {(pending) => (
          <>
            <LogOut aria-hidden />
            {pending ? 'Signing out…' : 'Sign out everywhere'}
          </>
        )}
      </ConfirmButton>
    </div>
  );
}
