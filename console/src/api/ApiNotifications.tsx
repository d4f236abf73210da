import { useEffect } from 'react';
import { Notification, useNotify } from 'react-admin';
import { subscribeNotices } from './notices';

/** react-admin's notification area, also fed by the request client's toasts. */
export const ApiNotifications = () => {
  const notify = useNotify();
  useEffect(() => subscribeNotices(({ message, type }) => notify(message, { type })), [notify]);
  return <Notification />;
};
