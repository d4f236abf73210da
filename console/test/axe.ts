// One accessibility check for the e2e suites: axe-core's WCAG 2.1 A/AA rules, colour contrast included (ADR 16),
// keeping the serious and critical violations.
import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

export async function seriousViolations(
  page: Page,
  scope: { include?: string; exclude?: string } = {},
): Promise<Result[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const { violations } = await builder.analyze();
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** A violation in one line: the rule and where (with the colours, for contrast). */
export const describeViolation = (violation: Result) =>
  `${violation.id}: ${violation.nodes
    .map((node) => {
      const colours = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      const where = node.target.join(' ');
      return colours?.fgColor ? `${where} (${colours.fgColor} on ${colours.bgColor}, ${colours.contrastRatio})` : where;
    })
    .join(', ')}`;
