import { Avatar, type SxProps, type Theme } from '@mui/material';
import { avatarColor, avatarText } from './avatarModel';

export interface PersonAvatarProps {
  /** The person's id: it picks their colour. */
  id?: number | string | null;
  name: string | null | undefined;
  /** Their uploaded picture, when they have one. */
  src?: string | null;
  size?: number;
  /** Shown on hover (task cards show the assignee's name this way). */
  title?: string;
  sx?: SxProps<Theme>;
  'data-testid'?: string;
}

/** Everyone's avatar: their picture, or their own colour and the end of their name. */
export const PersonAvatar = ({ id, name, src, size = 28, title, sx, ...rest }: PersonAvatarProps) => {
  const text = avatarText(name);
  // two characters need a smaller type than one to stay inside the circle
  const fontSize = size * ([...text].length > 1 ? 0.38 : 0.46);
  return (
    <Avatar
      src={src || undefined}
      alt=""
      title={title}
      // beside a written name it is decoration; alone (a card's assignee) it carries the name
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      data-testid={rest['data-testid']}
      sx={[
        {
          width: size,
          height: size,
          fontSize,
          fontWeight: 500,
          whiteSpace: 'nowrap',
          bgcolor: avatarColor(id, name ?? ''),
          color: '#fff',
        },
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    >
      {text}
    </Avatar>
  );
};
