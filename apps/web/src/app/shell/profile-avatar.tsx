import { useState } from 'react';

/**
 * The signed-in user's picture beside the profile link, or the first letter of their name on the brand's
 * light colour (as Mantine's Avatar with color="karya" drew it). Ours rather than Mantine's Avatar: every
 * signed-in page loads the shell, and Avatar brought its group and placeholder icon with it (issue 26: the
 * route table of two new areas had to fit in the same first-load budget).
 */
export const ProfileAvatar = ({ src, name, initial }: { src?: string; name?: string; initial: string }) => {
  const [failed, setFailed] = useState(false);
  const style = {
    width: 32,
    height: 32,
    flex: 'none',
    borderRadius: '50%',
    overflow: 'hidden',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: 'var(--mantine-color-karya-light)',
    color: 'var(--mantine-color-karya-light-color)',
    fontWeight: 700,
    fontSize: 'var(--mantine-font-size-sm)',
  } as const;
  return (
    <span style={style}>
      {src && !failed ? (
        <img
          src={src}
          alt={name ?? ''}
          width={32}
          height={32}
          style={{ objectFit: 'cover', width: '100%', height: '100%' }}
          onError={() => setFailed(true)}
        />
      ) : (
        <span aria-hidden>{initial}</span>
      )}
    </span>
  );
};
