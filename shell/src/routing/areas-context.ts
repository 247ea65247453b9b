import { createContext, useContext } from 'react';
import type { RemoteAreas } from '../federation/remote-areas';

export const AreasContext = createContext<RemoteAreas | null>(null);

export function useAreas(): RemoteAreas {
  const areas = useContext(AreasContext);
  if (!areas) throw new Error('useAreas outside the shell');
  return areas;
}
