import type { DatesSetArg, EventContentArg, EventDropArg, EventInput } from '@fullcalendar/core';
import zhCnLocale from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Box, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { formatTime } from '../dates';
import { homeKeys, type MyTask } from '../home/homeApi';
import { dueBucket, isOpen } from '../home/period';
import { taskLink } from '../home/useTaskStep';
import { MOBILE } from '../layout/responsive';
import { taskCall, taskKeys } from '../tasks/taskApi';
import { calendarView, type Layout, layoutOfView, listTime, modeOfView, taskSlot } from './calendarViews';
import { rescheduled, type Shift } from './grouping';
import type { WorkLayout } from './layout';
import { calendarSx } from './workCalendarStyle';

interface WorkCalendarProps {
  teamId: number;
  tasks: MyTask[];
  layout: WorkLayout;
  onLayout: (change: Partial<WorkLayout>) => void;
  now: number;
}

/** 24-hour times in both languages, as a Chinese team reads a schedule. */
const HOURS = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/**
 * My tasks with a start or due date (FullCalendar). A desktop shows the month as day cells and the week as hours;
 * a phone lists the month or week by day, so whole titles read. Dragging a task moves both its times, dragging its
 * end edge moves its end; either is saved with task/updatePreTime, undone if refused.
 */
export const WorkCalendar = ({ teamId, tasks, layout, onLayout, now }: WorkCalendarProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const phone = useMediaQuery(MOBILE);
  const [locale] = useLocaleState();
  const zh = locale.toLowerCase().startsWith('zh');
  const view = calendarView(layout.calendar, phone);
  const shape: Layout = layoutOfView(view);
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
        const slot = taskSlot(task, shape);
        if (!slot) return [];
        const done = !isOpen(task.status);
        const overdue = !done && dueBucket(task.endTime, now) === 'overdue';
        const colour = done
          ? theme.palette.grey[500]
          : overdue
            ? theme.palette.error.main
            : task.status === 'in_progress'
              ? theme.palette.primary.main
              : theme.palette.info.main;
        const movable = shape !== 'list' && task.status !== 'closed';
        return [
          {
            id: String(task.taskId),
            title: task.name,
            start: new Date(slot.start),
            end: slot.end > slot.start ? new Date(slot.end) : undefined,
            allDay: slot.allDay,
            backgroundColor: colour,
            borderColor: colour,
            startEditable: movable,
            durationEditable: movable && Boolean(task.startTime && task.endTime),
            classNames: ['work-task-event', done ? 'work-task-done' : ''],
          },
        ];
      }),
    [tasks, now, theme, shape],
  );
  const unscheduled = tasks.length - events.length;

  const save = async (taskId: string, move: Shift, stretch: Shift, revert: () => void) => {
    const task = byId.get(taskId);
    if (!task) return revert();
    try {
      await taskCall('updatePreTime', {
        projectId: task.projectId,
        taskId: task.taskId,
        ...rescheduled(task, move, stretch),
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
  const onDrop = (info: EventDropArg) => void save(info.event.id, info.delta, {}, info.revert);
  const onResize = (info: EventResizeDoneArg) => void save(info.event.id, info.startDelta, info.endDelta, info.revert);
  const onDates = (info: DatesSetArg) => {
    const calendar = modeOfView(info.view.type);
    if (calendar !== layout.calendar) onLayout({ calendar });
  };
  // a list row: the whole title, then the project and what the day means for the task (starts, due, under way)
  const listRow = (task: MyTask, arg: EventContentArg) => {
    const time = listTime(task, arg.isStart, arg.isEnd, formatTime);
    return (
      <Box sx={{ minWidth: 0 }}>
        <Box component="span" sx={{ fontWeight: 500, wordBreak: 'break-word' }} data-testid="work-list-title">
          {task.name}
        </Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {task.projectName} · {translate(time.key, time.args)}
        </Typography>
      </Box>
    );
  };
  // a block on the hours: its times (a start or a deadline alone says which), then as much of the title as fits
  const hourBlock = (task: MyTask, arg: EventContentArg) => {
    const alone = listTime(task, true, true, formatTime);
    return (
      <Box className="work-hour-block" sx={{ overflow: 'hidden', lineHeight: 1.3, height: '100%' }}>
        <Box sx={{ fontSize: 11, whiteSpace: 'nowrap' }}>
          {task.startTime && task.endTime ? arg.timeText : translate(alone.key, alone.args)}
        </Box>
        <Box sx={{ fontWeight: 500 }}>{task.name}</Box>
      </Box>
    );
  };
  const content = (arg: EventContentArg) => {
    const task = byId.get(arg.event.id);
    if (task && shape === 'list') return listRow(task, arg);
    if (task && shape === 'hours' && !arg.event.allDay) return hourBlock(task, arg);
    return true; // FullCalendar's own
  };

  const hint = shape === 'list' ? 'list_hint' : shape === 'hours' ? 'week_hint' : 'calendar_hint';
  return (
    <Box ref={frame} data-testid="work-calendar" data-view={view} sx={calendarSx(phone)}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(`app.work.${hint}`)}
        {unscheduled > 0 && ` ${translate('app.work.unscheduled', { smart_count: unscheduled })}`}
      </Typography>
      <FullCalendar
        // a phone turned sideways past the breakpoint changes the kind of view: a new calendar
        key={phone ? 'phone' : 'desktop'}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={view}
        locales={[zhCnLocale]}
        locale={zh ? 'zh-cn' : 'en'}
        firstDay={1}
        // the week's hours scroll inside the card, opened at the working day; the rest as tall as they are
        height={shape === 'hours' ? 720 : 'auto'}
        scrollTime="08:00:00"
        headerToolbar={{
          left: 'prev,next today',
          center: 'title',
          right: `${calendarView('month', phone)},${calendarView('week', phone)}`,
        }}
        buttonText={{
          today: translate('app.work.today'),
          month: translate('app.work.month'),
          week: translate('app.work.week'),
        }}
        views={{
          listMonth: { buttonText: translate('app.work.month') },
          listWeek: { buttonText: translate('app.work.week') },
        }}
        slotLabelFormat={HOURS}
        eventTimeFormat={HOURS}
        allDayText={translate('app.work.multi_day')}
        noEventsText={translate('app.work.no_dated_tasks')}
        nowIndicator
        events={events}
        editable
        eventAllow={(span, dragged) => span.allDay === Boolean(dragged?.allDay)}
        dayMaxEvents={4}
        displayEventTime={shape === 'hours'}
        eventContent={content}
        slotEventOverlap={false}
        eventDrop={onDrop}
        eventResize={onResize}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          const task = byId.get(info.event.id);
          if (task) navigate(taskLink(task));
        }}
        datesSet={onDates}
        eventDidMount={(info) => {
          info.el.setAttribute('data-task-id', info.event.id);
          // a grid cuts long titles: the whole one on hover
          const task = byId.get(info.event.id);
          if (task && shape !== 'list') info.el.setAttribute('title', `${task.name} · ${task.projectName}`);
        }}
        // a day cell is named by its date link, yet it holds the tasks too: the link alone carries the date
        dayCellDidMount={(info) => info.el.removeAttribute('aria-labelledby')}
      />
    </Box>
  );
};
