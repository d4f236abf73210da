import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RoutePageProps } from '../routes/types';
import { useFrames } from './FramesProvider';

/**
 * The route of an embedded page: opening it creates its frame or shows it again, leaving it hides it. The frame
 * itself lives in the layout's FrameBox, so what the user did inside it survives a visit to another tab.
 */
const FramePage = ({ route }: RoutePageProps) => {
  const [{ frames }, dispatch] = useFrames();
  const [searchParams] = useSearchParams();
  const query = searchParams.toString();
  const id = route.fullPath;
  const enabled = useRef(frames[id]?.enable);
  enabled.current = frames[id]?.enable;

  useEffect(() => {
    const params = Object.fromEntries(new URLSearchParams(query));
    dispatch({ type: enabled.current ? 'activated' : 'created', id, params });
    return () => dispatch({ type: 'deactivated', id });
  }, [id, query, dispatch]);

  return null;
};

export default FramePage;
