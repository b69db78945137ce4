import {
  Badge,
  Button,
  ConfirmButton,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  EmptyState,
  PagedTable,
  TableCell,
  TableHead,
  TableRow,
  toast,
} from '@kaja/ui';
import { KeyRound, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../format/date-time';
import { useSignedInSession } from '../../shell/use-session-context';
import { type ApiKey, type ApiKeyWithSecret, type TeamApiKey, useRevokeApiKey, useRotateApiKey, useTeamApiKeys } from './api-keys-data';
import { CreateApiKeyForm } from './create-api-key-form';
import { SecretDialog } from './secret-dialog';
import { countOf } from '../../format/plural';

const pageSize = 20;

/** What limits a key beyond its scopes, in a few words. */
function restrictionsText({ restrictions }: ApiKey): string {
  const parts: string[] = [];
  if (restrictions.allowed_zones) parts.push(restrictions.allowed_zones.join(', '));
  if (restrictions.record_policies) parts.push(countOf(restrictions.record_policies.length, 'record policy', 'record policies'));
  if (restrictions.allowed_cidrs) parts.push(restrictions.allowed_cidrs.join(', '));
  if (restrictions.max_age_seconds) parts.push(`max. age ${Math.round(restrictions.max_age_seconds / 86400)} d`);
  if (restrictions.max_unused_seconds) parts.push(`max. unused ${Math.round(restrictions.max_unused_seconds / 86400)} d`);
  return parts.length > 0 ? parts.join(' · ') : 'None';
}

function RotateButton({ apiKey, userId, onRotated }: { apiKey: ApiKey; userId: string; onRotated: (key: ApiKeyWithSecret) => void }) {
  const rotate = useRotateApiKey(userId);
  return (
    <ConfirmButton
      title={`Rotate “${apiKey.name}”?`}
      description={`A new secret is made with the same scopes and restrictions. The current secret (${apiKey.prefix}…) stops working at once.`}
      confirm="Rotate key"
      action={async () => onRotated(await rotate.mutateAsync(apiKey))}
    >
      {(pending) => (
        <>
          <RefreshCw aria-hidden className={pending ? 'animate-spin' : undefined} />
          {pending ? 'Rotating…' : 'Rotate'}
          <span className="sr-only"> {apiKey.name}</span>
        </>
      )}
    </ConfirmButton>
  );
}

function RevokeButton({ apiKey }: { apiKey: TeamApiKey }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmButton
      title={`Revoke “${apiKey.name}”?`}
      description={`Every program using this key (${apiKey.prefix}…) is refused from now on. This cannot be undone.`}
      confirm="Revoke key"
      action={async () => {
        await revoke.mutateAsync(apiKey);
        toast.success(`“${apiKey.name}” revoked`);
      }}
    >
      {(pending) => (
        <>
          <Trash2 aria-hidden />
          {pending ? 'Revoking…' : 'Revoke'}
          <span className="sr-only"> {apiKey.name}</span>
        </>
      )}
    </ConfirmButton>
  );
}

/** Whose key it is, and who made it when that was someone else. */
function OwnerText({ apiKey, me }: { apiKey: TeamApiKey; me: string }) {
  const name = (person: { id: string; full_name: string; email: string }) => (person.id === me ? 'You' : person.full_name || person.email);
  return (
    <>
      {name(apiKey.user)}
      {apiKey.creator && apiKey.creator.id !== apiKey.user.id && <span className="block text-xs text-muted-foreground">created by {name(apiKey.creator)}</span>}
    </>
  );
}

/**
 * /api-keys: the API keys the signed-in user manages: owners every key of the team, admins all but
 * owners', members their own (the API decides, and says per key whether it may be revoked). Keys
 * are created and rotated here for oneself only: a secret belongs to the person whose key it is.
 */
