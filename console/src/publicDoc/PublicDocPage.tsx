import LinkOffIcon from '@mui/icons-material/LinkOff';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Avatar,
  Box,
  Chip,
  InputAdornment,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import {
  publicSearch,
  publicStructure,
  publishingKeys,
  type ShareLinkInfo,
  shareInfo,
} from '../knowledge/publishing/publishingApi';
import { MethodTag } from '../knowledge/workspace/DocTree';
import { formatMinute } from '../utils/formatTime';
import PasswordPrompt from './PasswordPrompt';
import PublicDocView from './PublicDocView';
import PublicTree from './PublicTree';
import { forgetAccess, PASSWORD_NEEDED, readAccess, saveAccess } from './shareAccess';

/** /doc/share/:docId and /doc/share/:docId/:id: a share link's documents, read without an account (SPEC §2.1). */
export default function PublicDocPage() {
  const { docId: token = '', id } = useParams();
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.share.public.${key}`, options);
  const [access, setAccess] = useState(() => readAccess(token));
  // An open is counted once per visit: the info is not asked for again while the page stays.
  const info = useQuery({
    queryKey: publishingKeys.shareInfo(token),
    queryFn: () => shareInfo(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (info.data?.projectName) document.title = info.data.projectName;
  }, [info.data?.projectName]);

  let body: React.ReactNode;
  if (info.isPending) body = <LinearProgress aria-label={t('loading')} />;
  else if (info.error || !info.data) body = <Gone />;
  else if (info.data.needsPassword && !access)
    body = (
      <PasswordPrompt
        token={token}
        onUnlocked={(granted, expiresAt) => {
          saveAccess(token, granted, expiresAt);
          setAccess(granted);
        }}
      />
    );
  else
    body = (
      <Reader
        token={token}
        access={access}
        selected={Number(id) || 0}
        onLocked={() => {
          forgetAccess(token);
          setAccess('');
        }}
      />
    );

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      {info.data && <Header info={info.data} />}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{body}</Box>
    </Box>
  );
}

function Header({ info }: { info: ShareLinkInfo }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.share.public.${key}`, options);
  return (
    <Paper
      square
      elevation={0}
      sx={{ px: 3, py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 1.5 }}
    >
      <Avatar variant="rounded" src={info.logo || undefined} sx={{ width: 32, height: 32, bgcolor: 'primary.main' }}>
        {info.projectName.slice(0, 1)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle1" fontWeight={700} noWrap data-testid="share-project-name">
          {info.projectName}
        </Typography>
        {info.name && (
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {info.name}
          </Typography>
        )}
      </Box>
      {info.versionName && <Chip size="small" label={t('version', { name: info.versionName })} />}
      {!!info.expiresAt && (
        <Typography variant="caption" color="text.secondary">
          {t('expires', { time: formatMinute(info.expiresAt) })}
        </Typography>
      )}
      <Chip size="small" variant="outlined" label={t('read_only')} />
    </Paper>
  );
}

function Gone() {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.share.public.${key}`);
  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 480, mx: 'auto', mt: 10, p: 4, textAlign: 'center' }}
      data-testid="share-gone"
    >
      <LinkOffIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} />
      <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
        {t('gone_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('gone_hint')}
      </Typography>
    </Paper>
  );
}

/** What a keyword finds, a moment after typing stops. */
function useSettled(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function Reader(props: { token: string; access: string; selected: number; onLocked(): void }) {
  const { token, access, selected, onLocked } = props;
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.share.public.${key}`);
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const settled = useSettled(keyword.trim());
  const tree = useQuery({
    queryKey: publishingKeys.publicTree(token, access),
    queryFn: () => publicStructure(token, access),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const hits = useQuery({
    queryKey: publishingKeys.publicSearch(token, settled, access),
    queryFn: () => publicSearch(token, settled, access),
    enabled: settled.length > 0,
    retry: false,
  });
  const locked = tree.error?.message === PASSWORD_NEEDED;
  useEffect(() => {
    if (locked) onLocked();
  }, [locked, onLocked]);

  if (tree.isPending) return <LinearProgress />;
  if (tree.error) return locked ? null : <Gone />;
  const nodes = tree.data?.nodes ?? [];
  const firstDoc = nodes.find((node) => node.kind !== 'folder');
  const current = selected || firstDoc?.projectStructureId || 0;
  const open = (projectStructureId: number) => navigate(`/doc/share/${token}/${projectStructureId}`);

  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: { xs: 'column', md: 'row' }, minHeight: 0 }}>
      <Box
        component="nav"
        sx={(theme) => ({
          flex: 'none',
          bgcolor: 'background.paper',
          p: 1.5,
          overflow: 'auto',
          borderBottom: `1px solid ${theme.palette.divider}`,
          [theme.breakpoints.up('md')]: {
            width: 300,
            borderBottom: 0,
            borderRight: `1px solid ${theme.palette.divider}`,
          },
        })}
      >
        <TextField
          fullWidth
          size="small"
          placeholder={t('search')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          inputProps={{ 'aria-label': t('search'), maxLength: 100 }}
          InputProps={{
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          }}
          sx={{ mb: 1 }}
        />
        {settled ? (
          hits.isPending ? (
            <LinearProgress />
          ) : (hits.data?.list ?? []).length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
              {t('search_empty')}
            </Typography>
          ) : (
            <List dense aria-label={t('search')} data-testid="share-hits">
              {hits.data?.list.map((hit) => (
                <ListItemButton
                  key={hit.projectStructureId}
                  selected={hit.projectStructureId === current}
                  onClick={() => open(hit.projectStructureId)}
                  sx={{ gap: 1, borderRadius: 1 }}
                >
                  {hit.kind === 'api' && <MethodTag method={hit.method} />}
                  <ListItemText
                    primary={hit.name}
                    secondary={hit.snippet === hit.name ? hit.path : hit.snippet}
                    secondaryTypographyProps={{ noWrap: true }}
                  />
                </ListItemButton>
              ))}
            </List>
          )
        ) : nodes.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
            {t('tree_empty')}
          </Typography>
        ) : (
          <PublicTree
            nodes={nodes}
            selected={current}
            label={t('tree')}
            onOpen={(node) => open(node.projectStructureId)}
          />
        )}
      </Box>
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 4 }, overflow: 'auto' }}>
        {current ? (
          <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
            <PublicDocView
              key={current}
              token={token}
              access={access}
              projectStructureId={current}
              onLocked={onLocked}
            />
          </Box>
        ) : (
          <Alert severity="info">{t('pick')}</Alert>
        )}
      </Box>
    </Box>
  );
}
