import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../components/ui/use-toast';
import type { platformFormatsQuery } from './queries';

/** A tool's format catalogue; a failure to load it is told once, as a toast. */
export function useFormatCatalogue(query: typeof platformFormatsQuery) {
  const result = useQuery(query);
  useEffect(() => {
    if (result.isError)
      toast({
        title: 'Error',
        description: 'Failed to load format options. Please try again later.',
        variant: 'destructive',
      });
  }, [result.isError]);
  return result;
}
