import { createContext, type Dispatch, type ReactNode, useContext, useReducer } from 'react';
import { type FrameEvent, type FramesState, framesReducer, initialFramesState } from './frameState';

const FramesContext = createContext<[FramesState, Dispatch<FrameEvent>]>([initialFramesState, () => undefined]);

/** Holds the page-visibility store for the layout's lifetime, so frames outlive the pages that show them. */
export const FramesProvider = ({ children }: { children: ReactNode }) => {
  const value = useReducer(framesReducer, initialFramesState);
  return <FramesContext.Provider value={value}>{children}</FramesContext.Provider>;
};

export const useFrames = () => useContext(FramesContext);
