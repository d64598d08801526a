/** The comparison's store and service, for its components. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { CompareService } from './compareService.js';
import type { CompareState, CompareStore } from './compareSlice.js';

export const CompareContext = createContext<{ store: CompareStore; service: CompareService } | null>(null);

function useCompareContext() {
  const context = useContext(CompareContext);
  if (!context) throw new Error('the comparison is used outside its panel');
  return context;
}

export function useCompare<T>(selector: (state: CompareState) => T): T {
  return useStore(useCompareContext().store, selector);
}

export function useCompareService(): CompareService {
  return useCompareContext().service;
}
