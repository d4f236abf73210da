import type { MessageCardData } from '../../domain/chatMessage/chatMessage.js';
import type { WorkDirectory } from '../../projections/work/types.js';

/** Cards per message at most: a pasted list of links does not turn into a wall of cards. */
const CARDS_MAX = 5;

/** Console links to a document (`/project/index/<p>?doc=<node>`) or a task (`/task/home/<p>?task=<t>`), with or without a host. */
const LINK =
  /\/(?:project\/index\/(\d{1,16})\?(?:[^\s#]*&)?doc=(\d{1,16})|task\/home\/(\d{1,16})\?(?:[^\s#]*&)?task=(\d{1,16}))/g;

/** The documents and tasks the text links that the sender may see, in the order they appear, each once. */
export async function cardsIn(
  work: WorkDirectory,
  content: string,
  senderId: number,
  teamId: number,
): Promise<MessageCardData[]> {
  const wanted: { kind: 'doc' | 'task'; id: number; projectId: number }[] = [];
  for (const match of content.matchAll(LINK)) {
    const [kind, projectId, id] = match[1]
      ? (['doc', match[1], match[2]] as const)
      : (['task', match[3], match[4]] as const);
    const target = { kind, id: Number(id), projectId: Number(projectId) };
    if (!wanted.some((w) => w.kind === target.kind && w.id === target.id)) wanted.push(target);
    if (wanted.length >= CARDS_MAX) break;
  }
  const cards = await Promise.all(
    wanted.map(async ({ kind, id, projectId }): Promise<MessageCardData | null> => {
      const target = await work.target(kind, id, senderId);
      if (!target || target.teamId !== teamId || target.projectId !== projectId) return null;
      return { kind, id, projectId, title: target.name, subtitle: target.subtitle, link: target.link };
    }),
  );
  return cards.filter((card): card is MessageCardData => card !== null);
}
