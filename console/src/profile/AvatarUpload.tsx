import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { MAX_IMAGE_BYTES, uploadImage } from '../api/upload';
import { PersonAvatar } from '../avatar/PersonAvatar';
import { useSessionUser } from '../session/session';

/** The avatar with its upload (images only, with progress); the form's `avatar` takes the uploaded image's URL. */
export const AvatarUpload = ({ onUploading }: { onUploading: (uploading: boolean) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { setValue } = useFormContext();
  const avatar: string = useWatch({ name: 'avatar' }) ?? '';
  const nickname: string = useWatch({ name: 'nickname' }) ?? '';
  const trueName: string = useWatch({ name: 'trueName' }) ?? '';
  const userId = useSessionUser()?.userId;
  const [progress, setProgress] = useState<number | null>(null);
  // the chosen file is shown while it travels; the server's URL replaces it once stored
  const [preview, setPreview] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again is a new choice
    if (!file) return;
    if (!file.type.startsWith('image/')) return notify('app.profile.image_only', { type: 'error' });
    if (file.size > MAX_IMAGE_BYTES) return notify('app.profile.image_too_big', { type: 'error' });
    const local = URL.createObjectURL(file);
    setPreview(local);
    setProgress(0);
    onUploading(true);
    try {
      const { url } = await uploadImage(file, setProgress);
      setValue('avatar', url, { shouldDirty: true });
    } catch {
      // the upload has shown the server's message
    } finally {
      URL.revokeObjectURL(local);
      setPreview(null);
      setProgress(null);
      onUploading(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, width: 200 }}>
      <PersonAvatar
        id={userId}
        name={trueName.trim() || nickname}
        src={preview ?? avatar}
        size={112}
        data-testid="profile-avatar"
      />
      <Button
        component="label"
        variant="outlined"
        size="small"
        startIcon={<PhotoCameraIcon />}
        disabled={progress !== null}
      >
        {translate('app.profile.change_avatar')}
        <input type="file" accept="image/*" hidden onChange={choose} data-testid="avatar-file" />
      </Button>
      {progress !== null && (
        <Box sx={{ width: '100%' }} data-testid="avatar-progress">
          <LinearProgress variant="determinate" value={progress} />
          <Typography variant="caption" color="text.secondary">
            {translate('app.profile.uploading_progress', { percent: progress })}
          </Typography>
        </Box>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        {translate('app.profile.avatar_hint')}
      </Typography>
    </Box>
  );
};
