import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { RoutePageProps } from '../navigation/types';
import { useFrames } from './FramesProvider';

/**
 * The route of an embedded page: opening it activates its frame (which creates it when it is not there), leaving
 * it deactivates it. The frame itself lives in the layout's FrameBox, so what the user did inside it survives a
 * visit to another tab.
 */
const FramePage = ({ route }: RoutePageProps) => {
  const [, dispatch] = useFrames();
  const [searchParams] = useSearchParams();
  const query = searchParams.toString();
  const id = route.fullPath;

  useEffect(() => {
    dispatch({ type: 'activated', id, params: Object.fromEntries(new URLSearchParams(query)) });
    return () => dispatch({ type: 'deactivated', id });
  }, [id, query, dispatch]);

  return null;
};

export default FramePage;
