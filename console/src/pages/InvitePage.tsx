import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import type { RoutePageProps } from '../routes/types';
import EmptyState from './EmptyState';

/** Remembers the inviter's share code for registration; the invitation screen itself comes later. */
const InvitePage = ({ route }: RoutePageProps) => {
  const { shareCode } = useParams();
  useEffect(() => {
    if (shareCode) localStorage.setItem('shareCode', shareCode);
  }, [shareCode]);
  return <EmptyState route={route} />;
};

export default InvitePage;
