import type { ArchiveUpgrades } from '../../api/archive-upgrades.ts';
import { grouped } from '../../lib/format-number.ts';

type Plan = ArchiveUpgrades['applied'][number];

/** Applied plans (and the scheduled one) as marks along the height axis: a small SVG of our own. */
export function UpgradeTimeline({ applied, scheduled }: { applied: Plan[]; scheduled: Plan | null }) {
  const marks = [
    ...applied.map((plan) => ({ plan, done: true })),
    ...(scheduled ? [{ plan: scheduled, done: false }] : []),
  ].slice(-8);
  if (marks.length === 0) return null;
  const heights = marks.map(({ plan }) => Number(plan.applied_height ?? plan.height));
  const [low, high] = [Math.min(...heights), Math.max(...heights)];
  const x = (height: number) => (high === low ? 50 : 6 + ((height - low) / (high - low)) * 88);
  const words = marks.map(
    ({ plan, done }) =>
      `${plan.name} ${done ? 'applied' : 'scheduled'} at height ${plan.applied_height ?? plan.height}`,
  );
  return (
    <svg viewBox="0 0 100 30" width="100%" height="90" role="img" aria-label={`Upgrade timeline: ${words.join('; ')}`}>
      <line x1="2" x2="98" y1="12" y2="12" stroke="currentColor" strokeOpacity="0.4" strokeWidth="0.4" />
      {marks.map(({ plan, done }, index) => (
        <g key={`${plan.name}-${plan.height}`} transform={`translate(${x(heights[index])} 0)`}>
          <circle
            cy="12"
            r="1.8"
            fill={done ? 'var(--mantine-color-teal-filled)' : 'none'}
            stroke="var(--mantine-color-teal-filled)"
            strokeWidth="0.5"
            strokeDasharray={done ? undefined : '0.8 0.6'}
          />
          <text y={index % 2 ? 22 : 6} textAnchor="middle" fontSize="2.6" fill="currentColor">
            {plan.name}
          </text>
          <text y={index % 2 ? 26 : 28} textAnchor="middle" fontSize="2.2" fill="currentColor" opacity="0.7">
            {grouped(plan.applied_height ?? plan.height)}
          </text>
        </g>
      ))}
    </svg>
  );
}
