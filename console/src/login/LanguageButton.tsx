import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { useLoginKit } from './kit';

/** The console's two languages (the i18nProvider's list). */
export const LANGUAGES = [
  { locale: 'zh-CN', name: '简体中文' },
  { locale: 'en', name: 'English' },
];

// MUI's Menu (Popover, Modal) loads on the first click: it is not part of the login page's first script.
const LanguageMenu = lazy(() => import('./LanguageMenu'));

/** react-admin's LocalesMenuButton, drawn the same way, for the pages before signing in. */
export const LanguageButton = () => {
  const { locale, setLocale } = useLoginKit();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (event: MouseEvent<HTMLElement>) => {
    setOpened(true);
    setAnchor(event.currentTarget);
  };
  return (
    <span>
      <Button
        color="inherit"
        variant="text"
        aria-controls="simple-menu"
        aria-haspopup="true"
        onClick={open}
        startIcon={<TranslateIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {LANGUAGES.find((language) => language.locale === locale)?.name ?? ''}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguageMenu
            anchor={anchor}
            locale={locale}
            onClose={() => setAnchor(null)}
            onChoose={(chosen) => {
              setAnchor(null);
              setLocale(chosen);
            }}
          />
        </Suspense>
      )}
    </span>
  );
};
