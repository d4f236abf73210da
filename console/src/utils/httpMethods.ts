import { readableShade } from './contrast';

/** An HTTP method's colour, Apifox's: a method reads at a glance (document tree, task drawer). */
const METHOD_HUES: Record<string, string> = {
  GET: '#12b76a',
  POST: '#f79009',
  PUT: '#2e90fa',
  PATCH: '#7a5af8',
  DELETE: '#f04438',
  HEAD: '#0ba5ec',
  OPTIONS: '#667085',
  TRACE: '#667085',
};

// the method is written in its colour: each in the shade that reads at AA (ADR 16; Apifox's orange reads 2.3:1)
const METHOD_COLORS = Object.fromEntries(
  Object.entries(METHOD_HUES).map(([method, hue]) => [method, readableShade(hue)]),
);
const OTHER = readableShade('#667085');

export const methodColor = (method: string) => METHOD_COLORS[method.toUpperCase()] ?? OTHER;

/** The short label of a method in the tree (Apifox shortens DELETE and OPTIONS the same way). */
export const methodLabel = (method: string) => {
  const upper = method.toUpperCase();
  return upper === 'DELETE' ? 'DEL' : upper === 'OPTIONS' ? 'OPT' : upper;
};
