// The settings' dates as "2026/11/24 03:37" in the viewer's time zone. Its own helper rather than tasks/formatTime:
// the task screens import the knowledge ones (linked documents), so knowledge must not import tasks back.
const MINUTE_FORMAT = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** Empty for 0 (never set). */
export const formatMinute = (ms: number) => (ms ? MINUTE_FORMAT.format(ms) : '');
