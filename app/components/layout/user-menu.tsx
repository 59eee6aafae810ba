import { Link, useNavigate } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import type { PublicUser } from '../../../shared/schemas';
import { useLogout } from '../../features/auth/queries';

/**
 * Up to two initials: the first letters of the name's first two words, or of the username's
 * (split at spaces, dots, hyphens and underscores) when there is no name.
 */
export function initials(name: string | null, username: string): string {
  const source = name?.trim() || username;
  const words = source.split(/[\s._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase();
}

const itemClass =
  'block cursor-pointer rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/** The avatar and its menu: who is signed in, Account, Batch, Log out. */
export function UserMenu({ user }: { user: PublicUser }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const displayName = user.name || user.username;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Account menu of ${displayName}`}
        className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {initials(user.name, user.username)}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <p className="text-sm font-semibold text-slate-900">{displayName}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
            {user.hasUnlimitedAccess ? (
              <p className="mt-1 text-xs font-medium text-brand-700">Unlimited Access</p>
            ) : null}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account">Account</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/batch">Batch</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            disabled={logout.isPending}
            onSelect={() => logout.mutate(undefined, { onSuccess: () => void navigate({ to: '/' }) })}
          >
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
