import { formatQuotationId, type QuotationVersionDto } from '@karya/domain';
import { Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useId,
  useRef,
  useState,
} from 'react';
import { formatDate } from '../../components/record/format';
import { VersionLines, VersionTotals } from './detail-sections';
import { QuotationStatusBadge } from './quotation-display';
import classes from './version-compare.module.css';

/** The splitter's bounds and keyboard step, in percent of the width given to the left pane. */
const MIN_PANE = 20;
const MAX_PANE = 80;
const STEP = 5;
const clampPane = (n: number) => Math.min(MAX_PANE, Math.max(MIN_PANE, Math.round(n)));

/**
 * Two panes side by side with a splitter between them (spec 3 §2: resizable panes). Drag the splitter, or
 * focus it and use the arrow keys (Home / End for the bounds); on a phone the panes stack.
 */
export const SplitPanes = ({
  left,
  right,
  label,
}: {
  left: ReactNode;
  right: ReactNode;
  /** Names the splitter: 'Resize the versions'. */
  label: string;
}) => {
  const [share, setShare] = useState(50);
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const moveTo = (clientX: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (box && box.width > 0) setShare(clampPane(((clientX - box.left) / box.width) * 100));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const next =
      e.key === 'ArrowLeft'
        ? share - STEP
        : e.key === 'ArrowRight'
          ? share + STEP
          : e.key === 'Home'
            ? MIN_PANE
            : e.key === 'End'
              ? MAX_PANE
              : null;
    if (next === null) return;
    e.preventDefault();
    setShare(clampPane(next));
  };
  return (
    <div
      ref={frame}
      className={classes.split}
      style={{ '--split-left': `${share}fr`, '--split-right': `${100 - share}fr` } as CSSProperties}
    >
      <div className={classes.pane}>{left}</div>
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable splitter is a separator with a value (WAI-ARIA window splitter), which <hr> cannot be */}
      <div
        role="separator"
        className={classes.splitter}
        aria-orientation="vertical"
        aria-label={label}
        aria-valuemin={MIN_PANE}
        aria-valuemax={MAX_PANE}
        aria-valuenow={share}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={(e: PointerEvent<HTMLDivElement>) => {
          dragging.current = true;
          e.currentTarget.setPointerCapture?.(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (dragging.current) moveTo(e.clientX);
        }}
        onPointerUp={() => {
          dragging.current = false;
        }}
        onLostPointerCapture={() => {
          dragging.current = false;
        }}
      />
      <div className={classes.pane}>{right}</div>
    </div>
  );
};

/** One side of a comparison: the version's number, title, status, valid until, lines and totals. */
export const VersionPane = ({
  quotationId,
  version: v,
  heading,
}: {
  quotationId: number;
  version: QuotationVersionDto;
  /** 'Previous version', 'Current version'. */
  heading: string;
}) => {
  const id = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={4} size="h6" id={id}>
        {`${heading}: ${formatQuotationId(quotationId, v.versionNumber)}`}
      </Title>
      <Text size="sm" style={{ overflowWrap: 'break-word' }}>
        {v.title}
      </Text>
      <Group gap={6}>
        <QuotationStatusBadge status={v.status} size="xs" />
        <Text size="xs" c="dimmed">
          Valid until {formatDate(v.validUntil)}
        </Text>
      </Group>
      <VersionLines version={v} label={`Items of ${formatQuotationId(quotationId, v.versionNumber)}`} />
      <VersionTotals version={v} />
    </Stack>
  );
};

/** The versions as choices: 'ARR/0012/R1 · Draft'. */
const versionChoices = (quotationId: number, versions: readonly QuotationVersionDto[]) =>
  versions.map((v) => ({
    value: v._id,
    label: `${formatQuotationId(quotationId, v.versionNumber)} · ${v.status}`,
  }));

/**
 * Compare versions (issue 25): any two versions side by side, the earlier on the left. Opens on the
 * active version against the one it re-quoted (or the next older one).
 */
export const VersionCompare = ({
  quotationId,
  versions,
  activeId,
}: {
  quotationId: number;
  versions: readonly QuotationVersionDto[];
  activeId: string;
}) => {
  const active = versions.find((v) => v._id === activeId) ?? versions[0];
  const older =
    versions.find((v) => v._id === active?.previousVersion) ??
    versions.find((v) => active && v.versionNumber < active.versionNumber) ??
    versions.find((v) => v._id !== active?._id);
  const [leftId, setLeftId] = useState(older?._id ?? '');
  const [rightId, setRightId] = useState(active?._id ?? '');
  const left = versions.find((v) => v._id === leftId);
  const right = versions.find((v) => v._id === rightId);
  if (versions.length < 2)
    return (
      <Text size="sm" c="dimmed">
        A quotation with one version has nothing to compare.
      </Text>
    );
  const choices = versionChoices(quotationId, versions);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label="Compare"
          data={choices}
          value={leftId}
          onChange={(e) => setLeftId(e.currentTarget.value)}
        />
        <NativeSelect
          label="With"
          data={choices}
          value={rightId}
          onChange={(e) => setRightId(e.currentTarget.value)}
        />
      </SimpleGrid>
      {left && right && (
        <SplitPanes
          label="Resize the compared versions"
          left={<VersionPane quotationId={quotationId} version={left} heading="Version" />}
          right={<VersionPane quotationId={quotationId} version={right} heading="Version" />}
        />
      )}
    </Stack>
  );
};
