import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES } from './LanguageButton';

interface LanguageMenuProps {
  anchor: HTMLElement | null;
  locale: string;
  onClose: () => void;
  onChoose: (locale: string) => void;
}

/** The language button's menu, a chunk of its own. */
const LanguageMenu = ({ anchor, locale, onClose, onChoose }: LanguageMenuProps) => (
  <Menu id="simple-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
    {LANGUAGES.map((language) => (
      <MenuItem key={language.locale} onClick={() => onChoose(language.locale)} selected={language.locale === locale}>
        {language.name}
      </MenuItem>
    ))}
  </Menu>
);

export default LanguageMenu;
