import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, ButtonBase } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { POSTER_COUNT } from '../utils/defaultPoster';

/** SPEC §9: the nine default posters (index 0-8), drawn here instead of shipping images. */
const POSTERS: [string, string][] = [
  ['#1890ff', '#36cfc9'],
  ['#722ed1', '#eb2f96'],
  ['#fa8c16', '#fadb14'],
  ['#13c2c2', '#52c41a'],
  ['#2f54eb', '#722ed1'],
  ['#f5222d', '#fa8c16'],
  ['#08979c', '#1890ff'],
  ['#531dab', '#2f54eb'],
  ['#d4380d', '#eb2f96'],
];

const colours = (index: number) => POSTERS[((index % POSTER_COUNT) + POSTER_COUNT) % POSTER_COUNT] ?? POSTERS[0]!;

interface TeamPosterProps {
  index: number;
  /** Its first character is drawn on the poster. */
  name?: string;
  width?: number | string;
  height?: number | string;
  rounded?: number;
}

/** A gradient poster with a few shapes whose layout also varies with the index. */
export const TeamPoster = ({ index, name, width = '100%', height = 120, rounded = 1 }: TeamPosterProps) => {
  // url(#id) needs a plain id; React's ids carry punctuation.
  const gradientId = `poster${useId().replace(/[^\w-]/g, '')}`;
  const [from, to] = colours(index);
  const shift = (index % 3) * 40;
  return (
    <Box
      component="svg"
      viewBox="0 0 320 180"
      preserveAspectRatio="xMidYMid slice"
      // a picture of the name beside it: named when it has one, else decoration
      {...(name ? { role: 'img', 'aria-label': name } : { 'aria-hidden': true })}
      data-poster={index}
      sx={{ width, height, display: 'block', borderRadius: rounded, flexShrink: 0 }}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor={from} />
          <stop offset="100%" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#${gradientId})`} />
      <circle cx={250 - shift} cy={40 + shift / 2} r="70" fill="#fff" opacity="0.12" />
      <circle cx={60 + shift} cy="170" r="55" fill="#fff" opacity="0.1" />
      <path
        d={`M0 ${140 - shift / 2} Q 160 ${90 + shift} 320 ${120 - shift / 3} L320 180 L0 180 Z`}
        fill="#fff"
        opacity="0.14"
      />
      {name && (
        <text
          x="160"
          y="96"
          textAnchor="middle"
          dominantBaseline="middle"
          fill="#fff"
          fontSize="72"
          fontWeight="700"
          opacity="0.9"
        >
          {[...name][0]}
        </text>
      )}
    </Box>
  );
};

interface PosterPickerProps {
  value: number;
  onChange: (index: number) => void;
  disabled?: boolean;
}

/** The nine posters as a radio group of thumbnails. */
export const PosterPicker = ({ value, onChange, disabled }: PosterPickerProps) => {
  const translate = useTranslate();
  return (
    <Box
      role="radiogroup"
      aria-label={translate('app.team.poster')}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: 1 }}
    >
      {POSTERS.map(([from], index) => {
        const selected = index === value;
        return (
          <ButtonBase
            key={from + String(index)}
            role="radio"
            aria-checked={selected}
            aria-label={translate('app.team.poster_n', { n: index + 1 })}
            disabled={disabled}
            onClick={() => onChange(index)}
            sx={{
              position: 'relative',
              borderRadius: 1,
              outline: selected ? '3px solid' : '1px solid transparent',
              outlineColor: selected ? 'primary.main' : 'transparent',
              outlineOffset: 2,
              opacity: disabled && !selected ? 0.5 : 1,
            }}
          >
            <TeamPoster index={index} height={48} />
            {selected && (
              <CheckCircleIcon sx={{ position: 'absolute', top: 4, right: 4, fontSize: 18, color: '#fff' }} />
            )}
          </ButtonBase>
        );
      })}
    </Box>
  );
};
