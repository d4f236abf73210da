import type { SystemInfo } from '@pmbok/api-types';
import { useQuery } from '@tanstack/react-query';
import { request } from '../api/request';

/**
 * How this installation delivers SMS codes. With the console provider (the quick start's default) no text message
 * leaves the server, so the code fields say where the code is printed instead of leaving a newcomer waiting.
 */
export const useSmsDelivery = () =>
  useQuery({
    queryKey: ['system/info'],
    queryFn: () => request<SystemInfo>('system/info', {}, { notify: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  }).data?.smsDelivery;
