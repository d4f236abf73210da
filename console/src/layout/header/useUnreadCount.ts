// The unread count the server pushes over the live connection (SPEC §4, code 200201).
export { useUnreadCount } from '../../live/LiveProvider';
