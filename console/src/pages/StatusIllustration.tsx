import { Box } from '@mui/material';

/** Drawn in the theme's primary colour: a page lost under a magnifier (404), a locked door (401). */
export const StatusIllustration = ({ status }: { status: '404' | '401' }) => (
  <Box
    component="svg"
    viewBox="0 0 240 200"
    aria-hidden="true"
    sx={{ width: { xs: 200, md: 280 }, height: 'auto', color: 'primary.main', flexShrink: 0 }}
  >
    <ellipse cx="120" cy="184" rx="92" ry="10" fill="currentColor" opacity="0.08" />
    {status === '404' ? <LostPage /> : <LockedDoor />}
  </Box>
);

const LostPage = () => (
  <g>
    <path d="M60 30 h76 l28 28 v118 h-104 z" fill="#fff" stroke="currentColor" strokeWidth="3" />
    <path d="M136 30 v28 h28" fill="none" stroke="currentColor" strokeWidth="3" />
    {[80, 96, 112].map((y) => (
      <rect key={y} x="76" y={y} width={y === 112 ? 40 : 64} height="6" rx="3" fill="currentColor" opacity="0.2" />
    ))}
    <text x="92" y="160" fontSize="34" fontWeight="700" fill="currentColor" opacity="0.35" textAnchor="middle">
      ?
    </text>
    <circle cx="160" cy="128" r="30" fill="#fff" fillOpacity="0.6" stroke="currentColor" strokeWidth="6" />
    <path d="M181 150 l26 26" stroke="currentColor" strokeWidth="10" strokeLinecap="round" />
    <path d="M148 116 a16 16 0 0 1 16 -6" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.5" />
  </g>
);

const LockedDoor = () => (
  <g>
    <rect x="70" y="24" width="100" height="156" rx="6" fill="#fff" stroke="currentColor" strokeWidth="3" />
    <rect x="84" y="40" width="72" height="56" rx="3" fill="currentColor" opacity="0.12" />
    <rect x="84" y="108" width="72" height="56" rx="3" fill="currentColor" opacity="0.12" />
    <path d="M104 112 v-14 a16 16 0 0 1 32 0 v14" fill="none" stroke="currentColor" strokeWidth="7" />
    <rect x="94" y="110" width="52" height="42" rx="6" fill="currentColor" />
    <circle cx="120" cy="127" r="6" fill="#fff" />
    <rect x="117.5" y="128" width="5" height="12" rx="2" fill="#fff" />
  </g>
);
