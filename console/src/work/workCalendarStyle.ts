import type { SxProps, Theme } from '@mui/material';

/** FullCalendar in the console's look: quiet buttons, the primary colour for the chosen view, readable lists. */
export const calendarSx = (phone: boolean): SxProps<Theme> => ({
  '& .fc': { fontSize: phone ? 13 : 14 },
  '& .fc .fc-toolbar-title': { fontSize: phone ? 16 : 20 },
  '& .fc .fc-toolbar': { flexWrap: 'wrap', gap: 1 },
  '& .fc .fc-button': { textTransform: 'none', fontSize: phone ? 13 : 14 },
  '& .fc .fc-button-primary': {
    bgcolor: 'background.paper',
    color: 'text.primary',
    borderColor: 'divider',
  },
  '& .fc .fc-button-primary:not(:disabled).fc-button-active, & .fc .fc-button-primary:not(:disabled):active': {
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
    borderColor: 'primary.main',
  },
  '& .fc .fc-day-today': { bgcolor: 'action.hover' },
  // FullCalendar fades other months' day numbers to 1.9:1; the secondary grey still reads as "not this month"
  '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1, color: 'text.secondary' },
  '& .fc .fc-timegrid-col.fc-day-today': { bgcolor: 'action.hover' },
  '& .fc-event': { cursor: 'pointer' },
  '& .fc-daygrid-event, & .fc-timegrid-event .fc-event-main': { px: 0.5 },
  '& .fc a': { color: 'inherit', textDecoration: 'none' },
  // half an hour is one line high: the time and the title side by side, the title cut at the end
  '& .fc-timegrid-event-short .work-hour-block': {
    display: 'flex',
    gap: 0.5,
    whiteSpace: 'nowrap',
    '& > :last-of-type': { overflow: 'hidden', textOverflow: 'ellipsis' },
  },
  '& .fc .fc-list-event td': { verticalAlign: 'top', py: 1 },
  '& .fc .fc-list-event-dot': { mt: 0.75 },
  '& .fc .fc-list-day-cushion': { bgcolor: 'action.hover' },
  '& .work-task-done .fc-event-title, & .fc-list-event.work-task-done [data-testid="work-list-title"]': {
    textDecoration: 'line-through',
  },
});
