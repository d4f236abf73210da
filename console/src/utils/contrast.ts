import { darken, getContrastRatio } from '@mui/material/styles';

/** WCAG 2.1 AA for body text. */
export const AA_TEXT = 4.5;
/** The surfaces coloured text sits on: cards and dialogs, and the page behind them (SPEC §9's #f0f2f5). */
export const SURFACES = ['#ffffff', '#f0f2f5'] as const;

/**
 * The shade of a colour that text can be written in (and white written on) at AA contrast on every surface: the
 * colour itself when it already reads, else the lightest darker shade that does. SPEC §9's default #409EFF reads
 * 2.8:1 on white, so links, tabs and buttons in it failed AA (ADR 16); the chosen colour stays the setting. The
 * margin over 4.5 is for MUI's ratio being rounded (a shade it rated 4.5 measured 4.49 in axe).
 */
export function readableShade(colour: string, surfaces: readonly string[] = SURFACES, minimum = AA_TEXT + 0.1): string {
  const reads = (shade: string) => surfaces.every((surface) => getContrastRatio(shade, surface) >= minimum);
  if (reads(colour)) return colour;
  for (let step = 1; step <= 100; step += 1) {
    const shade = darken(colour, step / 100);
    if (reads(shade)) return shade;
  }
  return '#000000';
}
