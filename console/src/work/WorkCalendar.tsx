import type { DatesSetArg, EventDropArg, EventInput } from '@fullcalendar/core';
import zhCnLocale from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import { Box, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { homeKeys, type MyTask } from '../home/homeApi';
import { dueBucket } from '../home/period';
import { taskLink } from '../home/useTaskStep';
import { taskCall, taskKeys } from '../tasks/taskApi';
import { calendarSpan, daysBetween, rescheduled } from './grouping';
import type { WorkLayout } from './layout';

const VIEWS = { month: 'dayGridMonth', week: 'dayGridWeek' } as const;

interface WorkCalendarProps {
  teamId: number;
  tasks: MyTask[];
  layout: WorkLayout;
  onLayout: (change: Partial<WorkLayout>) => void;
  now: number;
}

/**
 * My tasks with a start or due date on a month or week calendar (FullCalendar, all-day spans). Dragging a task moves
 * both its dates, dragging its end edge moves its end; either is saved with task/updatePreTime, undone if refused.
 */
export const WorkCalendar = ({ teamId, tasks, layout, onLayout, now }: WorkCalendarProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [locale] = useLocaleState();
  const zh = locale.toLowerCase().startsWith('zh');
  const frame = useRef<HTMLDivElement>(null);
  // the arrows' icons are drawn by a font and named by their buttons' hints: hidden from assistive technology
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    const hide = () => {
      for (const icon of root.querySelectorAll('.fc-icon:not([aria-hidden])')) icon.setAttribute('aria-hidden', 'true');
    };
    hide();
    const observer = new MutationObserver(hide);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  const byId = useMemo(() => new Map(tasks.map((task) => [String(task.taskId), task])), [tasks]);

  const events: EventInput[] = useMemo(
    () =>
      tasks.flatMap((task) => {
        const span = calendarSpan(task);
        if (!span) return [];
        const done = !['todo', 'in_progress', 'paused'].includes(task.status);
        const overdue = !done && dueBucket(task.endTime, now) === 'overdue';
        const colour = done
          ? theme.palette.grey[500]
          : overdue
            ? theme.palette.error.main
            : task.status === 'in_progress'
              ? theme.palette.primary.main
              : theme.palette.info.main;
        return [
          {
            id: String(task.taskId),
            title: task.name,
            start: new Date(span.start),
            end: new Date(span.end),
            allDay: true,
            backgroundColor: colour,
            borderColor: colour,
            editable: task.status !== 'closed',
            durationEditable: Boolean(task.startTime && task.endTime) && task.status !== 'closed',
            classNames: ['work-task-event'],
          },
        ];
      }),
    [tasks, now, theme],
  );
  const unscheduled = tasks.length - events.length;

  const save = async (taskId: string, startDays: number, endDays: number, revert: () => void) => {
    const task = byId.get(taskId);
    if (!task || (!startDays && !endDays)) return;
    try {
      await taskCall('updatePreTime', {
        projectId: task.projectId,
        taskId: task.taskId,
        ...rescheduled(task, startDays, endDays),
      });
      notify('app.work.rescheduled', { type: 'success', messageArgs: { name: task.name } });
    } catch {
      revert(); // the request client has shown the server's message
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: homeKeys.all(teamId) }),
        queryClient.invalidateQueries({ queryKey: taskKeys.project(task.projectId) }),
      ]);
    }
  };
  const onDrop = (info: EventDropArg) => {
    const { event, oldEvent } = info;
    if (!event.start || !oldEvent.start) return info.revert();
    void save(event.id, daysBetween(oldEvent.start.getTime(), event.start.getTime()), 0, info.revert);
  };
  const onResize = (info: EventResizeDoneArg) => {
    const { event, oldEvent } = info;
    if (!event.end || !oldEvent.end) return info.revert();
    void save(event.id, 0, daysBetween(oldEvent.end.getTime(), event.end.getTime()), info.revert);
  };
  const onDates = (info: DatesSetArg) => {
    const calendar = info.view.type === VIEWS.week ? 'week' : 'month';
    if (calendar !== layout.calendar) onLayout({ calendar });
  };

  return (
    <Box
      ref={frame}
      data-testid="work-calendar"
      sx={{
        '& .fc': { fontSize: phone ? 12 : 14 },
        '& .fc .fc-toolbar-title': { fontSize: phone ? 16 : 20 },
        '& .fc .fc-toolbar': { flexWrap: 'wrap', gap: 1 },
        '& .fc .fc-button': { textTransform: 'none', fontSize: phone ? 12 : 14 },
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
        '& .fc-event': { cursor: 'pointer', px: 0.5 },
        '& .fc a': { color: 'inherit', textDecoration: 'none' },
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.work.calendar_hint')}
        {unscheduled > 0 && ` ${translate('app.work.unscheduled', { smart_count: unscheduled })}`}
      </Typography>
      <FullCalendar
        plugins={[dayGridPlugin, interactionPlugin]}
        initialView={VIEWS[layout.calendar]}
        locales={[zhCnLocale]}
        locale={zh ? 'zh-cn' : 'en'}
        firstDay={1}
        height="auto"
        headerToolbar={{ left: 'prev,next today', center: 'title', right: `${VIEWS.month},${VIEWS.week}` }}
        buttonText={{
          today: translate('app.work.today'),
          month: translate('app.work.month'),
          week: translate('app.work.week'),
        }}
        events={events}
        editable
        eventStartEditable
        dayMaxEvents={phone ? 2 : 4}
        eventDrop={onDrop}
        eventResize={onResize}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          const task = byId.get(info.event.id);
          if (task) navigate(taskLink(task));
        }}
        datesSet={onDates}
        eventDidMount={(info) => info.el.setAttribute('data-task-id', info.event.id)}
        // a day cell is named by its date link, yet it holds the tasks too: the link alone carries the date
        dayCellDidMount={(info) => info.el.removeAttribute('aria-labelledby')}
      />
    </Box>
  );
};
