import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { getTeamId, useSessionUser, useTeamId } from '../session/session';
import { TeamCheckDialog } from './TeamCheckDialog';
import { TeamGuideDialog } from './TeamGuideDialog';
import { useTeamInitCheck } from './teamApi';
import { takeTeamCheckTurn } from './teamCheckSchedule';

const TeamGuideContext = createContext<{ openGuide: () => void }>({ openGuide: () => undefined });

/** Opens the team guide dialog (the user panel's 'create new team', the team layout's 'create team'). */
export const useTeamGuide = () => useContext(TeamGuideContext);

/**
 * The signed-in layout's team dialogs. When the layout opens, the server's teamInitCheck decides: no team and none
 * selected shows the guide (SPEC §4), otherwise the team check shows if its 24 h have passed (SPEC §2.4).
 */
export const TeamDialogsProvider = ({ children }: { children: ReactNode }) => {
  const user = useSessionUser();
  const teamId = useTeamId();
  const initCheck = useTeamInitCheck(teamId, Boolean(user));
  const [guideOpen, setGuideOpen] = useState(false);
  const [checkOpen, setCheckOpen] = useState(false);
  const decided = useRef(false);

  useEffect(() => {
    const check = initCheck.data;
    if (!check || decided.current) return;
    decided.current = true;
    if (check.isEmptyTeam) {
      if (!getTeamId()) setGuideOpen(true);
    } else if (takeTeamCheckTurn()) {
      setCheckOpen(true);
    }
  }, [initCheck.data]);

  const value = useMemo(() => ({ openGuide: () => setGuideOpen(true) }), []);
  return (
    <TeamGuideContext.Provider value={value}>
      {children}
      {user && <TeamGuideDialog open={guideOpen} onClose={() => setGuideOpen(false)} templates={initCheck.data} />}
      {user && initCheck.data && !initCheck.data.isEmptyTeam && (
        <TeamCheckDialog open={checkOpen} onClose={() => setCheckOpen(false)} check={initCheck.data} />
      )}
    </TeamGuideContext.Provider>
  );
};
