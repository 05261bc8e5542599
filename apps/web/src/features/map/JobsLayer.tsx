import { useMemo } from 'react';
import { formatCount } from '../../lib/format';
import { t } from '../../lib/i18n';
import { jobTooltip } from './content';
import { useFieldMapContext } from './map-context';
import { PointsLayer } from './PointsLayer';
import type { MapJob } from './types';

interface JobsLayerProps {
  jobs: readonly MapJob[];
  selectedJobId: string | null;
  hoveredJobId: string | null;
  onSelect: (job: MapJob) => void;
  onHover: (job: MapJob | null) => void;
}

const matches = (job: MapJob, id: string | null) => id !== null && (job.id === id || job.jobId === id);

/**
 * Job sites in their technician's colour with a status glyph, a dashed ring when outside every
 * service area. The selected and hovered jobs are drawn again on top (not hit-testable, so the
 * real point keeps the mouse), so they show even when their site sits inside a cluster.
 */
export function JobsLayer({ jobs, selectedJobId, hoveredJobId, onSelect, onHover }: JobsLayerProps) {
  const { zone } = useFieldMapContext();
  const glyphOf = (job: MapJob) => ({
    kind: 'job' as const,
    colour: job.colour,
    status: job.status,
    outside: job.outsideAreas,
    hovered: matches(job, hoveredJobId),
    selected: matches(job, selectedJobId),
  });
  const spotlight = useMemo(
    () => jobs.filter((j) => matches(j, selectedJobId) || matches(j, hoveredJobId)),
    [jobs, selectedJobId, hoveredJobId],
  );
  const common = {
    keyOf: (job: MapJob) => job.id,
    glyphOf,
    tooltipOf: (job: MapJob) => jobTooltip(job, zone),
    groupOf: (job: MapJob) => job.colour,
    counted: (count: number) => t({ id: 'map.cluster.jobs' }, { count, n: formatCount(count) }),
    onClick: onSelect,
    onHover,
    styleKey: `${selectedJobId}|${hoveredJobId}`,
  };
  return (
    <>
      <PointsLayer items={jobs} {...common} />
      {spotlight.length > 0 && <PointsLayer items={spotlight} cluster={false} interactive={false} {...common} />}
    </>
  );
}
