import type { CustomerDto } from '@karya/domain';
import { Badge, Group } from '@mantine/core';
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';

/** 'Verified' in green or 'Unverified' in orange. */
export const VerifiedBadge = ({
  verified,
  size = 'sm',
}: {
  verified: boolean;
  size?: 'xs' | 'sm' | 'md';
}) => (
  <Badge color={verified ? 'green' : 'orange'} variant="light" size={size}>
    {verified ? 'Verified' : 'Unverified'}
  </Badge>
);

/** 'Government · Institute · School · CBSE': the organisation tree read in one line; null for none. */
export const organizationLine = (c: Pick<CustomerDto, 'organization'>): string | null => {
  const o = c.organization;
  if (!o) return null;
  const branch = o.government ?? o.private;
  const institute = branch?.institute;
  const parts = [
    o.type,
    branch?.type,
    o.government?.office?.type,
    institute?.type,
    institute?.school?.board,
    institute?.college?.type,
  ];
  return parts.filter(Boolean).join(' · ');
};

/** 'Bhubaneswar, Khordha, Odisha': the place of a customer. */
export const placeLine = (a: { city?: string | null; district?: string | null; state?: string | null }) =>
  [a.city, a.district, a.state].filter(Boolean).join(', ') || null;

/**
 * Spec 2 §9: 5 stars with a half star when the fraction is at least 0.5. The stars are decoration; the
 * rating is read out as text.
 */
export const RatingStars = ({ rating, size = 16 }: { rating: number | null; size?: number }) => {
  if (rating === null || rating === undefined) return null;
  const whole = Math.floor(rating);
  const half = rating - whole >= 0.5;
  return (
    <Group gap={2} wrap="nowrap" component="span" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => {
        const Icon =
          star <= whole ? IconStarFilled : star === whole + 1 && half ? IconStarHalfFilled : IconStar;
        return <Icon key={star} size={size} color="var(--mantine-color-yellow-7)" aria-hidden />;
      })}
    </Group>
  );
};
