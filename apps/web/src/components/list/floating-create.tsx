import { ActionIcon, Affix, Box, Menu, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FLOATING_BUTTON_Z_INDEX } from './floating-button';
import { useHashPanel } from './hash-panel';
import type { CreateMenuAction, HashModal } from './record-list-types';

/** Size of the floating create button plus its offset from the bottom (56 + 24) and a gap. */
export const FLOATING_BUTTON_CLEARANCE = 56 + 24 + 16;

/** Renders a hash modal with its open state (one hook per modal, so a menu may hold several). */
const HashModalHost = ({ hash, modal }: HashModal) => {
  const panel = useHashPanel(hash);
  return <>{modal({ opened: panel.opened, onClose: panel.close })}</>;
};

/**
 * The floating create button at the bottom right: one way to create (a modal under its hash) or a menu of
 * several (pages or modals), with room kept below the list so it never covers the last row; hidden while
 * selecting. Renders the modals too.
 */
export const FloatingCreate = ({
  single,
  menu,
  selecting,
}: {
  single?: { label: string } & HashModal;
  menu?: { label: string; actions: readonly CreateMenuAction[] };
  selecting: boolean;
}) => {
  const navigate = useNavigate();
  const location = useLocation();
  const panel = useHashPanel(single?.hash ?? '#create');
  const actions = menu?.actions ?? [];
  if (!single && actions.length === 0) return null;
  return (
    <>
      {/* Room below the list and pagination, so the floating button never covers the last row or card. */}
      <Box h={FLOATING_BUTTON_CLEARANCE - 16} aria-hidden data-testid="create-button-clearance" />
      {!selecting && (
        <Affix position={{ bottom: 24, right: 24 }} zIndex={FLOATING_BUTTON_Z_INDEX}>
          {single ? (
            <Tooltip label={single.label} position="left">
              <ActionIcon size={56} radius="xl" aria-label={single.label} onClick={panel.open}>
                <IconPlus size={26} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Menu position="top-end" withinPortal>
              <Menu.Target>
                <ActionIcon size={56} radius="xl" aria-label={menu?.label}>
                  <IconPlus size={26} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {actions.map((a) =>
                  'to' in a ? (
                    <Menu.Item key={a.label} component={Link} to={a.to}>
                      {a.label}
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      key={a.label}
                      onClick={() =>
                        navigate({ pathname: location.pathname, search: location.search, hash: a.hash })
                      }
                    >
                      {a.label}
                    </Menu.Item>
                  ),
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Affix>
      )}
      {single?.modal({ opened: panel.opened, onClose: panel.close })}
      {actions.map((a) =>
        'hash' in a ? <HashModalHost key={a.label} hash={a.hash} modal={a.modal} /> : null,
      )}
    </>
  );
};
