// For component tests: axe's WCAG 2.1 A/AA rules on a rendered part of the page, as the journeys run
// them on whole pages (e2e/fixtures.ts). Colour contrast needs a real renderer: the journeys check it.
import axe from 'axe-core';

/** Each violation as 'rule: the nodes', so a failing test says what and where. */
export async function axeViolations(node: Element): Promise<string[]> {
  const results = await axe.run(node, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
