import { useToast } from '../../components/use-toast';
import { useIntl } from '../../lib/i18n';
import { problemMessage } from '../../lib/problem';
import { download } from './download';

/** A download that says how it went in a toast: the file's name when it is saved, the problem when not. */
export function useToastedDownload() {
  const intl = useIntl();
  const toast = useToast();
  return async (path: string, fallbackName: string, onBytes?: (received: number) => void): Promise<void> => {
    const result = await download(path, fallbackName, onBytes);
    if (result.ok)
      toast({
        message: intl.formatMessage({ id: 'export.downloaded' }, { name: result.name }),
        tone: 'success',
      });
    else toast({ message: problemMessage(result.problem), tone: 'error' });
  };
}
