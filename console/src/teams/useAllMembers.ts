import { useQuery } from '@tanstack/react-query';
import { type DataProvider, type SortPayload, useDataProvider } from 'react-admin';
import type { TeamMember } from './teamApi';

/** The gateway pages members by at most 100. */
const PAGE = 100;

/** Every member matching a filter, page after page (the organisation view, the owner picker, exports). */
export async function fetchAllMembers(
  dataProvider: DataProvider,
  filter: Record<string, unknown> = {},
  sort: SortPayload = { field: 'joinedAt', order: 'ASC' },
): Promise<TeamMember[]> {
  const members: TeamMember[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList<TeamMember & { id: number }>('teamUsers', {
      pagination: { page, perPage: PAGE },
      sort,
      filter,
    });
    members.push(...data);
    if (data.length < PAGE || members.length >= (total ?? 0)) return members;
  }
}

export function useAllMembers(teamId: number) {
  const dataProvider = useDataProvider();
  return useQuery({
    // under 'teamUsers' so that switching team drops it with react-admin's own list cache
    queryKey: ['teamUsers', 'all', teamId],
    queryFn: () => fetchAllMembers(dataProvider),
  });
}