export default function ApiKeysScreen() {
  const { user } = useSignedInSession();
  const [offset, setOffset] = useState(0);
  const keys = useTeamApiKeys({ limit: pageSize, offset });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ key: ApiKeyWithSecret; title: string } | null>(null);
  const team = user.role !== 'member';

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">API keys</h1>
          <p className="text-muted-foreground">
            {team
              ? 'Keys for scripts and integrations, yours and your team’s: each calls the API as its person, limited to what they allow.'
              : 'Keys for scripts and integrations to call the API as you, limited to what you allow.'}
          </p>
        </div>
        <Dialog open={creating} onOpenChange={setCreating}>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            Create API key
          </Button>
          <DialogContent className="max-w-3xl">
            <DialogTitle>Create an API key</DialogTitle>
            <DialogDescription>Restrictions are checked on every call made with the key.</DialogDescription>
            <CreateApiKeyForm
              userId={user.id}
              onCreated={(key) => {
                setCreating(false);
                setSecret({ key, title: 'API key created' });
              }}
            />
          </DialogContent>
        </Dialog>
      </div>

      <PagedTable
        query={keys}
        what={team ? 'the team’s API keys' : 'your API keys'}
        empty={
          <EmptyState icon={KeyRound} title="No API keys yet">
            Create one for each program that calls the API, with only the scopes it needs.
          </EmptyState>
        }
        label="API keys"
        pagerLabel="API key pages"
        limit={pageSize}
        onPageChange={setOffset}
        header={
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Owner</TableHead>
            <TableHead className="hidden sm:table-cell">Prefix</TableHead>
            <TableHead className="hidden sm:table-cell">Scopes</TableHead>
            <TableHead className="hidden lg:table-cell">Restrictions</TableHead>
            <TableHead className="hidden lg:table-cell">Created</TableHead>
            <TableHead className="hidden lg:table-cell">Last used</TableHead>
            <TableHead className="hidden lg:table-cell">Expires</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        }
        row={(key) => (
          <TableRow key={key.id}>
            <TableCell>
              <span className="font-medium">{key.name}</span>
              {/* On narrower screens the hidden columns' facts follow the name. */}
              <span className="block text-xs text-muted-foreground lg:hidden">
                <span className="font-mono sm:hidden">
                  {key.prefix}… · {key.scopes.join(', ')} ·{' '}
                </span>
                Created {formatDate(key.created_at)} · Last used {key.last_used_at ? formatDateTime(key.last_used_at) : 'never'} · Expires{' '}
                {key.expires_at ? formatDate(key.expires_at) : 'never'} · Restrictions: {restrictionsText(key)}
              </span>
            </TableCell>
            <TableCell>
              <OwnerText apiKey={key} me={user.id} />
            </TableCell>
            <TableCell className="hidden font-mono text-xs sm:table-cell">{key.prefix}…</TableCell>
            <TableCell className="hidden sm:table-cell">
              <div className="flex min-w-40 flex-wrap gap-1">
                {key.scopes.map((scope) => (
                  <Badge key={scope} variant="outline" className="font-mono font-normal">
                    {scope}
                  </Badge>
                ))}
              </div>
            </TableCell>
            <TableCell className="hidden min-w-32 text-xs lg:table-cell">{restrictionsText(key)}</TableCell>
            <TableCell className="hidden whitespace-nowrap lg:table-cell">{formatDate(key.created_at)}</TableCell>
            <TableCell className="hidden whitespace-nowrap lg:table-cell">{key.last_used_at ? formatDateTime(key.last_used_at) : 'Never'}</TableCell>
            <TableCell className="hidden whitespace-nowrap lg:table-cell">{key.expires_at ? formatDate(key.expires_at) : 'Never'}</TableCell>
            <TableCell>
              <div className="flex flex-wrap justify-end gap-2">
                {key.user.id === user.id && (
                  <RotateButton apiKey={key} userId={user.id} onRotated={(rotated) => setSecret({ key: rotated, title: 'API key rotated' })} />
                )}
                {key.can_revoke && <RevokeButton apiKey={key} />}
              </div>
            </TableCell>
          </TableRow>
        )}
      />

      <SecretDialog apiKey={secret?.key ?? null} title={secret?.title ?? ''} onClose={() => setSecret(null)} />
    </div>
  );
}
